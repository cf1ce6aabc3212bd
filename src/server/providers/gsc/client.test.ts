import { describe, expect, it } from 'vitest'
import { demoIdentity, issueAccessToken } from '~/server/demo-network/google/demo-identity'
import { ProviderError } from '../http'
import { injectFault, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { createSearchConsoleClient, GSC_SCOPE } from './client'
import { gscHandlers } from '~/server/demo-network/gsc/mock'
import { useMockServer } from '~tests/fixtures/mock-server'

useMockServer(...gscHandlers())

const identity = demoIdentity('owner@acme.io')
const DOMAIN_PROPERTY = 'sc-domain:acme.io'
const EMPTY_PROPERTY = 'https://blog.acme.io/'

function client(options: { token?: string; timeoutMs?: number; retries?: number } = {}) {
  const sleeps: number[] = []
  const gsc = createSearchConsoleClient({
    accessToken: async () => options.token ?? issueAccessToken(identity, `openid email ${GSC_SCOPE}`),
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.5,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
  })
  return { gsc, sleeps }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a ProviderError')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError)
      return error as ProviderError
    },
  )

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
const lastMonth = { startDate: daysAgo(40), endDate: daysAgo(11) }

describe('Search Console client against its mock', () => {
  it('lists the properties of the token’s user', async () => {
    expect(await client().gsc.listSites()).toEqual([
      { siteUrl: DOMAIN_PROPERTY, permissionLevel: 'siteOwner' },
      { siteUrl: EMPTY_PROPERTY, permissionLevel: 'siteFullUser' },
    ])
  })

  it('reads search analytics rows in dimension order, the same every time', async () => {
    const { gsc } = client()
    const rows = await gsc.searchAnalytics({ siteUrl: DOMAIN_PROPERTY, ...lastMonth, dimensions: ['query', 'page'] })
    expect(rows.length).toBeGreaterThan(5)
    for (const row of rows) {
      expect(row.keys).toHaveLength(2)
      expect(row.keys[1]).toMatch(/^https:\/\/acme\.io\/blog\//)
      expect(row.clicks).toBeLessThanOrEqual(row.impressions)
      expect(row.ctr).toBeCloseTo(row.clicks / row.impressions)
      expect(row.position).toBeGreaterThanOrEqual(1)
    }
    expect(rows.map((row) => row.clicks)).toEqual([...rows.map((row) => row.clicks)].sort((a, b) => b - a))
    expect(await gsc.searchAnalytics({ siteUrl: DOMAIN_PROPERTY, ...lastMonth, dimensions: ['query', 'page'] })).toEqual(rows)
  })

  it('pages with startRow until a page comes back short', async () => {
    const { gsc } = client()
    const all = await gsc.searchAnalytics({ siteUrl: DOMAIN_PROPERTY, ...lastMonth, dimensions: ['query', 'date'] })
    expect(mockRequestCount('gsc')).toBe(1)
    expect(all.length).toBeGreaterThan(200)
    resetMockRequestCounts()
    const paged = await gsc.searchAnalytics({ siteUrl: DOMAIN_PROPERTY, ...lastMonth, dimensions: ['query', 'date'], rowLimit: 100 })
    expect(paged).toEqual(all)
    expect(mockRequestCount('gsc')).toBe(Math.floor(all.length / 100) + 1)
  })

  it('reads an answer without rows (no data) as no rows', async () => {
    const { gsc } = client()
    expect(await gsc.searchAnalytics({ siteUrl: EMPTY_PROPERTY, ...lastMonth, dimensions: ['query'] })).toEqual([])
    // The last days are not in yet, as on Google.
    const today = new Date().toISOString().slice(0, 10)
    expect(await gsc.searchAnalytics({ siteUrl: DOMAIN_PROPERTY, startDate: today, endDate: today, dimensions: ['query'] })).toEqual([])
  })

  it('lists sitemaps with their counts as numbers, and none for a property without', async () => {
    const { gsc } = client()
    const sitemaps = await gsc.listSitemaps(DOMAIN_PROPERTY)
    expect(sitemaps.map((sitemap) => sitemap.path)).toEqual(['https://acme.io/sitemap.xml', 'https://acme.io/post-sitemap.xml'])
    expect(sitemaps[0]).toMatchObject({ isPending: false, errors: 0, warnings: 0 })
    expect(sitemaps[0]!.lastSubmitted).toBeInstanceOf(Date)
    expect(await gsc.listSitemaps(EMPTY_PROPERTY)).toEqual([])
  })

  it('honours Retry-After on 429, then succeeds', async () => {
    injectFault('gsc', { kind: 'rate-limit', retryAfterSeconds: 7, times: 1 })
    const { gsc, sleeps } = client()
    expect(await gsc.listSites()).toHaveLength(2)
    expect(sleeps).toEqual([7000])
    expect(mockRequestCount('gsc')).toBe(2)
  })

  it('retries a 5xx with backoff, then succeeds', async () => {
    injectFault('gsc', { kind: 'status', status: 503, times: 2 })
    const { gsc, sleeps } = client()
    expect(await gsc.listSites()).toHaveLength(2)
    expect(sleeps).toEqual([375, 750])
    expect(mockRequestCount('gsc')).toBe(3)
  })

  it('gives up on a 5xx that persists, saying so', async () => {
    injectFault('gsc', { kind: 'status', status: 500, body: { error: { code: 500, message: 'Backend Error', status: 'INTERNAL' } } })
    const error = await failure(client({ retries: 2 }).gsc.listSites())
    expect(error.message).toBe(
      'Google Search Console is having problems (HTTP 500: Backend Error) and still failed after 3 attempts. Try again later.',
    )
  })

  it('times out a slow answer', async () => {
    injectFault('gsc', { kind: 'slow', delayMs: 500 })
    const error = await failure(client({ timeoutMs: 50, retries: 1 }).gsc.listSites())
    expect(error.kind).toBe('timeout')
    expect(error.message).toBe('Google Search Console did not answer within 1 second (2 attempts). Try again in a few minutes.')
  })

  it('reports a malformed body', async () => {
    injectFault('gsc', { kind: 'malformed', times: 1 })
    const error = await failure(client().gsc.listSites())
    expect(error.kind).toBe('malformed')
    expect(error.message).toBe(
      'Google Search Console sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
  })

  it('asks the user to reconnect on 401 (expired token), without retrying', async () => {
    const expired = issueAccessToken(identity, GSC_SCOPE, Date.now() - 2 * 3600_000)
    const error = await failure(client({ token: expired }).gsc.listSites())
    expect(error).toMatchObject({ kind: 'auth', status: 401, attempts: 1 })
    expect(error.message).toBe(
      'Google Search Console refused access to your account (HTTP 401). Reconnect Search Console on Integrations and try again.',
    )
  })

  it('asks the user to reconnect on 403 (scope not granted)', async () => {
    const error = await failure(client({ token: issueAccessToken(identity, 'openid email profile') }).gsc.listSites())
    expect(error).toMatchObject({ kind: 'auth', status: 403 })
    expect(error.message).toContain('Reconnect Search Console on Integrations')
  })

  it('refuses a property the user has no access to (403)', async () => {
    const error = await failure(client().gsc.listSitemaps('sc-domain:someone-else.com'))
    expect(error.status).toBe(403)
  })
})
