import { describe, expect, it } from 'vitest'
import { dropSentences } from './grounding'
import { checkQuotes, missingReason, quoteAppearsIn } from './quotes'

const guide = {
  url: 'https://coffee.example/espresso-guide',
  title: 'Espresso Brewing Guide',
  text: [
    'Espresso Brewing Guide',
    'James Hoffmann puts it simply: “Freshness matters more than origin when you brew at home.”',
    'A good grinder is the single best upgrade for any home setup, and it will outlast the machine.',
    "Don't chase a recipe; taste the shot and adjust.",
  ].join('\n'),
}
const beans = {
  url: 'https://beans.example/choose',
  title: 'How to Choose Coffee Beans',
  text: 'Store beans in an airtight container away from light and heat.',
}
const sources = [guide, beans]

describe('quoteAppearsIn (normalised match)', () => {
  it('ignores quote styles, case, whitespace and punctuation', () => {
    expect(quoteAppearsIn('freshness matters more than origin, when you brew at home', guide.text)).toBe(true)
    expect(quoteAppearsIn('Freshness   matters more\nthan origin when you brew at home!', guide.text)).toBe(true)
    expect(quoteAppearsIn('don’t chase a recipe', guide.text)).toBe(true)
  })

  it('takes an ellipsis as a gap, in order only', () => {
    expect(quoteAppearsIn('A good grinder is the single best upgrade … it will outlast the machine', guide.text)).toBe(true)
    expect(quoteAppearsIn('A good grinder ... outlast the machine', guide.text)).toBe(true)
    expect(quoteAppearsIn('it will outlast the machine … A good grinder', guide.text)).toBe(false)
  })

  it('matches whole words and refuses a paraphrase', () => {
    expect(quoteAppearsIn('good grind', guide.text)).toBe(false)
    expect(quoteAppearsIn('Fresh beans matter more than where they come from', guide.text)).toBe(false)
    expect(quoteAppearsIn('…', guide.text)).toBe(false)
  })
})

describe('checkQuotes', () => {
  it('accepts a curly quotation that its cited page holds, written with straight quotes or curly ones', () => {
    for (const markdown of [
      'As one expert says, “freshness matters more than origin when you brew at home” ([Guide](https://coffee.example/espresso-guide)).',
      'As one expert says, "Freshness matters more than origin when you brew at home" ([Guide](https://coffee.example/espresso-guide/)).',
      'Un expert le dit : « Freshness matters more than origin when you brew at home ».',
      'Ein Experte sagt: „Freshness matters more than origin when you brew at home“.',
    ]) {
      const report = checkQuotes({ markdown, sources })
      expect(report.checked).toHaveLength(1)
      expect(report.missing).toEqual([])
      expect(report.checked[0]!.found?.url).toBe(guide.url)
    }
  })

  it('refuses a quotation its cited page lacks, even when another page has it', () => {
    const markdown = `Intro sentence stays. One roaster said “store beans in an airtight container away from light” ([Guide](${guide.url})).`
    const report = checkQuotes({ markdown, sources })
    expect(report.missing).toHaveLength(1)
    expect(report.missing[0]).toMatchObject({ kind: 'quotation', quote: 'store beans in an airtight container away from light' })
    expect(missingReason(report.missing[0]!)).toBe('not found in Espresso Brewing Guide')
    expect(
      dropSentences(
        markdown,
        report.missing.flatMap((finding) => finding.sentences),
      ),
    ).toBe('Intro sentence stays.')
  })

  it('looks in every source when the sentence cites none, and says so when no page holds it', () => {
    const found = checkQuotes({ markdown: 'Experts agree: "store beans in an airtight container away from light and heat."', sources })
    expect(found.missing).toEqual([])
    expect(found.checked[0]!.found?.url).toBe(beans.url)
    const invented = checkQuotes({ markdown: 'A barista once told us, “the best espresso is the one you enjoy every day.”', sources })
    expect(invented.missing).toHaveLength(1)
    expect(missingReason(invented.missing[0]!)).toBe('not found in Espresso Brewing Guide or How to Choose Coffee Beans')
  })

  it('reads a quotation of several sentences whole, and removes every sentence of it when the page lacks it', () => {
    const held = checkQuotes({
      markdown: `He puts it simply: “A good grinder is the single best upgrade for any home setup, and it will outlast the machine. Don't chase a recipe.” ([Guide](${guide.url}))`,
      sources,
    })
    expect(held).toMatchObject({ checked: [{ kind: 'quotation' }], missing: [] })
    const markdown = `Grind fresh. He puts it simply: “Never chase a recipe. Buy the grinder first” ([Guide](${guide.url})). Then taste.`
    const report = checkQuotes({ markdown, sources })
    expect(report.missing).toHaveLength(1)
    expect(report.missing[0]!.quote).toBe('Never chase a recipe. Buy the grinder first')
    expect(
      dropSentences(
        markdown,
        report.missing.flatMap((finding) => finding.sentences),
      ),
    ).toBe('Grind fresh. Then taste.')
  })

  it('leaves scare quotes, titles and a page’s own title alone', () => {
    const markdown = [
      'Some “specialty” beans are only marketing.',
      'The so-called “third wave coffee” changed cafés.',
      'Read “The World Atlas of Coffee” for the background.',
      'A book titled “how to brew better coffee at home” helps.',
      'The “Espresso Brewing Guide” is a good start.',
    ].join('\n\n')
    expect(checkQuotes({ markdown, sources }).checked).toEqual([])
  })

  it('judges an attributed statement with a citation by its clause: a paraphrase the page lacks fails', () => {
    const held = `According to the guide, a good grinder is the single best upgrade for any home setup ([Guide](${guide.url})).`
    expect(checkQuotes({ markdown: held, sources }).missing).toEqual([])
    const paraphrase = `According to the guide, buying a better grinder beats buying a better machine ([Guide](${guide.url})).`
    const report = checkQuotes({ markdown: paraphrase, sources })
    expect(report.checked).toHaveLength(1)
    expect(report.missing[0]).toMatchObject({ kind: 'attribution', quote: 'buying a better grinder beats buying a better machine' })
    const says = `James Hoffmann says that espresso should always be brewed with a timer ([Guide](${guide.url})).`
    expect(checkQuotes({ markdown: says, sources }).missing).toHaveLength(1)
    const plural = `Most baristas recommend that a good grinder is the single best upgrade for any home setup ([Guide](${guide.url})).`
    expect(checkQuotes({ markdown: plural, sources })).toMatchObject({ checked: [{ kind: 'attribution' }], missing: [] })
    const found = `A study found that grinders matter more than machines ([Guide](${guide.url})).`
    expect(checkQuotes({ markdown: found, sources }).missing).toHaveLength(1)
    // A verb without "that" or a comma after it is a plain statement: "The grinder adds body".
    expect(checkQuotes({ markdown: `The grinder adds body to every shot ([Guide](${guide.url})).`, sources }).checked).toEqual([])
  })

  it('takes a sentence with no quotation and no attribution as none of its business', () => {
    const markdown = `A good grinder helps more than people think ([Guide](${guide.url})). He said it twice.`
    expect(checkQuotes({ markdown, sources }).checked).toEqual([])
  })
})
