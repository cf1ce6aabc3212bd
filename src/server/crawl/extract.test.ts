import { describe, expect, it } from 'vitest'
import { extractPage } from './extract'

const ARTICLE = `<!doctype html>
<html lang="de">
<head>
  <title>  Kaffee   rösten  </title>
  <meta name="Description" content="Wie man Kaffee zu Hause röstet.">
  <meta property="og:title" content="Ignored, the title wins">
  <base href="https://www.roastery.example/guides/">
  <link rel="canonical" href="kaffee-roesten">
</head>
<body>
  <header><a href="/">Home</a><a href="/#top">Top</a><a href="mailto:hi@roastery.example">Mail</a><a href="javascript:void(0)">JS</a></header>
  <article>
    <h1>Kaffee rösten</h1>
    <p>${'Grüne Bohnen werden bei etwa 200 Grad geröstet, bis der erste Crack hörbar ist. '.repeat(6)}</p>
    <h2>Die richtige <em>Temperatur</em></h2>
    <p>${'Die Temperatur steigt langsam und gleichmäßig, damit die Bohnen nicht verbrennen. '.repeat(6)}</p>
    <h3>Abkühlen</h3>
    <p>Nach dem Rösten kühlen die Bohnen <a href="abkuehlen#schnell">schnell</a> ab.</p>
    <h4>Not collected</h4>
  </article>
  <footer><a href="https://roastery.example/impressum">Impressum</a><a href="https://shop.example.org/beans">Shop</a><a href="/">Home again</a></footer>
  <script>var tracking = "should never appear"</script>
</body>
</html>`

describe('extractPage', () => {
  const page = extractPage(ARTICLE, 'https://www.roastery.example/guides/kaffee-roesten')

  it('reads the title, description, canonical and language', () => {
    expect(page).toMatchObject({
      url: 'https://www.roastery.example/guides/kaffee-roesten',
      title: 'Kaffee rösten',
      description: 'Wie man Kaffee zu Hause röstet.',
      canonical: 'https://www.roastery.example/guides/kaffee-roesten',
      lang: 'de',
      siteName: undefined,
      image: undefined,
    })
  })

  it('lists h1–h3 in document order with their level', () => {
    expect(page.headings).toEqual([
      { level: 1, text: 'Kaffee rösten' },
      { level: 2, text: 'Die richtige Temperatur' },
      { level: 3, text: 'Abkühlen' },
    ])
  })

  it('keeps the main text, without scripts', () => {
    expect(page.text).toContain('Grüne Bohnen werden bei etwa 200 Grad geröstet')
    expect(page.text).toContain('Nach dem Rösten kühlen die Bohnen schnell ab.')
    expect(page.text).not.toContain('should never appear')
    expect(page.text).not.toMatch(/\s{2}/)
  })

  it('resolves links against <base>, drops fragments and non-web schemes, dedupes, and marks internal ones', () => {
    expect(page.links).toEqual([
      { url: 'https://www.roastery.example/', text: 'Home', internal: true },
      { url: 'https://www.roastery.example/guides/abkuehlen', text: 'schnell', internal: true },
      { url: 'https://roastery.example/impressum', text: 'Impressum', internal: true },
      { url: 'https://shop.example.org/beans', text: 'Shop', internal: false },
    ])
  })

  it('caps the text at a word boundary', () => {
    // Readability's text starts with the article's own h1.
    const capped = extractPage(ARTICLE, 'https://www.roastery.example/guides/kaffee-roesten', { maxTextChars: 60 })
    expect(capped.text.length).toBeLessThanOrEqual(61)
    expect(capped.text.endsWith('…')).toBe(true)
    expect(capped.text).toBe('Kaffee rösten. Grüne Bohnen werden bei etwa 200 Grad…')
  })

  it('falls back to og:title, then the h1, and reads og tags', () => {
    const og = extractPage(
      '<html><head><meta property="og:title" content="From OG"><meta property="og:site_name" content="Brew Co"><meta property="og:image" content="/i.png"></head><body><h1>Heading</h1></body></html>',
      'https://brew.example/x',
    )
    expect(og).toMatchObject({
      title: 'From OG',
      siteName: 'Brew Co',
      image: 'https://brew.example/i.png',
      description: undefined,
      lang: undefined,
    })
    expect(extractPage('<body><h1>Only a heading</h1><p>Short.</p></body>', 'https://brew.example/').title).toBe('Only a heading')
  })

  it('keeps words and sentences of adjacent blocks apart in minified HTML', () => {
    const html =
      '<body><main><h2>Storage</h2><p>Store beans in an airtight container away from light and heat.</p><h2>Origin</h2><ul><li>Ethiopia</li><li>Colombia</li></ul></main></body>'
    const { text } = extractPage(html, 'https://brew.example/')
    expect(text).toContain('Storage. Store beans')
    expect(text).toContain('light and heat. Origin. Ethiopia Colombia')
  })
})
