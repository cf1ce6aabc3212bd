import { describe, expect, it } from 'vitest'
import { factCheckSummary } from '~/shared/articles/fact-check'
import { checkDraft, checkFaq, mergeFactChecks } from './fact-check'

const guide = {
  url: 'https://coffee.example/espresso-guide',
  title: 'Espresso Brewing Guide',
  text: 'Most baristas pull a double shot with 18 grams of ground coffee. A good grinder is the single best upgrade for any home setup. Lock the portafilter firmly.',
}

const draft = [
  '# Espresso at home',
  '',
  `A double shot takes 18 grams ([Guide](${guide.url})). The guide says: “a good grinder is the single best upgrade for any home setup” ([Guide](${guide.url})).`,
  '',
  '## Grinders:',
  '',
  `One barista told us “a grinder matters more than the the machine” ([Guide](${guide.url})). A shot takes 45 seconds. Taste it it as you go!! Lock the portafilter and watch the crema, then recieve the praise.`,
].join('\n')

describe('checkDraft', () => {
  const result = checkDraft({ markdown: draft, sources: [guide], trusted: [], language: 'English' })

  it('removes the sentence with a quote its page lacks and the one with an unsourced number, then proofreads the rest', () => {
    expect(result.markdown).toBe(
      [
        '# Espresso at home',
        '',
        `A double shot takes 18 grams ([Guide](${guide.url})). The guide says: “a good grinder is the single best upgrade for any home setup” ([Guide](${guide.url})).`,
        '',
        '## Grinders',
        '',
        'Taste it as you go! Lock the portafilter and watch the crema, then receive the praise.',
      ].join('\n'),
    )
  })

  it('records what each check did', () => {
    expect(result.factCheck).toEqual({
      numbers: { checked: 2, removed: 1 },
      quotes: {
        checked: 2,
        found: [{ quote: 'a good grinder is the single best upgrade for any home setup', url: guide.url, title: guide.title }],
        removed: [{ quote: 'a grinder matters more than the the machine', reason: 'not found in Espresso Brewing Guide' }],
      },
      proofreading: [
        { rule: 'heading-colon', before: 'Grinders:', after: 'Grinders' },
        { rule: 'doubled-word', before: 'it it', after: 'it' },
        { rule: 'repeated-punctuation', before: '!!', after: '!' },
        { rule: 'spelling', before: 'recieve', after: 'receive' },
      ],
      // "portafilter" is on the cited page, so it is no misspelling; "crema" is on none.
      unknownWords: ['crema'],
    })
    expect(factCheckSummary(result.factCheck)).toEqual({
      numbers: '2 sentences with numbers checked, 1 removed',
      quotes: '2 quotes checked, 1 removed: not found in Espresso Brewing Guide',
      proofreading: '4 proofreading fixes',
      spelling: '1 possible misspelling left as written: crema',
    })
  })

  it('adds a rewritten section’s record to the article’s', () => {
    const merged = mergeFactChecks(result.factCheck, result.factCheck)
    expect(merged.numbers).toEqual({ checked: 4, removed: 2 })
    expect(merged.quotes.checked).toBe(4)
    expect(merged.quotes.removed).toHaveLength(2)
    expect(merged.proofreading).toHaveLength(8)
    expect(merged.unknownWords).toEqual(['crema'])
    expect(mergeFactChecks(null, result.factCheck)).toBe(result.factCheck)
  })

  it('checks the FAQ’s answers likewise: an invented quote goes, a question left without an answer goes, the record grows', () => {
    const { faq, factCheck } = checkFaq(
      [
        { question: 'What matters most?', answer: 'The grinder. As one expert said, “the grinder is everything in espresso.”' },
        { question: 'Who said it?', answer: 'A barista said “the grinder is everything in espresso.”' },
        { question: 'How much coffee?', answer: 'A double shot takes 18 grams , the guide says.' },
      ],
      { sources: [guide], trusted: [], language: 'English', record: result.factCheck },
    )
    expect(faq).toEqual([
      { question: 'What matters most?', answer: 'The grinder.' },
      { question: 'How much coffee?', answer: 'A double shot takes 18 grams, the guide says.' },
    ])
    expect(factCheck.quotes.checked).toBe(result.factCheck.quotes.checked + 2)
    expect(factCheck.quotes.removed.slice(1)).toEqual([
      { quote: 'the grinder is everything in espresso', reason: 'not found in Espresso Brewing Guide' },
      { quote: 'the grinder is everything in espresso', reason: 'not found in Espresso Brewing Guide' },
    ])
    expect(factCheck.proofreading.at(-1)).toEqual({ rule: 'space-before-punctuation', before: 'grams ,', after: 'grams,' })
  })
})
