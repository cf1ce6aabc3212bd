import { describe, expect, it } from 'vitest'
import {
  cpc,
  ideasFor,
  intentOf,
  keywordDifficulty,
  monthlySearches,
  profileOf,
  rankedFor,
  relatedFor,
  searchVolume,
  searchVolumeTrend,
  singular,
  splitName,
  suggestionsFor,
  topicOf,
} from './mock-data'

/** Everything keyword research can get from one seed: suggestions, related keywords to depth 2, ideas. */
const expansionsOf = (seed: string) => [
  ...new Set([...suggestionsFor(seed, 1000), ...relatedFor(seed, 2, 1000).map((item) => item.keyword), ...ideasFor([seed], 1000)]),
]
const SEEDS = ['specialty coffee beans', 'seo audit', 'hiking boots']
const SOFTWARE_WORDS = /\b(software|templates?|tools?|strategy|course|statistics)\b/
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const wordsOf = (text: string) => text.split(' ').map(singular)

describe.each(SEEDS)('mock expansions of "%s"', (seed) => {
  const expansions = expansionsOf(seed).filter((keyword) => keyword !== seed)
  const topic = profileOf(seed).topic!

  it('are many, and valid DataForSEO keywords', () => {
    expect(topic).toBeDefined()
    expect(expansions.length).toBeGreaterThan(40)
    for (const keyword of expansions) {
      expect(keyword.length, keyword).toBeLessThanOrEqual(80)
      expect(keyword.split(' ').length, keyword).toBeLessThanOrEqual(10)
      expect(keyword, keyword).toBe(keyword.trim().toLowerCase())
    }
  })

  it('put a verb after "how to", never the noun phrase', () => {
    const howTo = expansions.filter((keyword) => keyword.startsWith('how to '))
    expect(howTo.length).toBeGreaterThan(2)
    for (const keyword of howTo) {
      const next = keyword.split(' ')[2]!
      expect(wordsOf(seed), keyword).not.toContain(singular(next))
      expect(['a', 'an', 'the'], keyword).not.toContain(next)
    }
    expect(expansions).not.toContain(`how to ${seed}`)
  })

  it('stay on the topic: each has a word of the seed or of its topic and siblings', () => {
    const known = new Set([...wordsOf(seed), ...topic.words.flatMap(wordsOf), ...topic.siblings.flatMap(wordsOf)])
    for (const keyword of expansions)
      expect(
        wordsOf(keyword).some((word) => known.has(word)),
        keyword,
      ).toBe(true)
  })

  it('repeat no modifier', () => {
    for (const keyword of expansions) {
      // A comparison names the thing twice ("hiking boots vs hiking shoes"); each side stays free of repeats.
      const words = keyword
        .split(' vs ')[0]!
        .replace(' step by step', '')
        .split(' ')
        .filter((word) => !['a', 'an', 'the', 'to', 'for', 'of', 'is', 'are', 'in', 'vs'].includes(word))
      expect(new Set(words.map(singular)).size, keyword).toBe(words.length)
    }
  })

  it('search the seed more than its long tail, and the long tail mostly 10–500 times a month', () => {
    const seedVolume = searchVolume(seed)
    const longTail = expansions.filter((keyword) => keyword.split(' ').length >= 4).map(searchVolume)
    expect(longTail.length).toBeGreaterThan(15)
    expect(median(longTail)).toBeLessThan(seedVolume)
    expect(longTail.filter((volume) => volume >= 10 && volume <= 500).length / longTail.length).toBeGreaterThan(0.8)
    expect(new Set(longTail).size).toBeGreaterThan(4)
  })

  it('rate difficulty 0–100, harder for head terms than for the long tail', () => {
    const difficulty = [seed, ...expansions].map((keyword) => ({ keyword, kd: keywordDifficulty(keyword) }))
    for (const { keyword, kd } of difficulty) {
      expect(kd, keyword).toBeGreaterThanOrEqual(0)
      expect(kd, keyword).toBeLessThanOrEqual(100)
    }
    const heads = difficulty.filter((item) => item.keyword.split(' ').length <= 2).map((item) => item.kd)
    const tail = difficulty.filter((item) => item.keyword.split(' ').length >= 4).map((item) => item.kd)
    expect(mean(heads)).toBeGreaterThan(40)
    expect(mean(tail)).toBeLessThan(35)
    expect(mean(heads)).toBeGreaterThan(mean(tail) + 15)
  })

  it('read intent from the modifiers, and charge more per click for searches ready to buy', () => {
    for (const keyword of expansions) {
      const { label } = intentOf(keyword)
      if (/^(how|why) /.test(keyword)) expect(label, keyword).toBe('informational')
      else if (/^best |\bvs\b|worth it$/.test(keyword)) expect(label, keyword).toBe('commercial')
      else if (/^(buy|cheap) |\b(price|near me|subscription)$/.test(keyword)) expect(label, keyword).toBe('transactional')
    }
    const cpcOf = (label: string) => mean(expansions.filter((keyword) => intentOf(keyword).label === label).map(cpc))
    expect(cpcOf('transactional')).toBeGreaterThan(cpcOf('informational'))
  })

  it('answer the same for the same request', () => {
    const now = new Date(Date.UTC(2026, 0, 15))
    expect(expansionsOf(seed)).toEqual(expansions.length ? expansionsOf(seed) : [])
    for (const keyword of [seed, ...expansions.slice(0, 30)]) {
      expect(monthlySearches(keyword, now)).toEqual(monthlySearches(keyword, now))
      expect([searchVolume(keyword), keywordDifficulty(keyword), cpc(keyword), intentOf(keyword)]).toEqual([
        searchVolume(keyword),
        keywordDifficulty(keyword),
        cpc(keyword),
        intentOf(keyword),
      ])
    }
  })
})

describe('mock expansions by domain', () => {
  it('use software and marketing words only for software and marketing seeds', () => {
    for (const seed of ['specialty coffee beans', 'hiking boots']) {
      for (const keyword of expansionsOf(seed)) expect(keyword, keyword).not.toMatch(SOFTWARE_WORDS)
    }
    expect(expansionsOf('seo audit').some((keyword) => SOFTWARE_WORDS.test(keyword))).toBe(true)
  })

  it('search "near me" for things bought or done nearby, not for an SEO audit', () => {
    expect(suggestionsFor('specialty coffee beans', 100)).toContain('specialty coffee beans near me')
    expect(suggestionsFor('hiking boots', 100)).toContain('hiking boots near me')
    expect(expansionsOf('seo audit').filter((keyword) => keyword.endsWith('near me'))).toEqual([])
  })

  it('phrase questions by what the seed names', () => {
    expect(suggestionsFor('specialty coffee beans', 100)).toEqual(
      expect.arrayContaining([
        'how to choose specialty coffee beans',
        'how to store specialty coffee beans',
        'are specialty coffee beans worth it',
        'how long do specialty coffee beans last',
        'best specialty coffee beans for espresso',
      ]),
    )
    expect(suggestionsFor('seo audit', 100)).toEqual(
      expect.arrayContaining(['how to do an seo audit', 'what is an seo audit', 'seo audit checklist', 'free seo audit']),
    )
    expect(suggestionsFor('hiking boots', 100)).toEqual(
      expect.arrayContaining(['how to break in hiking boots', 'hiking boots vs hiking shoes', 'best hiking boots for women']),
    )
    expect(suggestionsFor('coffee grinder', 100)).toContain('how to clean a coffee grinder')
    // A seed that is already a question only gets endings.
    for (const keyword of suggestionsFor('how to dial in espresso', 100)) expect(keyword.startsWith('how to dial in espresso ')).toBe(true)
  })

  it('relate a seed to neighbouring phrasings and sibling topics', () => {
    const related = relatedFor('specialty coffee beans', 1, 100).map((item) => item.keyword)
    expect(related[0]).toBe('specialty coffee beans')
    expect(related).toContain('coffee beans')
    expect(
      related.some((keyword) => /^(light|medium|dark) roast coffee beans$|^(organic|arabica|single origin) coffee beans$/.test(keyword)),
    ).toBe(true)
    expect(related.some((keyword) => topicOf('specialty coffee beans')!.siblings.includes(keyword))).toBe(true)
  })

  it('mix keyword ideas across the seeds', () => {
    const ideas = ideasFor(['specialty coffee beans', 'hiking boots', 'seo audit'], 30)
    expect(ideas).toHaveLength(30)
    const topics = ideas.slice(0, 6).map((keyword) => topicOf(keyword)?.id)
    expect(new Set(topics)).toEqual(new Set(['coffee', 'outdoor', 'marketing']))
  })

  it('spread volumes over a long tail: head terms 1k–50k, a few long phrases above 500', () => {
    const all = SEEDS.flatMap(expansionsOf)
    const heads = all.filter((keyword) => keyword.split(' ').length <= 2).map(searchVolume)
    expect(heads.every((volume) => volume >= 1000 && volume <= 50_000)).toBe(true)
    const volumes = all.map(searchVolume)
    expect(median(volumes)).toBeLessThan(300)
    expect(volumes.filter((volume) => volume >= 1000).length).toBeGreaterThan(10)
  })
})

describe('mock monthly searches', () => {
  const now = new Date(Date.UTC(2026, 0, 15))
  const peakMonths = (keyword: string) => {
    const series = monthlySearches(keyword, now)
    const top = Math.max(...series.map((item) => item.search_volume))
    return series.filter((item) => item.search_volume === top).map((item) => item.month)
  }

  it('covers the last 12 complete months, newest first, averaging to the volume', () => {
    for (const keyword of [...SEEDS, 'best coffee grinder for espresso', 'raised garden beds']) {
      const series = monthlySearches(keyword, now)
      expect(series).toHaveLength(12)
      expect(series[0]).toMatchObject({ year: 2025, month: 12 })
      expect(series[11]).toMatchObject({ year: 2025, month: 1 })
      const average = mean(series.map((item) => item.search_volume))
      expect(Math.abs(average - searchVolume(keyword)) / searchVolume(keyword), keyword).toBeLessThan(0.2)
    }
  })

  it('peaks in the season of the topic: coffee in winter, hiking and gardening in spring and summer, travel in summer', () => {
    for (const keyword of ['specialty coffee beans', 'coffee beans', 'espresso beans', 'single origin coffee']) {
      expect(
        peakMonths(keyword).some((month) => [11, 12, 1, 2].includes(month)),
        keyword,
      ).toBe(true)
    }
    for (const keyword of ['hiking boots', 'raised garden beds']) {
      expect(
        peakMonths(keyword).some((month) => month >= 3 && month <= 8),
        keyword,
      ).toBe(true)
    }
    expect(peakMonths('cheap flights').some((month) => month >= 5 && month <= 8)).toBe(true)
    const coffee = monthlySearches('specialty coffee beans', now)
    const winter = mean(coffee.filter((item) => [12, 1, 2].includes(item.month)).map((item) => item.search_volume))
    const summer = mean(coffee.filter((item) => [6, 7, 8].includes(item.month)).map((item) => item.search_volume))
    expect(winter).toBeGreaterThan(summer * 1.2)
  })

  it('drifts gently up for some keywords and down for others', () => {
    const yearly = SEEDS.flatMap((seed) => suggestionsFor(seed, 40))
      .filter((keyword) => searchVolume(keyword) >= 1000)
      .concat(SEEDS)
      .map((keyword) => monthlySearches(keyword, now))
      .map((series) => mean(series.slice(0, 6).map((item) => item.search_volume)) / mean(series.slice(6).map((item) => item.search_volume)))
    expect(Math.max(...yearly)).toBeLessThan(1.6)
    expect(Math.min(...yearly)).toBeGreaterThan(0.6)
    expect(searchVolumeTrend('hiking boots', now)).toEqual({
      monthly: expect.any(Number),
      quarterly: expect.any(Number),
      yearly: expect.any(Number),
    })
  })
})

describe('mock ranked keywords of a competitor', () => {
  it('splits a domain name into words', () => {
    expect(splitName('bluebottlecoffee')).toEqual(['blue', 'bottle', 'coffee'])
    expect(splitName('counterculturecoffee')).toEqual(['counter', 'culture', 'coffee'])
    expect(splitName('northwindcoffee')).toEqual(['northwind', 'coffee'])
    expect(splitName('brewgeargeek')).toEqual(['brew', 'gear', 'geek'])
  })

  it('ranks first for its own name, then for keywords of its topic on its own pages', () => {
    const ranked = rankedFor('bluebottlecoffee.com', 30)
    expect(ranked).toHaveLength(30)
    expect(ranked[0]).toMatchObject({ keyword: 'blue bottle coffee', rank: 1, url: 'https://bluebottlecoffee.com/blue-bottle-coffee' })
    for (const item of ranked) {
      expect(item.rank).toBeGreaterThanOrEqual(1)
      expect(item.rank).toBeLessThanOrEqual(50)
      expect(item.url.startsWith('https://bluebottlecoffee.com/')).toBe(true)
      // The page's slug comes from the keyword.
      const slugWords = item.url.split('/').at(-1)!.split('-')
      expect(
        slugWords.some((word) => item.keyword.split(' ').includes(word)),
        item.url,
      ).toBe(true)
    }
    const onTopic = ranked.slice(1).filter((item) => ['coffee', 'coffee gear'].includes(topicOf(item.keyword)?.id ?? ''))
    expect(onTopic.length).toBeGreaterThan(25)
    expect(new Set(ranked.map((item) => item.rank)).size).toBeGreaterThan(10)
    expect(rankedFor('bluebottlecoffee.com', 30)).toEqual(ranked)
  })

  it('guesses the topic of a hyphenated name, and falls back to the name itself', () => {
    const bakery = rankedFor('acme-bakery.com', 20)
    expect(bakery[0]!.keyword).toBe('acme bakery')
    expect(bakery.filter((item) => topicOf(item.keyword)?.id === 'baking').length).toBeGreaterThan(15)
    const unknown = rankedFor('zyxwv.example', 10)
    expect(unknown[0]!.keyword).toBe('zyxwv')
    expect(unknown.length).toBeGreaterThan(3)
  })
})
