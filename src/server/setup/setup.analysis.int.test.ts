import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import type { TestApp } from '~tests/fixtures/test-app'
import { crawlSite } from '~/server/crawl/crawler'
import { safeFetcher, SafeFetchError } from '~/server/outbound/safe-fetch'
import type { TestSite } from '~tests/fixtures/test-site'
import { crawl } from '~/server/db/schema'
import { GENERIC_JOB_ERROR } from '~/server/jobs/errors'
import { SITE_DESCRIPTION, SITE_NAME, startBusinessSite } from '~tests/fixtures/setup-test-site'
import { startSetupTestEnv, waitForJob } from '~tests/fixtures/setup-test-env'
import { classifyReachFailure } from './reach-failure'
import type { SiteAnalysisResult } from './site-analysis'

// Step 1's analysis end to end: setup.analyze queues business.analyze, a worker crawls the site
// this test serves on 127.0.0.1, keeps the crawl, and the (mocked) LLM fills the profile from it.
let env: Awaited<ReturnType<typeof startSetupTestEnv>>
let app: TestApp
let site: TestSite
let owner: { userId: string; cookie: string }
let stranger: { userId: string; cookie: string }
let analysis: { jobId: string; result: SiteAnalysisResult }

beforeAll(async () => {
  env = await startSetupTestEnv()
  app = env.app
  site = await startBusinessSite()
  owner = await app.signUp({ plan: 'Growth' })
  stranger = await app.signUp({ plan: 'Growth' })
  const { jobId } = await rpcClient(app, owner.cookie).setup.analyze({ url: site.origin })
  const run = await waitForJob(app, jobId)
  expect(run.state).toBe('completed')
  analysis = { jobId, result: await rpcClient(app, owner.cookie).setup.analysisResult({ jobId }) }
}, 60_000)
afterAll(async () => {
  await site?.close()
  await env?.close()
})

describe('setup.analyze → business.analyze job', () => {
  it('fills the profile from what the site says', () => {
    const { profile } = analysis.result
    expect(profile.name).toBe(SITE_NAME)
    // The meta description, word for word.
    expect(profile.description).toBe(SITE_DESCRIPTION)
    // Every profile field is present; the lists come from the site's headings and items.
    for (const list of [
      'targetAudiences',
      'services',
      'primaryServices',
      'coreProducts',
      'customerProblems',
      'competitiveAdvantages',
      'targetOutcomes',
      'seedKeywords',
    ] as const) {
      expect(Array.isArray(profile[list]), list).toBe(true)
    }
    expect(profile.services.join(' ')).toMatch(/Leak repair|Boiler servicing|Drain clearing/)
    expect(profile.seedKeywords.length).toBeGreaterThan(0)
    expect(typeof profile.industry).toBe('string')
    expect(typeof profile.businessModel).toBe('string')
    expect(typeof profile.valueProposition).toBe('string')
  })

  it('actually crawled the site, robots.txt first', () => {
    const paths = site.requests.map((request) => request.path)
    expect(paths[0]).toBe('/robots.txt')
    expect(paths).toEqual(expect.arrayContaining(['/', '/sitemap.xml', '/about', '/services', '/blog']))
    expect(site.requests.every((request) => String(request.headers['user-agent']).startsWith('RankpilotBot/1.0'))).toBe(true)
  })

  it('detects the sitemap and blog and proposes blog posts, newest first', () => {
    const { structure } = analysis.result
    expect(structure.sitemapUrl).toBe(`${site.origin}/sitemap.xml`)
    expect(structure.blogUrl).toBe(`${site.origin}/blog`)
    expect(structure.articleCandidates.map((candidate) => candidate.url)).toEqual([
      `${site.origin}/blog/boiler-care-before-winter`,
      `${site.origin}/blog/fix-a-dripping-tap`,
      `${site.origin}/blog/unblock-a-drain`,
    ])
    expect(structure.bestArticles).toEqual(structure.articleCandidates.map((candidate) => candidate.url))
  })

  it('keeps the crawl as a crawl row with its data and the analysis', async () => {
    const [row] = await app.db.select().from(crawl).where(eq(crawl.id, analysis.result.crawlId))
    expect(row).toMatchObject({ url: site.origin, status: 'analyzed' })
    expect((row.data as { sitemapUrl: string }).sitemapUrl).toBe(`${site.origin}/sitemap.xml`)
    expect((row.data as { pages: { url: string }[] }).pages.map((p) => p.url)).toContain(`${site.origin}/about`)
    expect((row.analysis as { name: string }).name).toBe(SITE_NAME)
  })

  it('shows the result only to the user who ran it', async () => {
    const error = await rejectionOf(rpcClient(app, stranger.cookie).setup.analysisResult({ jobId: analysis.jobId }))
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This analysis does not exist, or it is not yours.',
      data: { reason: 'ANALYSIS_NOT_FOUND' },
    })
  })
})

describe('a site that cannot be analysed', () => {
  it('fails the job with the classified sentence (reach-failure.ts), and keeps the failed crawl', async () => {
    const closed = await startBusinessSite()
    const address = closed.origin
    await closed.close()
    const crawlError = await crawlSite(address, { fetcher: safeFetcher(), delayMs: 0 }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(crawlError).toBeInstanceOf(SafeFetchError)
    const expected = `We could not reach ${new URL(address).host} (connection refused).`
    expect(classifyReachFailure(crawlError as SafeFetchError).message).toBe(expected)
    expect(expected).not.toBe(GENERIC_JOB_ERROR)

    const { jobId } = await rpcClient(app, owner.cookie).setup.analyze({ url: address })
    const run = await waitForJob(app, jobId, 20_000)
    expect(run).toMatchObject({ state: 'failed', error: expected })
    const failed = await app.db.select().from(crawl).where(eq(crawl.url, address))
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.every((row) => row.status === 'failed' && (row.data as { error: string }).error === expected)).toBe(true)

    const notReady = await rejectionOf(rpcClient(app, owner.cookie).setup.analysisResult({ jobId }))
    expect(notReady).toMatchObject({ code: 'PRECONDITION_FAILED', data: { reason: 'ANALYSIS_NOT_READY' } })
  }, 30_000)

  it.each([
    ['plain words', 'my plumbing site', 'Website must be a web address such as https://example.com.'],
    ['a host without a dot', 'http://localhost:3000', 'Website must be a web address such as https://example.com.'],
  ])('refuses %s as BAD_REQUEST without queueing anything', async (_name, url, message) => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).setup.analyze({ url }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message, data: { reason: 'INVALID_INPUT' } })
  })

  it('needs a session', async () => {
    const error = await rejectionOf(rpcClient(app).setup.analyze({ url: site.origin }))
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', data: { reason: 'AUTH_REQUIRED' } })
  })
})
