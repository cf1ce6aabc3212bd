import { describe, expect, it } from 'vitest'
import { proofread } from './proofread'

const fixed = (markdown: string, language?: string) => proofread(markdown, language).markdown
const rules = (markdown: string) => proofread(markdown).fixes.map((fix) => fix.rule)

describe('proofread', () => {
  it('removes a doubled word, but not one doubled on purpose or a name', () => {
    expect(fixed('Grind the the beans just before brewing.')).toBe('Grind the beans just before brewing.')
    expect(fixed('It is is fine.')).toBe('It is is fine.')
    expect(fixed('She had had enough of stale beans.')).toBe('She had had enough of stale beans.')
    expect(fixed('We ship to Bora Bora too.')).toBe('We ship to Bora Bora too.')
    expect(proofread('Grind the the beans.').fixes).toEqual([{ rule: 'doubled-word', before: 'the the', after: 'the' }])
  })

  it('collapses repeated punctuation and keeps an ellipsis', () => {
    expect(fixed('Fresh beans matter!! Really?? Yes,, truly.. Wait...')).toBe('Fresh beans matter! Really? Yes, truly. Wait...')
  })

  it('removes the space before punctuation, except a ratio and French spacing', () => {
    expect(fixed('Beans , water and time .')).toBe('Beans, water and time.')
    expect(fixed('A ratio of 1 : 2 works.')).toBe('A ratio of 1 : 2 works.')
    expect(fixed('Pourquoi ? Parce que , voilà.', 'French')).toBe('Pourquoi ? Parce que, voilà.')
  })

  it('removes stray citation markers, not links or references', () => {
    expect(fixed('Beans age fast [1]. Store them cool [12].')).toBe('Beans age fast. Store them cool.')
    expect(fixed('See [1](https://a.example/1) and [the guide][1].')).toBe('See [1](https://a.example/1) and [the guide][1].')
  })

  it('removes emphasis markers that do not pair up in a paragraph, and keeps those that do', () => {
    expect(fixed('Use **fresh beans and grind them.')).toBe('Use fresh beans and grind them.')
    expect(fixed('Use **fresh** beans and _grind them.')).toBe('Use **fresh** beans and grind them.')
    expect(fixed('Use _fresh_ beans, snake_case stays.')).toBe('Use _fresh_ beans, snake_case stays.')
    expect(fixed('- **Roast date\n- **Origin** matters')).toBe('- Roast date\n- **Origin** matters')
  })

  it('removes empty headings and empty list items, and the colon ending a heading', () => {
    expect(fixed('Intro.\n\n## \n\nText.\n\n### Grind size:\n\n- One\n- \n- Two')).toBe('Intro.\n\nText.\n\n### Grind size\n\n- One\n- Two')
    expect(rules('## \n\n### Grind size:\n\n- ')).toEqual(['empty-heading', 'heading-colon', 'empty-list-item'])
  })

  it('never touches code, link targets, addresses or the title', () => {
    const markdown = [
      '# Title: the the guide',
      '',
      'Run `echo the the` and see [the page](https://a.example/a..b?x=1,,2) or https://b.example/the the.',
      '',
      '```',
      'the the ,, !!',
      '```',
    ].join('\n')
    expect(fixed(markdown)).toBe(markdown)
  })
})
