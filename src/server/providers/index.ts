import { env } from '~/env'
import { storeMedia } from '~/server/media/media-store'
import { safeFetcher } from '~/server/outbound/safe-fetch'
import type { Database } from '~/server/db'
import { dataForSeoClientFromEnv } from './dataforseo/client'
import { createKeywordDataService } from './dataforseo/keyword-data.service'
import { withEmbeddingCache } from './embeddings/embedding-cache'
import { embeddingsClientFromEnv } from './embeddings/select'
import { searchConsoleClientForUser, type GoogleTokenSource } from './gsc/client'
import { createImagesClientFromEnv } from './images/client'
import { createLlmClientFromEnv } from './llm/client'
import { demoImagesClient, withDemoWeb } from './demo-mode'
import { providerModes } from './modes'
import { withDemoSites } from './demo-sites'
import { youTubeClientFromEnv } from './youtube/client'
import { singleton } from '~/server/singleton'

/**
 * The outside services as the app's features use them, configured from the env module. In demo
 * mode the same clients run: their requests are answered by the mocks that demo-network.ts
 * installs, so no feature code knows which mode it is in.
 */
export function createProviders(deps: { db: Database; auth: GoogleTokenSource }) {
  const config = env()
  return {
    llm: createLlmClientFromEnv(config),
    /**
     * The embeddings API, else the LLM endpoint's embeddings, else the local embedder
     * (embeddings/select.ts); cached in embedding_cache by model, dimensions and prefixed text.
     */
    embeddings: withEmbeddingCache(deps.db, embeddingsClientFromEnv(config)),
    /** Demo mode draws SVG illustrations in the brand colour instead (demo-network/images/demo-illustrator.ts). */
    images: providerModes(config).images === 'demo' ? demoImagesClient(config.IMAGES_MODEL) : createImagesClientFromEnv(config),
    /** DataForSEO behind keyword_cache (30-day freshness), each call's cost recorded. */
    keywordData: createKeywordDataService({
      db: deps.db,
      client: dataForSeoClientFromEnv(config),
      live: providerModes(config).dataforseo === 'live',
    }),
    youtube: youTubeClientFromEnv(config),
    /**
     * Public web pages (search results, sources) through the SSRF-safe fetcher. While search
     * results are simulated, they link to the demo web, answered here (demo-network/web/demo-web.ts), and the
     * demo account's own and competitors' sites are simulated too (demo-sites.ts).
     */
    web: {
      fetch: providerModes(config).dataforseo === 'demo' ? withDemoSites(withDemoWeb(safeFetcher(), config.APP_URL)) : safeFetcher(),
    },
    /** Article images and infographics, stored under DATA_DIR/media and served at /media. */
    media: { store: (input: Omit<Parameters<typeof storeMedia>[0], 'dataDir'>) => storeMedia({ ...input, dataDir: config.DATA_DIR }) },
    /** Search Console on the Google account the user linked; tokens refreshed by better-auth. */
    searchConsole: (userId: string) => searchConsoleClientForUser({ ...deps, userId }),
  }
}

export type Providers = ReturnType<typeof createProviders>

/**
 * The process's providers, on its database and auth instance: what the RPC context and every job
 * handler receive. Tests build their own with createProviders (or fakes) and pass them in the same way.
 */
export function getProviders(deps: { db: Database; auth: GoogleTokenSource }): Providers {
  return singleton('__rankpilotProviders', () => createProviders(deps))
}
