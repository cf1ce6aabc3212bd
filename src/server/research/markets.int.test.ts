import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertBusiness, rpcClient } from '~tests/fixtures/rpc'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { articleProviders } from '~tests/fixtures/article-providers'
import { jobKindsWith, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { generateArticle } from '~/server/articles/generate'
import { article, keyword } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { researchRunJob } from './research.jobs'

// Every market DataForSEO serves (docs/product/pipeline.md "Markets"): an Italian and a Japanese
// business research and write in their own country and language. Research, the SERP read for an
// article and the article's prompts all use the business's pair.
const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...embeddingsHandlers(), ...imagesHandlers(), ...youtubeHandlers())
let app: TestApp
let worker: TestWorker | undefined
let providers: Providers
let cleanup: () => Promise<void>

interface Sent {
  host: string
  path: string
  body: unknown
}
const sent: Sent[] = []
network.events.on('request:start', ({ request }) => {
  const url = new URL(request.url)
  void request
    .clone()
    .text()
    .then((text) => {
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: kept as text
      }
      sent.push({ host: url.host, path: url.pathname, body })
    })
})

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  worker = await startTestWorker(app, { kinds: jobKindsWith(researchRunJob) })
  ;({ providers, cleanup } = await articleProviders(app, fetchResultPage))
}, 60_000)
beforeEach(() => {
  sent.length = 0
})
afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
  await cleanup?.()
})

const MARKETS = [
  {
    keywordRegion: 'IT',
    language: 'Italian',
    locationCode: 2380,
    languageCode: 'it',
    name: 'Forno Rossi',
    description: 'Panificio artigianale a Bologna: pane a lievitazione naturale, focacce e dolci da forno.',
    seeds: ['pane a lievitazione naturale', 'focaccia bologna', 'lievito madre'],
    services: ['Pane artigianale'],
  },
  {
    keywordRegion: 'JP',
    language: 'Japanese',
    locationCode: 2392,
    languageCode: 'ja',
    name: 'Sakura Bakery',
    description: 'A bakery in Kyoto selling sourdough bread, melon pan and seasonal pastries.',
    seeds: ['sourdough bread kyoto', 'melon pan', 'bakery kyoto'],
    services: ['Sourdough bread'],
  },
] as const

/** The location and language codes of every DataForSEO task sent (tasks without them, like intent, send only a language). */
function dataforseoMarkets() {
  const tasks = sent
    .filter((request) => request.host === 'api.dataforseo.com')
    .flatMap((request) => request.body as Record<string, unknown>[])
  return tasks.map((task) => ({ location: task.location_code, language: task.language_code }))
}

describe('research and writing in the business’s own market', () => {
  for (const market of MARKETS) {
    it(`${market.keywordRegion}: research and the article's SERP ask DataForSEO for ${market.locationCode}/${market.languageCode}, and the writer writes in ${market.language}`, async () => {
      const owner = await app.signUp({ plan: 'Growth' })
      const business = (await insertBusiness(app, owner.userId, {
        name: market.name,
        url: `https://${market.keywordRegion.toLowerCase()}-${owner.userId.slice(0, 6).toLowerCase()}.example`,
        description: market.description,
        services: [...market.services],
        seeds: [...market.seeds],
        keywordRegion: market.keywordRegion,
        language: market.language,
        addYoutubeVideo: false,
        includeInfographics: false,
      }))!

      const { jobId } = await rpcClient(app, owner.cookie).research.start({ businessId: business.id })
      const finished = await waitForJob(app, jobId, 90_000)
      expect(finished.error).toBeNull()
      const researched = dataforseoMarkets()
      expect(researched.length).toBeGreaterThan(0)
      for (const task of researched) {
        if (task.location !== undefined) expect(task.location).toBe(market.locationCode)
        expect(task.language).toBe(market.languageCode)
      }
      expect(researched.some((task) => task.location === market.locationCode)).toBe(true)
      const planned = await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))
      expect(planned.length).toBeGreaterThan(0)

      sent.length = 0
      // The article for one of the keywords research planned.
      const planned0 = planned[0]!
      await generateArticle({
        input: { businessId: business.id, keywordId: planned0.id },
        jobId: crypto.randomUUID(),
        db: app.db,
        providers,
        signal: new AbortController().signal,
        progress: () => {},
      })
      const written = await app.db.select().from(article).where(eq(article.keywordId, planned0.id))
      expect(written).toHaveLength(1)

      const serpReads = sent.filter((request) => request.path.includes('/serp/google/organic/'))
      expect(serpReads.length).toBeGreaterThan(0)
      for (const task of dataforseoMarkets()) {
        if (task.location !== undefined) expect(task.location).toBe(market.locationCode)
        expect(task.language).toBe(market.languageCode)
      }
      const prompts = sent.filter((request) => request.path.endsWith('/chat/completions')).map((request) => JSON.stringify(request.body))
      expect(prompts.length).toBeGreaterThan(0)
      expect(prompts.some((prompt) => prompt.includes(`Write in ${market.language}`))).toBe(true)
      expect(prompts.some((prompt) => prompt.includes('Write in English'))).toBe(false)
    }, 150_000)
  }
})
