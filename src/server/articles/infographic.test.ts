import { XMLValidator } from 'fast-xml-parser'
import { DOMParser } from 'linkedom'
import { describe, expect, it } from 'vitest'
import { chartDataFromFacts, chartTitle, MAX_LABEL_LENGTH, type ChartData, type CitedFact } from './infographic/chart-data'
import { barColor, contrastRatio } from './infographic/colour'
import { formatValue } from './infographic/format'
import { renderInfographic } from './infographic/svg'

const fact = (sentence: string, source = 'ncausa.org'): CitedFact => ({
  sentence,
  sourceUrl: `https://${source}/report`,
  sourceTitle: `Report from ${source}`,
})
const coffee = { keyword: 'coffee beans' }
const labelsAndValues = (data: ChartData | null) => data?.points.map((point) => [point.label, point.value])

function parseSvg(svg: string) {
  return new DOMParser().parseFromString(svg, 'image/svg+xml')
}

const twoPoints: ChartData = {
  title: 'Coffee beans in numbers (%)',
  unit: '%',
  points: [
    { label: "Arabica's share of world production", value: 60, unit: '%', sourceUrl: 'https://ico.org/a' },
    { label: "Robusta's share of world production", value: 30, unit: '%', sourceUrl: 'https://ico.org/a' },
  ],
  sources: [{ url: 'https://ico.org/a', title: 'International Coffee Organization' }],
}

describe('chartDataFromFacts: numbers from cited sentences', () => {
  it('labels each number with what it measures, from the words around it', () => {
    const data = chartDataFromFacts(
      [
        fact('Arabica makes up about 60% of world coffee production, while Robusta accounts for roughly 40%.', 'ico.org'),
        fact("In 2023, Brazil produced 37% of the world's coffee.", 'usda.gov'),
        fact('About 62% of Americans drink coffee every day, according to the NCA.'),
      ],
      coffee,
    )
    expect(data).toEqual({
      title: 'Coffee beans in numbers (%)',
      unit: '%',
      points: [
        { label: "Arabica's share of world production", value: 60, unit: '%', sourceUrl: 'https://ico.org/report' },
        { label: "Robusta's share of world production", value: 40, unit: '%', sourceUrl: 'https://ico.org/report' },
        { label: "Brazil's share of the world's coffee", value: 37, unit: '%', sourceUrl: 'https://usda.gov/report' },
        { label: 'Americans drink coffee every day', value: 62, unit: '%', sourceUrl: 'https://ncausa.org/report' },
      ],
      sources: [
        { url: 'https://ico.org/report', title: 'Report from ico.org' },
        { url: 'https://usda.gov/report', title: 'Report from usda.gov' },
        { url: 'https://ncausa.org/report', title: 'Report from ncausa.org' },
      ],
    })
  })

  it('reads contents, comparisons and amounts in milligrams', () => {
    const data = chartDataFromFacts(
      [
        fact('A shot of espresso contains 63 mg of caffeine, compared to 95 mg in drip coffee.'),
        fact('A typical 8-ounce cup of brewed coffee contains about 95 mg of caffeine.', 'mayoclinic.org'),
      ],
      coffee,
    )
    expect(data?.unit).toBe('mg')
    expect(labelsAndValues(data)).toEqual([
      ['Caffeine in a shot of espresso', 63],
      ['Caffeine in drip coffee', 95],
      ['Caffeine in a typical 8-ounce cup', 95],
    ])
  })

  it('turns a range into its low and high ends, never a midpoint no source gave', () => {
    const data = chartDataFromFacts(
      [
        fact('The ideal water temperature for brewing is between 90 and 96 °C.'),
        fact('Light roasts are typically roasted to an internal temperature of 196 °C, dark roasts to 224 °C.', 'sca.coffee'),
      ],
      coffee,
    )
    expect(data?.unit).toBe('°C')
    expect(labelsAndValues(data)).toEqual([
      ['Ideal water temperature (low)', 90],
      ['Ideal water temperature (high)', 96],
      ['Internal temperature of Light roasts', 196],
      ['Dark roasts', 224],
    ])
    expect(data?.points.map((point) => point.value)).not.toContain(93)
  })

  it('writes a sentence-initial word in lower case inside a label when the facts use it so elsewhere; names keep capitals', () => {
    const data = chartDataFromFacts(
      [
        fact('Light roasts are typically roasted to an internal temperature of 196 °C.'),
        fact('Ethiopia has an average elevation of 1,500 m, and its light roasts peak at 205 °C.'),
        fact('Brazil has an average drying temperature of 40 °C.'),
      ],
      coffee,
    )
    expect(data?.points.map((point) => point.label)).toEqual([
      'Internal temperature of light roasts',
      'Light roasts',
      'Average drying temperature of Brazil',
    ])
  })

  it('charts only values written in the same unit: seconds of extraction are not minutes of brewing', () => {
    const data = chartDataFromFacts(
      [
        fact('The pour-over method takes 3–4 minutes, while the French press takes about 4 minutes.'),
        fact('Espresso extraction takes 30 seconds.'),
      ],
      coffee,
    )
    expect(data?.unit).toBe('minutes')
    expect(labelsAndValues(data)).toEqual([
      ['Pour-over method time (low)', 3],
      ['Pour-over method time (high)', 4],
      ['French press time', 4],
    ])
  })

  it('reads money with its scale, rates and negative temperatures', () => {
    const money = chartDataFromFacts(
      [fact('Green coffee prices reached $2.50 per pound in 2024.'), fact('Specialty green coffee sells for $4 per pound.')],
      coffee,
    )
    expect(money?.unit).toBe('$ per lb')
    expect(money?.points.map((point) => formatValue(point.value, point.unit))).toEqual(['$2.50 per lb', '$4 per lb'])
    const market = chartDataFromFacts(
      [fact('The global coffee market was valued at $102 billion in 2023.'), fact('The US coffee market is worth $19.5 billion.')],
      coffee,
    )
    expect(market?.points.map((point) => point.value)).toEqual([102e9, 19.5e9])
    const cold = chartDataFromFacts([fact('Store beans at -18 °C for long-term freshness.'), fact('A fridge sits at 4 °C.')], coffee)
    expect(cold?.points.map((point) => point.value)).toEqual([-18, 4])
  })

  it('counts things, and keeps counts of different things apart', () => {
    const data = chartDataFromFacts(
      [
        fact('Over 25 million farmers grow coffee worldwide.'),
        fact('Ethiopia has 15 million farmers who depend on coffee.'),
        fact('Coffee contains more than 800 aromatic compounds.'),
      ],
      coffee,
    )
    expect(data?.unit).toBe('')
    expect(data?.title).toBe('Coffee beans in numbers')
    expect(labelsAndValues(data)).toEqual([
      ['Farmers grow coffee worldwide', 25e6],
      ['Farmers who depend on coffee in Ethiopia', 15e6],
    ])
  })

  it('ignores years, ordinals, model names, modifiers, reference marks and bracketed conversions', () => {
    const facts = [
      fact('Coffee was first cultivated in Yemen in the 15th century.'),
      fact('The V60 dripper was introduced by Hario in 2004 [1].'),
      fact('The French press requires a 4-minute steep.'),
      fact('Roast at 195–205 °F (90–96 °C) for a light roast.'),
      fact('Coffee prices fell 5 percentage points.'),
    ]
    expect(chartDataFromFacts(facts, coffee)).toBeNull()
  })

  it('keeps every label within 40 characters', () => {
    const data = chartDataFromFacts(
      [
        fact('Specialty coffee accounts for 37% of U.S. coffee consumption by value in restaurants and cafés across the country.'),
        fact('Roughly 20% of all coffee sold in independent coffee shops across the United States is single-origin coffee.'),
        fact('Coffee beans lose about 15–20% of their weight during roasting.'),
      ],
      coffee,
    )
    expect(data?.points.length).toBe(4)
    for (const point of data!.points) expect(point.label.length).toBeLessThanOrEqual(MAX_LABEL_LENGTH)
  })

  it('strips markdown links and reference marks from the wording', () => {
    const data = chartDataFromFacts(
      [
        fact('[Arabica](https://en.wikipedia.org/wiki/Arabica) makes up **60%** of world production [2].'),
        fact('Robusta makes up 40% of world production.'),
      ],
      coffee,
    )
    expect(labelsAndValues(data)).toEqual([
      ["Arabica's share of world production", 60],
      ["Robusta's share of world production", 40],
    ])
  })
})

describe('chartDataFromFacts: choosing the points', () => {
  const mixed = [
    fact('The ideal water temperature for brewing is 93 °C.'),
    fact('Arabica makes up 60% of world production.'),
    fact('Robusta makes up 40% of world production.'),
    fact('Milk is best steamed to 65 °C.'),
    fact('About 62% of Americans drink coffee every day.'),
  ]

  it('charts the unit with the most facts', () => {
    expect(chartDataFromFacts(mixed, coffee)?.unit).toBe('%')
    const moreTemperatures = [...mixed, fact('Cold brew is served at 4 °C.'), fact('Espresso leaves the machine at 70 °C.')]
    const data = chartDataFromFacts(moreTemperatures, coffee)
    expect(data?.unit).toBe('°C')
    expect(data?.points.map((point) => point.value)).toEqual([93, 65, 4, 70])
  })

  it('is null with fewer than two comparable numbers', () => {
    expect(chartDataFromFacts([], coffee)).toBeNull()
    expect(chartDataFromFacts([fact('Arabica makes up 60% of world production.')], coffee)).toBeNull()
    expect(
      chartDataFromFacts([fact('Brew at 93 °C.'), fact('Arabica makes up 60% of world production.'), fact('Steep for 4 minutes.')], coffee),
    ).toBeNull()
    expect(chartDataFromFacts([fact('Coffee is a popular drink around the world.')], coffee)).toBeNull()
  })

  it('is null for one range alone: its two ends are one measurement', () => {
    expect(chartDataFromFacts([fact('The ideal water temperature for brewing is between 90 and 96 °C.')], coffee)).toBeNull()
  })

  it('drops a repeated label with the same value', () => {
    const sentence = 'Arabica makes up 60% of world production.'
    const data = chartDataFromFacts(
      [fact(sentence, 'ico.org'), fact(sentence, 'usda.gov'), fact('Robusta makes up 40% of world production.')],
      coffee,
    )
    expect(labelsAndValues(data)).toEqual([
      ["Arabica's share of world production", 60],
      ["Robusta's share of world production", 40],
    ])
  })

  it('takes at most 8 points, or maxPoints, keeping a range whole', () => {
    const many = Array.from({ length: 12 }, (_, i) => fact(`Farm ${String.fromCharCode(65 + i)} sells ${10 + i}% of its crop abroad.`))
    expect(chartDataFromFacts(many, coffee)?.points).toHaveLength(8)
    expect(chartDataFromFacts(many, { ...coffee, maxPoints: 3 })?.points).toHaveLength(3)
    const withRange = [
      fact('Arabica makes up 60% of world production.'),
      fact('Beans lose 15–20% of their weight in the roaster.'),
      ...many,
    ]
    const labels = chartDataFromFacts(withRange, { ...coffee, maxPoints: 2 })?.points.map((point) => point.label)
    expect(labels).toEqual(["Arabica's share of world production", "Farm A's share of its crop abroad"])
  })

  it('is deterministic', () => {
    const facts = [...mixed, fact('Espresso extraction takes 25 to 30 seconds.')]
    const first = chartDataFromFacts(facts, coffee)
    expect(chartDataFromFacts(facts, coffee)).toEqual(first)
    expect(renderInfographic(first!, { brandColor: '#8b5a2b' })).toEqual(renderInfographic(first!, { brandColor: '#8b5a2b' }))
  })

  it('titles the chart from the keyword and unit, never echoing a question', () => {
    expect(chartTitle('coffee beans', '%')).toBe('Coffee beans in numbers (%)')
    expect(chartTitle('  best espresso machines ', '')).toBe('Best espresso machines in numbers')
    expect(chartTitle('how long to steep cold brew?', 'hours')).toBe('Key figures: how long to steep cold brew (hours)')
    expect(chartTitle('', '°C')).toBe('Key figures (°C)')
  })
})

describe('formatValue', () => {
  it.each([
    [60, '%', '60%'],
    [1.25, '%', '1.25%'],
    [93, '°C', '93 °C'],
    [4.5, '$', '$4.50'],
    [102e9, '$', '$102 billion'],
    [-2, '€', '-€2'],
    [1, 'minutes', '1 minute'],
    [1200, 'minutes', '1,200 minutes'],
    [25e6, '', '25 million'],
    [12, 'kg per person', '12 kg per person'],
  ])('%s %s → %s', (value, unit, expected) => {
    expect(formatValue(value, unit)).toBe(expected)
  })
})

describe('renderInfographic', () => {
  it('is a well-formed, accessible SVG 1.1 document with a bar and a value per point', () => {
    const { svg, alt } = renderInfographic(twoPoints, { brandColor: '#1d4ed8' })
    expect(XMLValidator.validate(svg)).toBe(true)
    const root = parseSvg(svg).documentElement
    expect(root.tagName).toBe('svg')
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg')
    expect(root.getAttribute('version')).toBe('1.1')
    expect(root.getAttribute('role')).toBe('img')
    expect(root.getAttribute('viewBox')).toBe(`0 0 640 ${root.getAttribute('height')}`)
    const [titleId, descId] = root.getAttribute('aria-labelledby')!.split(' ')
    expect(root.querySelector(`title[id="${titleId}"]`)?.textContent).toBe('Coffee beans in numbers (%)')
    expect(root.querySelector(`desc[id="${descId}"]`)?.textContent).toContain("Arabica's share of world production: 60%")
    expect(root.getAttribute('font-family')).toMatch(/^system-ui, .*sans-serif$/)
    // One background and one bar per point.
    const bars = [...root.querySelectorAll('rect')].slice(1)
    expect(bars).toHaveLength(2)
    expect(bars.every((bar) => bar.getAttribute('fill') === '#1d4ed8')).toBe(true)
    const texts = [...root.querySelectorAll('text')].map((text) => text.textContent)
    expect(texts).toEqual(expect.arrayContaining(['60%', '30%', '100%', 'Source: International Coffee Organization']))
    expect(alt).toBe("Coffee beans in numbers (%). Arabica's share of world production: 60%; Robusta's share of world production: 30%.")
  })

  it('scales percentages to 100 and other units to a round maximum above the largest value', () => {
    const widths = (svg: string) => [...parseSvg(svg).querySelectorAll('rect')].slice(1).map((bar) => Number(bar.getAttribute('width')))
    const percent = renderInfographic(twoPoints, { brandColor: '#000000' }).svg
    const [sixty, thirty] = widths(percent)
    expect(sixty / thirty).toBeCloseTo(2, 1)
    expect(sixty).toBeLessThan(0.6 * 640)
    const minutes: ChartData = {
      ...twoPoints,
      unit: 'minutes',
      points: twoPoints.points.map((point, i) => ({ ...point, value: [4, 37][i], unit: 'minutes' })),
    }
    const svg = renderInfographic(minutes, { brandColor: '#000000' }).svg
    const ticks = [...parseSvg(svg).querySelectorAll('text[text-anchor]')].map((text) => text.textContent)
    expect(ticks).toEqual(['0', '10', '20', '30', '40'])
    expect(svg).toContain('37 minutes')
  })

  it('escapes every text and never emits scripts, handlers or external references', () => {
    const hostile = '</text><script>alert(1)</script>'
    const data: ChartData = {
      title: 'Beans & "brews" <b>',
      unit: '%',
      points: [
        { label: hostile, value: 10, unit: '%', sourceUrl: 'javascript:alert(1)' },
        { label: `<img src=x onerror="alert(2)"> & 'quotes'`, value: 20, unit: '%', sourceUrl: 'https://a.example' },
      ],
      sources: [{ url: 'https://evil.example/<x>', title: '<a href="https://evil.example">Click</a>\u0007' }],
    }
    const { svg, alt } = renderInfographic(data, { brandColor: '#ff0000' })
    expect(XMLValidator.validate(svg)).toBe(true)
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(svg).toContain('Beans &amp; &quot;brews&quot; &lt;b&gt;')
    expect(svg).not.toMatch(/<(?:script|a|image|foreignObject|use|style)\b/i)
    const root = parseSvg(svg).documentElement
    const elements = [root, ...root.querySelectorAll('*')]
    expect(new Set(elements.map((element) => element.tagName))).toEqual(
      new Set(['svg', 'title', 'desc', 'rect', 'text', 'tspan', 'g', 'line']),
    )
    const attributes = elements.flatMap((element) => [...element.attributes].map((attribute) => [attribute.name, attribute.value]))
    expect(attributes.filter(([name]) => /^on|href$/i.test(name))).toEqual([])
    expect(attributes.filter(([name, value]) => name !== 'xmlns' && /https?:|javascript:|url\(/i.test(value))).toEqual([])
    expect([...root.querySelectorAll('tspan')].map((span) => span.textContent).join(' ')).toContain('</text><script>alert(1)</script>')
    expect(alt).toContain(hostile)
  })

  it('darkens a light brand colour until bars reach 3:1 against white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffeb3b', '#ffffff')).toBeLessThan(3)
    const yellow = barColor('#ffeb3b')
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(yellow, '#ffffff')).toBeLessThan(3.2)
    expect(yellow).not.toBe('#ffeb3b')
    expect(barColor('#1d4ed8')).toBe('#1d4ed8')
    const { svg } = renderInfographic(twoPoints, { brandColor: '#FFEB3B' })
    expect(svg).toContain(`fill="${yellow}"`)
    expect(() => renderInfographic(twoPoints, { brandColor: 'purple' })).toThrow(RangeError)
  })

  it('wraps long labels onto at most two lines, ending with an ellipsis', () => {
    const long = 'An extraordinarily long label that goes on and on about brewing ratios, grind sizes and water chemistry'
    const data: ChartData = { ...twoPoints, points: [{ ...twoPoints.points[0], label: long }, twoPoints.points[1]] }
    const root = parseSvg(renderInfographic(data, { brandColor: '#000000', width: 360 }).svg).documentElement
    const label = [...root.querySelectorAll('text')].find((text) => text.textContent.startsWith('An extraordinarily'))!
    const lines = [...label.querySelectorAll('tspan')].map((span) => span.textContent)
    expect(lines).toHaveLength(2)
    expect(lines[1].endsWith('…')).toBe(true)
    expect(root.getAttribute('viewBox')).toMatch(/^0 0 360 /)
  })

  it('grows in height with the number of points', () => {
    const height = (count: number) => {
      const points = Array.from({ length: count }, (_, i) => ({ ...twoPoints.points[0], label: `Point ${i}`, value: 10 * (i + 1) }))
      const { svg } = renderInfographic({ ...twoPoints, points }, { brandColor: '#000000' })
      return Number(parseSvg(svg).documentElement.getAttribute('height'))
    }
    expect(height(4)).toBeGreaterThan(height(2))
    expect(height(8)).toBeGreaterThan(height(4))
  })

  it('refuses an empty chart or a value that is not a number', () => {
    expect(() => renderInfographic({ ...twoPoints, points: [] }, { brandColor: '#000000' })).toThrow(RangeError)
    const broken = { ...twoPoints, points: [{ ...twoPoints.points[0], value: Number.NaN }] }
    expect(() => renderInfographic(broken, { brandColor: '#000000' })).toThrow(RangeError)
  })
})
