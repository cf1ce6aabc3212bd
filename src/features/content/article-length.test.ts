import { describe, expect, it } from 'vitest'
import { articleLength } from './article-length'

describe('articleLength', () => {
  it('shows the target against the words written, with the target’s origin', () => {
    expect(articleLength({ wordCount: 1512, targetWords: 1450, serpMedianWords: 1450, serpPagesRead: 6 })).toEqual({
      label: 'Target 1,450 words · 1,512 written',
      origin: 'The median of 6 top results (1,450 words).',
    })
    expect(articleLength({ wordCount: 1230, targetWords: 1200, serpMedianWords: 640, serpPagesRead: 8 }).origin).toBe(
      'The median of 8 top results (640 words), raised to your minimum of 1,200.',
    )
  })

  it('shows only the words of an article written before targets', () => {
    expect(articleLength({ wordCount: 812, targetWords: null, serpMedianWords: 900, serpPagesRead: null })).toEqual({
      label: '812 words',
      origin: null,
    })
  })
})
