import { describe, expect, it } from 'vitest'
import type { ProviderError } from '../http'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { parseEnv } from '~/env'
import { createDataForSeoClient, dataForSeoClientFromEnv } from './client'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { useMockServer } from '~tests/fixtures/mock-server'
import { MARKET_COUNTRIES } from '~/shared/markets'

useMockServer(...dataforseoHandlers())

function client(options: { password?: string; timeoutMs?: number } = {}) {
  const sleeps: number[] = []
  const dataforseo = createDataForSeoClient({
    login: 'demo@rankpilot.test',
    password: options.password ?? 'secret',
    timeoutMs: options.timeoutMs,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
  })
  return { dataforseo, sleeps }
}

const US = { country: 'us', language: 'en' }
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => error as ProviderError,
  )

describe('DataForSEO client against its mock', () => {
  it('parses search volume into our rows, with the cost of the call', async () => {
    const { data, cost } = await client().dataforseo.searchVolume(['SEO tools', 'buy running shoes'], US)
    expect(cost).toBe(0.075)
    expect(data.map((row) => row.keyword)).toEqual(['seo tools', 'buy running shoes'])
    for (const row of data) {
      expect(row.searchVolume).toBeGreaterThanOrEqual(10)
      expect(row.competition).toMatch(/^(LOW|MEDIUM|HIGH)$/)
      expect(row.competitionIndex).toBeGreaterThanOrEqual(0)
      expect(row.competitionIndex).toBeLessThanOrEqual(100)
      expect(row.monthlySearches).toHaveLength(12)
    }
    // Deterministic: the same keyword gets the same numbers.
    const again = await client().dataforseo.searchVolume(['seo tools'], US)
    expect(again.data[0]).toEqual(data[0])
  })

  it('parses suggestions, related keywords, ideas, difficulty and intent', async () => {
    const { dataforseo } = client()
    const suggestions = await dataforseo.keywordSuggestions('coffee grinder', { ...US, limit: 5 })
    expect(suggestions.data).toHaveLength(5)
    expect(suggestions.cost).toBeGreaterThan(0)
    for (const item of suggestions.data) {
      expect(item.keyword).toContain('coffee grinder')
      expect(item.difficulty).toBeGreaterThanOrEqual(0)
      expect(item.difficulty).toBeLessThanOrEqual(100)
      expect(item.competition).toBeGreaterThanOrEqual(0)
      expect(item.competition).toBeLessThanOrEqual(1)
      expect(item.serpFeatures).toContain('organic')
    }

    const related = await dataforseo.relatedKeywords('coffee grinder', { ...US, depth: 2, limit: 20 })
    expect(related.data[0]).toMatchObject({ keyword: 'coffee grinder', depth: 0 })
    expect(new Set(related.data.map((item) => item.depth))).toEqual(new Set([0, 1, 2]))

    const ideas = await dataforseo.keywordIdeas(['espresso', 'latte art'], { ...US, limit: 8 })
    expect(ideas.data).toHaveLength(8)

    const difficulty = await dataforseo.keywordDifficulty(['coffee grinder', 'espresso'], US)
    expect(difficulty.data.map((d) => d.keyword)).toEqual(['coffee grinder', 'espresso'])

    const intent = await dataforseo.searchIntent(['buy coffee grinder', 'how to grind coffee', 'best coffee grinder', 'amazon'], US)
    expect(intent.data.map((i) => i.intent)).toEqual(['transactional', 'informational', 'commercial', 'navigational'])
  })

  it('parses competitors, ranked keywords and the organic SERP with people also ask', async () => {
    const { dataforseo } = client()
    const competitors = await dataforseo.competitors('acme-bakery.com', { ...US, limit: 5 })
    expect(competitors.data).toHaveLength(5)
    expect(competitors.data[0]!.intersections).toBeGreaterThan(competitors.data[4]!.intersections)

    const ranked = await dataforseo.rankedKeywords('acme-bakery.com', { ...US, limit: 4 })
    expect(ranked.data[0]).toMatchObject({ keyword: 'acme bakery', url: 'https://acme-bakery.com/acme-bakery' })
    expect(ranked.data[0]!.rank).toBeGreaterThanOrEqual(1)

    const serp = await dataforseo.organicSerp('sourdough starter', { country: 'gb', depth: 10 })
    expect(serp.data.organic.map((o) => o.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(serp.data.peopleAlsoAsk[0]).toMatchObject({ question: 'What is sourdough starter?' })
    expect(serp.data.peopleAlsoAsk[0]!.answer).toContain('sourdough starter')
  })

  it('refuses an unknown country before calling', async () => {
    const error = await failure(client().dataforseo.searchVolume(['seo'], { country: 'xx' }))
    expect(error.message).toBe(
      `Keyword data is not available for the country "xx". Choose one of the ${MARKET_COUNTRIES.length} countries in Settings.`,
    )
    expect(mockRequestCount('dataforseo')).toBe(0)
  })

  it('turns 40501 inside HTTP 200 into a message naming the invalid field', async () => {
    const long = 'how to choose the best ergonomic office chair for long working days at home'
    const error = await failure(client().dataforseo.searchVolume(['seo', long], US))
    expect(error).toMatchObject({ kind: 'task', status: 40501, attempts: 1 })
    expect(error.message).toBe(
      `DataForSEO rejected the request: the field "keywords" is invalid (40501: Invalid Field: 'keywords'.). A keyword may have at most 80 characters and 10 words; shorten it and try again.`,
    )
    expect(mockRequestCount('dataforseo')).toBe(1)
  })

  it('answers a wrong password with HTTP 401 and says which settings to check', async () => {
    const error = await failure(client({ password: 'wrong' }).dataforseo.keywordDifficulty(['seo'], US))
    expect(error).toMatchObject({ kind: 'auth', status: 401, attempts: 1 })
    expect(error.message).toBe(
      'DataForSEO refused our credentials (HTTP 401: You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access). Check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.',
    )
  })

  it('honours Retry-After on a 429', async () => {
    injectFault('dataforseo', { kind: 'rate-limit', retryAfterSeconds: 2, times: 1 })
    const { dataforseo, sleeps } = client()
    const { data } = await dataforseo.keywordDifficulty(['seo'], US)
    expect(data).toHaveLength(1)
    expect(sleeps).toEqual([2000])
    expect(mockRequestCount('dataforseo')).toBe(2)
  })

  it('retries a 5xx, then succeeds', async () => {
    injectFault('dataforseo', { kind: 'status', status: 500, times: 2 })
    const { dataforseo, sleeps } = client()
    const { data } = await dataforseo.keywordSuggestions('seo', { ...US, limit: 3 })
    expect(data).toHaveLength(3)
    expect(mockRequestCount('dataforseo')).toBe(3)
    expect(sleeps).toEqual([375, 750])
  })

  it('times out a slow answer', async () => {
    injectFault('dataforseo', { kind: 'slow', delayMs: 500 })
    const error = await failure(client({ timeoutMs: 40 }).dataforseo.searchVolume(['seo'], US))
    expect(error).toMatchObject({ kind: 'timeout', attempts: 4 })
    expect(error.message).toBe('DataForSEO did not answer within 1 second (4 attempts). Try again in a few minutes.')
  })

  it('calls a malformed body malformed', async () => {
    injectFault('dataforseo', { kind: 'malformed' })
    const error = await failure(client().dataforseo.organicSerp('seo', US))
    expect(error).toMatchObject({ kind: 'malformed' })
    expect(error.message).toBe(
      'DataForSEO sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
  })

  it.each([
    [
      40000,
      'You can set only one task at a time.',
      'DataForSEO runs one task per request on live endpoints (40000: You can set only one task at a time.). Send the keywords as one task.',
    ],
    [
      40101,
      'Internal Error.',
      'DataForSEO had an internal error while running the request (40101: Internal Error.); the call may still be billed. Try again in a few minutes.',
    ],
    [
      40100,
      'You are not authorized to access this resource.',
      'DataForSEO refused our credentials (40100: You are not authorized to access this resource.). Check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.',
    ],
    [
      40200,
      'Payment Required.',
      'DataForSEO says the account has no credit left (40200: Payment Required.). Top up the DataForSEO account, then try again.',
    ],
  ])('turns top-level status %i inside HTTP 200 into a message the user can act on', async (code, statusMessage, message) => {
    const body = {
      version: '0.1.20250526',
      status_code: code,
      status_message: statusMessage,
      time: '0.01 sec.',
      cost: 0,
      tasks_count: 0,
      tasks_error: 0,
      tasks: null,
    }
    injectFault('dataforseo', { kind: 'status', status: 200, body })
    const error = await failure(client().dataforseo.searchVolume(['seo'], US))
    expect(error).toMatchObject({ kind: 'task', status: code, message })
  })

  it('answers HTTP 402 with the top-up message', async () => {
    injectFault('dataforseo', {
      kind: 'status',
      status: 402,
      body: { status_code: 40200, status_message: 'Payment Required.' },
    })
    const error = await failure(client().dataforseo.searchVolume(['seo'], US))
    expect(error.message).toBe(
      'DataForSEO says the account has no credit left (HTTP 402: Payment Required.). Top up the DataForSEO account, then try again.',
    )
  })

  it('runs on the mock with placeholder credentials when the env has none (demo mode)', async () => {
    const { data } = await dataForSeoClientFromEnv(parseEnv({})).keywordDifficulty(['seo'], US)
    expect(data).toHaveLength(1)
  })
})
