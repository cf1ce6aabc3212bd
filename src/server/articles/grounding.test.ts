import { describe, expect, it } from 'vitest'
import { checkGrounding, dropUngrounded, type GroundingSource } from './grounding'

const SCA: GroundingSource = {
  url: 'https://sca.coffee/research/brewing',
  title: 'Brewing Best Practices – Specialty Coffee Association',
  text: [
    'Brewing Best Practices',
    'Water between 90 and 96 °C extracts coffee evenly. At 93 °C most sugars dissolve within the contact time.',
    'The Golden Cup standard recommends a brew ratio of 1:16, about 55 g of coffee per litre of water.',
  ].join('\n'),
}
const NCA: GroundingSource = {
  url: 'https://www.ncausa.org/research/national-coffee-data-trends',
  title: 'National Coffee Data Trends 2024',
  text: 'In 2024, 67 percent of American adults drank coffee in the past day. Specialty coffee reached 45 % of cups, e.g. drip, espresso and cold brew, approx. 1,200 cups per café per week.',
}
const ROASTER: GroundingSource = {
  url: 'https://roastmag.com/grind-size/',
  title: 'Grind size explained',
  text: 'A medium-fine grind suits a 3.5 minute pour-over. Coarser grinds need 4–5 minutes. The V60 was released in 2004.',
}
const SOURCES = [SCA, NCA, ROASTER]

const ARTICLE = `# How to brew pour-over coffee at home

Pour-over coffee rewards attention to detail. Water at 93 °C extracts the most sugars ([Specialty Coffee Association](https://sca.coffee/research/brewing)). Most cafés brew at 1:17 ([SCA](https://sca.coffee/research/brewing)). Start with freshly roasted beans.

## 3 things to get right

1. Keep the water between 90–96 °C ([SCA](https://sca.coffee/research/brewing)).
2. Aim for a 3.5 minute brew ([Roast Magazine](https://roastmag.com/grind-size/)).
3. Weigh your coffee instead of using scoops.

## Why it matters

In 2024, 67% of American adults drank coffee in the past day ([NCA](https://www.ncausa.org/research/national-coffee-data-trends)). Our roastery ships to 40 cafés.
`

describe('checkGrounding', () => {
  it('catches the invented ratio in a realistic article and grounds the rest', () => {
    const report = checkGrounding({ markdown: ARTICLE, sources: SOURCES, trusted: ['Harbour Roasters ships to 40 cafés in Bristol.'] })

    expect(report.claims.map((claim) => claim.numbers)).toEqual([['93'], ['1:17'], ['90', '96'], ['3.5'], ['2024', '67%']])
    expect(report.ungrounded).toEqual([
      {
        sentence: 'Most cafés brew at 1:17 ([SCA](https://sca.coffee/research/brewing)).',
        numbers: ['1:17'],
        citedUrls: ['https://sca.coffee/research/brewing'],
        reason: 'not-in-source',
        missing: ['1:17'],
      },
    ])
    expect(report.grounded).toEqual([
      {
        url: SCA.url,
        title: SCA.title,
        passage: 'At 93 °C most sugars dissolve within the contact time.',
        numbers: ['93'],
      },
      { url: SCA.url, title: SCA.title, passage: 'Water between 90 and 96 °C extracts coffee evenly.', numbers: ['90', '96'] },
      { url: ROASTER.url, title: ROASTER.title, passage: 'A medium-fine grind suits a 3.5 minute pour-over.', numbers: ['3.5'] },
      {
        url: NCA.url,
        title: NCA.title,
        passage: 'In 2024, 67 percent of American adults drank coffee in the past day.',
        numbers: ['2024', '67%'],
      },
    ])
  })

  it('needs no citation for a number found in a trusted text, and only for that number', () => {
    const markdown = 'Harbour Roasters has roasted in Bristol since 2012. We deliver to 40 cafés.'
    const trusted = ['Harbour Roasters, est. 2012, supplies 40 cafés across Bristol.', 'wholesale coffee bristol']
    expect(checkGrounding({ markdown, sources: [], trusted })).toEqual({ claims: [], grounded: [], ungrounded: [] })

    const partly = checkGrounding({ markdown: 'Since 2012 we have opened 3 roasteries.', sources: [], trusted })
    expect(partly.ungrounded).toEqual([
      { sentence: 'Since 2012 we have opened 3 roasteries.', numbers: ['3'], citedUrls: [], reason: 'no-citation', missing: ['3'] },
    ])
  })

  it('ignores numbers in headings, list markers, code, URLs and names', () => {
    const markdown = [
      '# 7 brewing mistakes',
      '## 5 ways to brew',
      '### Step 2: bloom',
      '',
      '1. Rinse the filter.',
      '2. Bloom the grounds on a V60-02 or an H2O-ready kettle.',
      '',
      'Run `brew --temp 93` and see <https://example.com/2023/guide> or [the guide](https://example.com/page/42).',
      '',
      '```',
      'ratio = 1:16',
      '```',
      '',
      'The 4th wave of coffee favours 3D-printed drippers, not COVID-19 era habits, in version 1.2.3.',
    ].join('\n')
    expect(checkGrounding({ markdown, sources: [] }).claims).toEqual([])
  })

  it('treats years, standalone model numbers and attached units as claims', () => {
    const markdown = 'The brewer launched in 2016. The AeroPress Go 2 holds 250ml. Brew for 4-minute cycles.'
    const report = checkGrounding({ markdown, sources: [] })
    expect(report.claims.map((claim) => claim.numbers)).toEqual([['2016'], ['2', '250ml'], ['4']])
  })

  it('matches thousands separators, decimals and whole tokens only', () => {
    const source = {
      url: 'https://example.com/stats',
      title: 'Stats',
      text: 'Cafés sell 1200 cups a week. A shot weighs 3.5 g. Orders rose to 1,500.50 units and 12000 beans.',
    }
    const cite = '([Stats](https://example.com/stats))'
    const judge = (sentence: string) => checkGrounding({ markdown: `${sentence} ${cite}.`, sources: [source] }).ungrounded[0]?.missing ?? []

    expect(judge('Cafés sell 1,200 cups')).toEqual([])
    expect(judge('Cafés sell 1\u202F200 cups')).toEqual([])
    expect(judge('Orders rose to 1500.5 units')).toEqual([])
    expect(judge('A shot weighs 35 g')).toEqual(['35'])
    expect(judge('Cafés sell 120 cups')).toEqual(['120'])
    expect(judge('Cafés sell 1,20 cups')).toEqual(['1', '20'])
    expect(judge('Each bag holds 12,000 beans')).toEqual([])
  })

  it('matches percentages in any spelling, but not as bare numbers', () => {
    const source = {
      url: 'https://example.com/survey',
      title: 'Survey',
      text: 'Some 12 percent of drinkers prefer decaf, 30 % prefer oat milk and 8% prefer tea.',
    }
    const judge = (claim: string) =>
      checkGrounding({ markdown: `${claim} ([Survey](https://example.com/survey)).`, sources: [source] }).ungrounded[0]?.missing ?? []

    expect(judge('About 12% prefer decaf')).toEqual([])
    expect(judge('About 30 per cent prefer oat milk')).toEqual([])
    expect(judge('About 8 % prefer tea')).toEqual([])
    expect(judge('About 12 drinkers prefer decaf')).toEqual(['12'])
    expect(judge('About 13% prefer decaf')).toEqual(['13%'])
  })

  it('checks both ends of a range, money, ratios and scale words', () => {
    const source = {
      url: 'https://example.com/prices',
      title: 'Prices',
      text: 'A bag costs 18 dollars. Brew between 90 and 94 °C at a 1:15 ratio. The market is worth 1,200,000 pounds.',
    }
    const judge = (claim: string) =>
      checkGrounding({ markdown: `${claim} ([Prices](https://example.com/prices)).`, sources: [source] }).ungrounded[0]?.missing ?? []

    expect(judge('Brew at 90–94 °C')).toEqual([])
    expect(judge('Brew at 90-96 °C')).toEqual(['96'])
    expect(judge('A bag costs $18')).toEqual([])
    expect(judge('A bag costs $18.50')).toEqual(['$18.50'])
    expect(judge('Use a 1:15 ratio')).toEqual([])
    expect(judge('Use a 1:14 ratio')).toEqual(['1:14'])
    expect(judge('The market is worth £1.2 million')).toEqual([])
  })

  it('counts only links to fetched sources, comparing normalised URLs', () => {
    const judge = (href: string) => checkGrounding({ markdown: `Brew at 93 °C ([SCA](${href})).`, sources: SOURCES }).ungrounded[0]

    expect(judge('HTTPS://SCA.Coffee/research/brewing/')).toBeUndefined()
    expect(judge('https://sca.coffee/research/brewing#temperature')).toBeUndefined()
    expect(judge('https://sca.coffee/research/Brewing')).toMatchObject({ reason: 'unknown-source', missing: ['93'] })
    expect(judge('/blog/brewing')).toMatchObject({ reason: 'unknown-source', citedUrls: ['/blog/brewing'] })

    const mixed = checkGrounding({
      markdown: 'Brew at 95 °C ([blog](https://blog.example), [SCA](https://sca.coffee/research/brewing)).',
      sources: SOURCES,
    })
    expect(mixed.ungrounded).toMatchObject([{ reason: 'not-in-source', missing: ['95'] }])
  })

  it('needs every number of a sentence in the sources that sentence cites', () => {
    const markdown =
      'Use 55 g per litre at 93 °C ([SCA](https://sca.coffee/research/brewing)) and brew 4 minutes ([Roast Magazine](https://roastmag.com/grind-size)). Brew 4 minutes at 1:16.'
    const report = checkGrounding({ markdown, sources: SOURCES })
    expect(report.claims.map((claim) => claim.sentence)).toEqual([
      'Use 55 g per litre at 93 °C ([SCA](https://sca.coffee/research/brewing)) and brew 4 minutes ([Roast Magazine](https://roastmag.com/grind-size)).',
      'Brew 4 minutes at 1:16.',
    ])
    expect(report.ungrounded).toMatchObject([{ sentence: 'Brew 4 minutes at 1:16.', reason: 'no-citation', missing: ['4', '1:16'] }])
  })

  it('splits sentences at full stops, not at decimals or abbreviations, and keeps a trailing citation', () => {
    const markdown =
      'Roasters in the U.S. use approx. 3.5 g more coffee, e.g. for filter. Dr. Lee agrees. Brew 4 minutes. ([Roast Magazine](https://roastmag.com/grind-size/))'
    const report = checkGrounding({ markdown, sources: SOURCES })
    expect(report.claims.map((claim) => claim.sentence)).toEqual([
      'Roasters in the U.S. use approx. 3.5 g more coffee, e.g. for filter.',
      'Brew 4 minutes. ([Roast Magazine](https://roastmag.com/grind-size/))',
    ])
    expect(report.ungrounded.map((claim) => claim.reason)).toEqual(['no-citation'])
  })

  it('judges list items, blockquotes and table rows', () => {
    const markdown = [
      '- Grind for 4 minutes ([Roast Magazine](https://roastmag.com/grind-size/)).',
      '- Grind for 6 minutes.',
      '',
      '> Roast 12 kg a day.',
      '',
      '| Method | Ratio |',
      '| --- | --- |',
      '| Filter | 1:16 ([SCA](https://sca.coffee/research/brewing)) |',
      '| Espresso | 1:2 |',
    ].join('\n')
    const report = checkGrounding({ markdown, sources: SOURCES })
    expect(report.claims.map((claim) => claim.sentence)).toEqual([
      'Grind for 4 minutes ([Roast Magazine](https://roastmag.com/grind-size/)).',
      'Grind for 6 minutes.',
      'Roast 12 kg a day.',
      '| Filter | 1:16 ([SCA](https://sca.coffee/research/brewing)) |',
      '| Espresso | 1:2 |',
    ])
    expect(report.ungrounded.map((claim) => claim.missing)).toEqual([['6'], ['12'], ['1:2']])
  })

  it('quotes at most 300 characters of a long source sentence, around the number', () => {
    const filler = 'the roasting industry keeps growing and changing in many small ways '.repeat(6)
    const source = { url: 'https://example.com/long', title: 'Long', text: `${filler}while 42 roasters opened last year ${filler}` }
    const report = checkGrounding({ markdown: '42 roasters opened ([Long](https://example.com/long)).', sources: [source] })
    const passage = report.grounded[0]?.passage ?? ''
    expect(passage.length).toBeLessThanOrEqual(300)
    expect(passage).toContain('while 42 roasters opened last year')
    expect(passage).toMatch(/^….*…$/)
  })

  it('finds a number a citation label quotes from the source title', () => {
    const report = checkGrounding({
      markdown: 'Drinking habits keep shifting ([NCA trends 2024](https://www.ncausa.org/research/national-coffee-data-trends)).',
      sources: [NCA],
    })
    expect(report.ungrounded).toEqual([])
    expect(report.grounded[0]?.numbers).toEqual(['2024'])
  })
})

describe('dropUngrounded', () => {
  it('removes exactly the failing sentence and keeps the rest of its paragraph', () => {
    const report = checkGrounding({ markdown: ARTICLE, sources: SOURCES, trusted: ['Harbour Roasters ships to 40 cafés.'] })
    expect(dropUngrounded(ARTICLE, report.ungrounded)).toBe(
      ARTICLE.replace(' Most cafés brew at 1:17 ([SCA](https://sca.coffee/research/brewing)).', ''),
    )
  })

  it('removes an emptied list item and renumbers the ordered list', () => {
    const markdown = [
      'Intro.',
      '',
      '1. Rinse the filter.',
      '2. Brew at 99 °C.',
      '3. Serve at once.',
      '',
      '- Buy 9 bags.',
      '- Store them cool.',
      '',
    ].join('\n')
    const report = checkGrounding({ markdown, sources: [] })
    expect(report.ungrounded.map((claim) => claim.sentence)).toEqual(['Brew at 99 °C.', 'Buy 9 bags.'])
    expect(dropUngrounded(markdown, report.ungrounded)).toBe(
      ['Intro.', '', '1. Rinse the filter.', '2. Serve at once.', '', '- Store them cool.', ''].join('\n'),
    )
  })

  it('keeps a list item that still has other sentences, across its continuation lines', () => {
    const markdown = '- Rinse the filter. Brew at 99 °C.\n  Serve at once.\n- Done.\n'
    const report = checkGrounding({ markdown, sources: [] })
    expect(dropUngrounded(markdown, report.ungrounded)).toBe('- Rinse the filter. Serve at once.\n- Done.\n')
    expect(dropUngrounded('- Rinse the filter.\n  Brew at 99 °C.\n', report.ungrounded)).toBe('- Rinse the filter.\n')
  })

  it('removes an emptied paragraph, table row or whole list without leaving double blank lines', () => {
    const markdown = [
      '# Title',
      '',
      'Keep this.',
      '',
      'Brew at 99 °C. Use 70 g.',
      '',
      '- Buy 9 bags.',
      '',
      '| Method | Ratio |',
      '| --- | --- |',
      '| Filter | 1:16 |',
      '| Espresso | by taste |',
      '',
      'The end.',
    ].join('\n')
    const report = checkGrounding({ markdown, sources: [] })
    expect(dropUngrounded(markdown, report.ungrounded)).toBe(
      ['# Title', '', 'Keep this.', '', '| Method | Ratio |', '| --- | --- |', '| Espresso | by taste |', '', 'The end.'].join('\n'),
    )
    expect(dropUngrounded('Keep this.\n\nBrew at 99 °C.', report.ungrounded)).toBe('Keep this.\n')
  })

  it('removes the last paragraph of a blockquote with its blank quote line', () => {
    const markdown = '> Quote ok.\n>\n> Roast 9 kg a day.\n\nAfter.\n'
    const report = checkGrounding({ markdown, sources: [] })
    expect(dropUngrounded(markdown, report.ungrounded)).toBe('> Quote ok.\n\nAfter.\n')
  })

  it('removes any set of sentences and nothing else, across every kind of block', () => {
    const markdown = [
      '# Guide for 2025',
      '',
      'Intro has 1 cup. It is **bold 2** here. See [page 3](https://a.example). Plain ok.',
      'A soft break has 4 beans. Done.',
      '',
      '1. One 6 item.',
      '2. Two 7 item. With 8 more.',
      '   - Nested 9.',
      '   - Nested 10 too. And 11.',
      '3. Three 12.',
      '',
      '- Loose 13.',
      '',
      '  Second paragraph 14.',
      '',
      '- Loose ok.',
      '',
      '> Quote 15.',
      '> Quote line 16. Next 17.',
      '',
      '| a | b |',
      '|---|---|',
      '| 19 | x |',
      '',
      'Last 22. Really last 23.',
    ].join('\n')
    const claims = checkGrounding({ markdown, sources: [] }).ungrounded
    expect(claims).toHaveLength(19)
    const subsets = [
      ...claims.map((claim) => [claim]),
      claims.filter((_, index) => index % 2 === 0),
      claims.filter((_, index) => index % 3 !== 1),
      claims,
    ]
    for (const dropped of subsets) {
      const result = dropUngrounded(markdown, dropped)
      const left = checkGrounding({ markdown: result, sources: [] }).ungrounded.map((claim) => claim.sentence)
      expect(left).toEqual(claims.filter((claim) => !dropped.includes(claim)).map((claim) => claim.sentence))
      expect(result).toContain('Plain ok.')
      expect(result).toContain('- Loose ok.')
      expect(result).not.toMatch(/\n\n\n/)
    }
    expect(dropUngrounded(markdown, claims)).toBe('# Guide for 2025\n\nPlain ok.\nDone.\n\n- Loose ok.\n')
  })

  it('leaves the Markdown untouched when nothing matches and keeps CRLF line endings', () => {
    expect(dropUngrounded(ARTICLE, [])).toBe(ARTICLE)
    const markdown = 'Keep this.\r\n\r\nBrew at 99 °C. Stay.\r\n'
    const report = checkGrounding({ markdown, sources: [] })
    expect(dropUngrounded(markdown, report.ungrounded)).toBe('Keep this.\r\n\r\nStay.\r\n')
  })
})
