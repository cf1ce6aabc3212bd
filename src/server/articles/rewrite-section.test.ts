import { describe, expect, it } from 'vitest'
import { sectionSpan } from './rewrite-section'

const markdown = [
  '# Title',
  '',
  'Intro.',
  '',
  '## First',
  '',
  'One.',
  '',
  '### Inside first',
  '',
  'Deeper.',
  '',
  '## Second',
  '',
  '```',
  '## not a heading',
  '```',
  '',
  '## Frequently asked questions',
  '',
  '### First',
  '',
  'An answer.',
].join('\n')

describe('sectionSpan', () => {
  it('spans an h2 to the next h2, its h3s included', () => {
    const lines = markdown.split('\n')
    const span = sectionSpan(markdown, 'First')!
    expect(lines.slice(span.start, span.end).join('\n')).toBe(
      ['## First', '', 'One.', '', '### Inside first', '', 'Deeper.', ''].join('\n'),
    )
    expect(span.level).toBe(2)
  })

  it('spans an h3 to the next heading of its level or above, and skips fenced code', () => {
    const lines = markdown.split('\n')
    const inner = sectionSpan(markdown, 'Inside first')!
    expect(lines.slice(inner.start, inner.end)).toEqual(['### Inside first', '', 'Deeper.', ''])
    const second = sectionSpan(markdown, 'Second')!
    expect(lines.slice(second.start, second.end)).toContain('## not a heading')
  })

  it('never takes an FAQ question or the title for a section', () => {
    const span = sectionSpan(markdown, 'First')!
    expect(span.start).toBe(4)
    expect(sectionSpan(markdown, 'Title')).toBeNull()
    expect(sectionSpan(markdown, 'Frequently asked questions')).toBeNull()
    expect(sectionSpan(markdown, 'Nowhere')).toBeNull()
  })
})
