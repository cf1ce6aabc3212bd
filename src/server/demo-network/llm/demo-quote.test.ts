import { describe, expect, it } from 'vitest'
import { sourceQuote } from './demo-quote'

const page = { url: 'https://beans.example/guide', title: 'How to Choose [Coffee] Beans' }
const sentence = (text: string, relevance = 1) => ({ text, page, relevance, score: relevance })

describe('sourceQuote', () => {
  const quotable = sentence('Store beans in an airtight container away from light and heat.')

  it('quotes the most relevant quotable sentence word for word, its source linked, in one section in three', () => {
    expect(sourceQuote([quotable], 4)).toEqual({
      from: quotable,
      markdown:
        'In the words of one source: “Store beans in an airtight container away from light and heat” ([How to Choose (Coffee) Beans](https://beans.example/guide)).',
    })
    expect(sourceQuote([quotable], 1)?.markdown).toMatch(/^One guide puts it plainly: “Store beans/)
    // The introduction (place -1) and the other sections do not quote.
    for (const place of [-1, 0, 2, 3, 5]) expect(sourceQuote([quotable], place), String(place)).toBeUndefined()
    // The link text can name the site instead of the page's title.
    expect(sourceQuote([quotable], 1, () => 'beans.example')?.markdown).toContain('([beans.example](https://beans.example/guide))')
  })

  it('quotes no sentence with a digit, a stop or quotation mark inside, too short or long, or off the section’s subject', () => {
    for (const text of [
      'Beans taste best between 4 and 21 days after roasting.',
      'Grind fresh. Then brew the coffee within a few minutes of grinding.',
      'Baristas call it “the golden hour” of freshly roasted beans.',
      'Grind just before brewing.',
      `Store beans ${'well and '.repeat(20)}cool.`,
    ])
      expect(sourceQuote([sentence(text)], 1), text).toBeUndefined()
    expect(sourceQuote([sentence(quotable.text, 0)], 1)).toBeUndefined()
    expect(sourceQuote([sentence('Beans taste best between 4 and 21 days after roasting.'), quotable], 1)?.from).toBe(quotable)
  })
})
