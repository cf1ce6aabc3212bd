import { describe, expect, it } from 'vitest'
import { diffView } from './article-versions'

describe('diffView', () => {
  it('marks added and removed lines and folds a long unchanged run to its ends', () => {
    const same = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`)
    const before = ['# Old title', ...same, 'Closing.'].join('\n')
    const after = ['# New title', ...same, 'Closing.', 'A new last line.'].join('\n')
    expect(diffView(before, after)).toEqual([
      { kind: 'removed', text: '# Old title' },
      { kind: 'added', text: '# New title' },
      { kind: 'same', text: 'line 1' },
      { kind: 'same', text: 'line 2' },
      { kind: 'skipped', text: '6 unchanged lines' },
      { kind: 'same', text: 'line 9' },
      { kind: 'same', text: 'line 10' },
      { kind: 'removed', text: 'Closing.' },
      { kind: 'added', text: 'Closing.' },
      { kind: 'added', text: 'A new last line.' },
    ])
  })

  it('says nothing changed for the same text', () => {
    expect(diffView('a\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true)
  })
})
