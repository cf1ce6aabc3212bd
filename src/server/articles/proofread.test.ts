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

  describe('spelling (English only)', () => {
    it('corrects a misspelling with only one possible correction and records it', () => {
      const result = proofread('Most roasters recieve green beans weekly, and the beans beleive in nothing.')
      expect(result.markdown).toBe('Most roasters receive green beans weekly, and the beans believe in nothing.')
      expect(result.fixes).toEqual([
        { rule: 'spelling', before: 'recieve', after: 'receive' },
        { rule: 'spelling', before: 'beleive', after: 'believe' },
      ])
      expect(result.unknownWords).toEqual([])
      expect(fixed('“Grinders,” she wrote, “seperate the fines.”')).toBe('“Grinders,” she wrote, “separate the fines.”')
      // Several suggestions, one of them the only swap of two vowels: "their" over "tier" or "thief".
      expect(fixed('Roasters print thier dates.')).toBe('Roasters print their dates.')
      expect(fixed('The grinder occured to us untill we found it.')).toBe('The grinder occurred to us until we found it.')
    })

    it('leaves names, capitalised words, brand and trade words of the article’s material alone', () => {
      const text = 'Ask Jonh at Brewtopia. Recieve it fresh from nespresso pods or a portafilter.'
      const withMaterial = proofread(text, 'English', { knownText: ['nespresso pods', 'Lock the Portafilter firmly.'] })
      expect(withMaterial.markdown).toBe(text)
      expect(withMaterial.fixes).toEqual([])
      expect(withMaterial.unknownWords).toEqual([])
      // Without the material the same words are unknown: left as written, and listed.
      const without = proofread(text)
      expect(without.markdown).toBe(text)
      expect(without.unknownWords).toEqual(['nespresso', 'portafilter'])
    })

    it('never corrects code, links, link text, addresses, words with digits, hyphens or dots, or short words', () => {
      const text = [
        'Run `recieve --now` and read [recieve guide](https://a.example/recieve) or https://b.example/recieve today.',
        '',
        'See recieve.example.com, use recieve2 or the well-recieved blend, teh end.',
        '',
        '```',
        'recieve',
        '```',
      ].join('\n')
      const result = proofread(text)
      expect(result.markdown).toBe(text)
      expect(result.fixes).toEqual([])
      expect(result.unknownWords).toEqual([])
    })

    it('leaves a word with several possible corrections, or one that changes its first letter, and lists it', () => {
      const text = 'A fine grinde, a thick crema, realtime pricing and a coarse grinde.'
      const result = proofread(text)
      expect(result.markdown).toBe(text)
      expect(result.fixes).toEqual([])
      // "grinde": grind, grinds or grinder; "crema": cream or creme; "realtime": its one
      // suggestion, "mealtime", is another word.
      expect(result.unknownWords).toEqual(['grinde', 'crema', 'realtime'])
      // Correct words the dictionary lacks, each one edit from a word it has: not "corrected".
      const jargon = 'We upsert rows, store embeddings, keep debounced saves and lowercased slugs.'
      expect(fixed(jargon)).toBe(jargon)
      expect(proofread(jargon).unknownWords).toEqual(['upsert', 'embeddings', 'debounced', 'lowercased'])
      // An o or u is not a blurred vowel: "retinol" is not "retinal".
      expect(fixed('Apply retinol at night.')).toBe('Apply retinol at night.')
      expect(proofread('abcde bcdef cdefg defgh efghi fghij').unknownWords).toHaveLength(5)
    })

    it('takes British spellings as spelled right', () => {
      const text = 'The colour of a labelled bag, centred on the shelf, whilst travelling: our favourite organisation practise it.'
      const result = proofread(text)
      expect(result.markdown).toBe(text)
      expect(result.unknownWords).toEqual([])
    })

    it('checks section headings but not the title', () => {
      expect(fixed('# Why beans recieve care\n\n## How roasters recieve beans')).toBe(
        '# Why beans recieve care\n\n## How roasters receive beans',
      )
    })

    it('leaves an article in another language untouched', () => {
      const result = proofread('Les torréfacteurs recieve les grains.', 'French')
      expect(result.markdown).toBe('Les torréfacteurs recieve les grains.')
      expect(result.fixes).toEqual([])
      expect(result.unknownWords).toEqual([])
    })
  })
})
