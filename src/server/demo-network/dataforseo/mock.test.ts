import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataforseoHandlers } from './mock'
import { intentOf, searchVolume } from './mock-data'
import { serpDomains } from './mock-serp'

const BASE = 'https://dfs.mock.test'
const server = setupServer(...dataforseoHandlers({ baseUrl: BASE }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const auth = `Basic ${Buffer.from('login:password').toString('base64')}`
const post = (path: string, body: unknown, headers: Record<string, string> = { Authorization: auth }) =>
  fetch(`${BASE}/v3/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

describe('DataForSEO mock wire shapes', () => {
  it('answers in the v3 envelope and runs only the first task of a live call', async () => {
    const response = await post('keywords_data/google_ads/search_volume/live', [
      { keywords: ['seo'], location_code: 2840, language_code: 'en' },
      { keywords: ['sem'], location_code: 2840, language_code: 'en' },
    ])
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      status_code: 20000,
      status_message: 'Ok.',
      cost: 0.075,
      tasks_count: 2,
      tasks_error: 1,
    })
    expect(body.time).toMatch(/^\d+\.\d{4} sec\.$/)
    expect(body.tasks[0]).toMatchObject({
      status_code: 20000,
      cost: 0.075,
      result_count: 1,
      path: ['v3', 'keywords_data', 'google_ads', 'search_volume', 'live'],
      data: { api: 'keywords_data', function: 'search_volume', keywords: ['seo'] },
    })
    expect(body.tasks[0].id).toMatch(/^[0-9a-f]{8}-1535-0[0-9a-f]{3}-0000-[0-9a-f]{12}$/)
    expect(body.tasks[1]).toMatchObject({
      status_code: 40000,
      status_message: 'You can set only one task at a time.',
      cost: 0,
      result: null,
    })
  })

  it('fails a keyword over 10 words with 40501 inside HTTP 200', async () => {
    const response = await post('dataforseo_labs/google/keyword_suggestions/live', [
      { keyword: 'one two three four five six seven eight nine ten eleven' },
    ])
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.status_code).toBe(20000)
    expect(body.tasks[0]).toMatchObject({
      status_code: 40501,
      status_message: "Invalid Field: 'keyword'.",
      result: null,
    })
  })

  it('serves every market of the table and refuses a location or language the real API does not serve', async () => {
    const status = async (task: Record<string, unknown>) => {
      const body = await (await post('serp/google/organic/live/advanced', [{ keyword: 'pizza', depth: 10, ...task }])).json()
      return [body.tasks[0].status_code, body.tasks[0].status_message]
    }
    expect(await status({ location_code: 2380, language_code: 'it' })).toEqual([20000, 'Ok.'])
    expect(await status({ location_code: 2392, language_code: 'ja' })).toEqual([20000, 'Ok.'])
    expect(await status({ location_code: 2158, language_code: 'zh-TW' })).toEqual([20000, 'Ok.'])
    expect(await status({ location_code: 2643, language_code: 'ru' })).toEqual([40501, "Invalid Field: 'location_code'."])
    expect(await status({ location_code: 2380, language_code: 'xx' })).toEqual([40501, "Invalid Field: 'language_code'."])
  })

  it('answers 401 without Basic auth', async () => {
    const response = await post('serp/google/organic/live/advanced', [{ keyword: 'seo' }], {})
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ status_code: 40100, tasks: null })
  })

  it('spreads volumes like real keywords: head terms in the thousands, the long tail mostly small', () => {
    const heads = Array.from({ length: 200 }, (_, i) => searchVolume(`keyword ${i}`))
    const tails = Array.from({ length: 200 }, (_, i) => searchVolume(`best keyword ${i} for small business`))
    expect(heads.every((v) => v >= 1000 && v <= 50_000)).toBe(true)
    expect(heads.some((v) => v >= 10_000)).toBe(true)
    expect(tails.filter((v) => v <= 500).length).toBeGreaterThan(150)
    expect(new Set([...heads, ...tails]).size).toBeGreaterThan(15)
  })

  it('answers a SERP from sites plausible for the query, and invents no domain however deep', async () => {
    const domainsFor = async (keyword: string, depth: number) => {
      const response = await post('serp/google/organic/live/advanced', [{ keyword, depth, location_code: 2826, language_code: 'en' }])
      const items = (await response.json()).tasks[0].result[0].items as Array<{ type: string; domain: string }>
      return items.filter((item) => item.type === 'organic').map((item) => item.domain.replace(/^www\./, ''))
    }
    const topical = {
      'sourdough bread': [
        'kingarthurbaking.com',
        'bbcgoodfood.com',
        'theperfectloaf.com',
        'bakerybits.co.uk',
        'gailsbread.co.uk',
        'bettys.co.uk',
        'allrecipes.com',
        'seriouseats.com',
      ],
      'project management software': [
        'g2.com',
        'capterra.com',
        'asana.com',
        'monday.com',
        'clickup.com',
        'atlassian.com',
        'zapier.com',
        'getapp.com',
        'teamwork.com',
        'wrike.com',
      ],
      'west highland way': [
        'alltrails.com',
        'walkhighlands.co.uk',
        'rei.com',
        'outdoorgearlab.com',
        'komoot.com',
        'ramblers.org.uk',
        'cicerone.co.uk',
        'backpacker.com',
      ],
    }
    for (const [keyword, sites] of Object.entries(topical)) {
      const found = await domainsFor(keyword, 10)
      expect(found).toHaveLength(10)
      // Seven results from sites of the query's topic, three from sites that rank for anything.
      expect(
        found.filter((domain) => sites.includes(domain)),
        keyword,
      ).toHaveLength(7)
    }
    const deep = await domainsFor('sourdough bread', 40)
    expect(deep).toHaveLength(40)
    expect(new Set(deep)).toEqual(new Set(serpDomains('sourdough bread')))
  })

  it('reads intent from the keyword words', () => {
    expect(intentOf('cheap flights').label).toBe('transactional')
    expect(intentOf('why is the sky blue').label).toBe('informational')
    expect(intentOf('notion vs obsidian').label).toBe('commercial')
    expect(intentOf('facebook login').label).toBe('navigational')
  })
})
