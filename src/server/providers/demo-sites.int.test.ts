import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import { createLlmClient } from '~/server/providers/llm/client'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { analyzeBusinessSite, analyzeCompetitorSite } from '~/server/setup/site-analysis'
import { DEMO_BUSINESS, DEMO_COMPETITORS } from './demo-business'
import { demoSiteAnswer, withDemoSites } from './demo-sites'

// The demo account's sites (.example, which never resolves) are simulated, so a re-analysis on
// /competitors or in settings crawls and reads them like any site (docs/product/services.md).

useMockServer(...llmHandlers())
const llm = createLlmClient({ model: 'gpt-4.1-mini', sleep: async () => {} })

/** Nothing may leave the process: every address the crawl asks for must be a simulated one. */
const asked: string[] = []
const offline: SafeFetcher = async (url) => {
  asked.push(url)
  throw new SafeFetchError({ kind: 'dns', url, message: `We could not reach ${url}.` })
}
const fetcher = withDemoSites(offline)
const progress = () => {}

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('the demo account’s simulated sites', () => {
  it('re-analyses each demo competitor from its simulated site: its own name, description and services', async () => {
    for (const [index, row] of DEMO_COMPETITORS.entries()) {
      const { analysis } = await analyzeCompetitorSite(
        app.db,
        {
          url: row.url,
          crawlId: `demo-site-${index}`,
          business: {
            name: DEMO_BUSINESS.name,
            url: DEMO_BUSINESS.url,
            description: DEMO_BUSINESS.description,
            services: DEMO_BUSINESS.services,
          },
          progress,
        },
        { llm, fetcher, delayMs: 0 },
      )
      expect(analysis.name).toBe(row.name)
      expect(analysis.description).toBe(row.description)
      expect(analysis.primaryServices).toEqual(expect.arrayContaining(row.primaryServices))
      // Demo mode's labels are page furniture, never the competitor's profile.
      expect(JSON.stringify(analysis)).not.toMatch(/Simulated|demo mode|Rankpilot/i)
    }
    expect(asked).toEqual([])
  })

  it('re-analyses the demo business: the profile, the sitemap and the journal as its blog', async () => {
    const result = await analyzeBusinessSite(
      app.db,
      { url: DEMO_BUSINESS.url, crawlId: 'demo-site-own', progress },
      { llm, fetcher, delayMs: 0 },
    )
    expect(result.profile.name).toBe(DEMO_BUSINESS.name)
    expect(result.profile.description).toBe(DEMO_BUSINESS.description)
    expect(result.structure.sitemapUrl).toBe(DEMO_BUSINESS.sitemapUrl)
    expect(result.structure.blogUrl).toBe(DEMO_BUSINESS.blogUrl)
    expect(result.warnings).toEqual([])
    expect(asked).toEqual([])
  })

  it('answers 404 for a path the site does not have, and nothing for any other host', () => {
    expect(demoSiteAnswer(`${DEMO_BUSINESS.url}/no-such-page`)?.status).toBe(404)
    expect(demoSiteAnswer(`${DEMO_BUSINESS.url}/journal/not-one-of-its-posts`)?.status).toBe(404)
    expect(demoSiteAnswer('https://another-site.example/')).toBeUndefined()
    expect(demoSiteAnswer('not an address')).toBeUndefined()
  })
})
