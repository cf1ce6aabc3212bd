import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ArticleFactCheck } from '~/shared/articles/article'
import { FactCheckPanel } from './fact-check-panel'

const check: ArticleFactCheck = {
  numbers: { checked: 1, removed: 0 },
  quotes: { checked: 0, found: [], removed: [] },
  proofreading: [{ rule: 'spelling', before: 'recieve', after: 'receive' }],
  unknownWords: ['crema', 'grinde'],
}
const text = (record: ArticleFactCheck) =>
  renderToStaticMarkup(createElement(FactCheckPanel, { check: record }))
    .replace(/<[^>]+>/g, '\n')
    .replace(/&quot;/g, '"')

describe('FactCheckPanel', () => {
  it('shows a spelling correction among the proofreading fixes and the words left as written', () => {
    const shown = text(check)
    expect(shown).toContain('1 proofreading fix')
    expect(shown).toContain('“recieve” → “receive”')
    expect(shown).toContain('2 possible misspellings left as written: crema, grinde')
  })

  it('says nothing of misspellings when none were left, or the record predates the spelling check', () => {
    expect(text({ ...check, unknownWords: [] })).not.toContain('misspelling')
    const { unknownWords: _omitted, ...older } = check
    expect(text(older)).not.toContain('misspelling')
  })
})
