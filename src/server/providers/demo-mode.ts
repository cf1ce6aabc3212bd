import type { RequestHandler } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import type { Env } from '~/env'
import { logger } from '~/server/logger'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { googleHandlers } from '~/server/demo-network/google/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { polarHandlers } from '~/server/demo-network/polar/mock'
import { demoWebUrl } from '~/server/demo-network/web/demo-web'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { gscHandlers } from '~/server/demo-network/gsc/mock'
import { DEMO_CMS_PASSWORD, DEMO_CMS_SEO_PLUGIN, DEMO_CMS_USER, demoCmsUrl } from '~/server/providers/demo-cms'
import { isFullDemo, providerModes, type ProviderId } from './modes'
import { WORDPRESS_NAMESPACES, wordpressHandlers } from '~/server/publishing/connectors/wordpress/mock'
import { globalSlot } from '~/server/singleton'

/*
 * The one door between the app and the demo network (src/server/demo-network/: the vendors'
 * stand-ins, docs/decisions/0005-providers-and-demo-mode.md). Lint forbids importing the wing from
 * anywhere else but tests and benchmarks, so what demo mode changes in the app is listed here: the
 * stand-ins each provider in demo mode answers with (below), and the demo pieces the app serves or
 * seeds itself (these re-exports).
 */

/** Demo images: SVG illustrations in the brand colour (providers/index.ts). */
export { demoImagesClient } from '~/server/demo-network/images/demo-illustrator'
/** The demo web simulated search results link to: the /demo/web route, the fetcher, the demo account's sites. */
export { demoWebPage, demoWebResponse, withDemoWeb } from '~/server/demo-network/web/demo-web'
/** The stand-in Google: its consent page, its OAuth client (auth/social-providers.ts) and identities. */
export { handleConsentRequest } from '~/server/demo-network/google/consent'
export {
  DEMO_CONSENT_PATH,
  DEMO_GOOGLE_CLIENT_ID,
  DEMO_GOOGLE_CLIENT_SECRET,
  demoIdentity,
  issueAccessToken,
  issueRefreshToken,
} from '~/server/demo-network/google/demo-identity'
/** The stand-in Search Console, which serves each user's own sites and pages from this database. */
export { setDemoSiteDirectory, type DemoSiteDirectory } from '~/server/demo-network/gsc/mock'
export type { DemoPage } from '~/server/demo-network/gsc/demo-data'
/** The demo LLM's reading of a brand voice, which the demo account's voice settings show. */
export { describeVoice } from '~/server/demo-network/llm/voice-analysis'
/** The stand-in Polar, behind the demo checkout and portal pages (billing/demo-*.ts). */
export { demoPolar } from '~/server/demo-network/polar/billing-pages'

/**
 * The vendor mocks demo mode answers with, per provider of modes.ts. The CMS mocks are not here:
 * publishing targets are the customer's own sites, configured per integration; only the demo
 * account's stand-in WordPress is answered in full demo mode.
 */
const DEMO_HANDLERS: Record<ProviderId, (env: DemoEnv) => RequestHandler[]> = {
  llm: () => llmHandlers(),
  embeddings: () => embeddingsHandlers(),
  images: () => imagesHandlers(),
  // Simulated results link to the demo web, which this app serves (demo-network/web/demo-web.ts).
  dataforseo: (env) =>
    dataforseoHandlers({ baseUrl: env.DATAFORSEO_BASE_URL, resultUrl: (host, path) => demoWebUrl(env.APP_URL, host, path) }),
  youtube: () => youtubeHandlers(),
  google: () => [...googleHandlers(), ...gscHandlers()],
  polar: (env) => polarHandlers({ baseUrl: POLAR_BASE_URLS[env.POLAR_SERVER], appUrl: env.APP_URL }),
}

/** The Polar API of each POLAR_SERVER value. */
export const POLAR_BASE_URLS = { sandbox: 'https://sandbox-api.polar.sh', production: 'https://api.polar.sh' } as const

type DemoEnv = Parameters<typeof providerModes>[0] & Pick<Env, 'DATAFORSEO_BASE_URL' | 'POLAR_SERVER' | 'APP_URL'>

/** The handlers of every provider running in demo mode, and which providers they are. */
export function demoHandlers(env: DemoEnv) {
  const modes = providerModes(env)
  const providers = (Object.keys(DEMO_HANDLERS) as ProviderId[]).filter((id) => modes[id] === 'demo')
  // The demo account's stand-in WordPress (providers/demo-cms.ts): its REST API, under APP_URL.
  const demoCms = isFullDemo(env)
    ? wordpressHandlers({
        baseUrl: demoCmsUrl(env.APP_URL),
        username: DEMO_CMS_USER,
        applicationPassword: DEMO_CMS_PASSWORD,
        namespaces: [...WORDPRESS_NAMESPACES, ...DEMO_CMS_SEO_PLUGIN.namespaces],
        registeredMeta: DEMO_CMS_SEO_PLUGIN.registeredMeta,
      })
    : []
  return { providers, handlers: [...providers.flatMap((id) => DEMO_HANDLERS[id](env)), ...demoCms] }
}

interface DemoNetwork {
  server: SetupServer
  providers: ProviderId[]
}

const demoNetwork = globalSlot<DemoNetwork | null>('__rankpilotDemoNetwork')

/**
 * Installs one process-wide MSW interceptor with the mocks of every provider in demo mode, so the
 * real clients run unchanged against them. Anything else (live providers, the database, crawled
 * sites) passes through untouched. Idempotent across calls and dev reloads.
 */
export function startDemoNetwork(env: DemoEnv): ProviderId[] {
  const running = demoNetwork.get()
  if (running) return running.providers
  const { providers, handlers } = demoHandlers(env)
  if (handlers.length === 0) return []
  const server = setupServer(...handlers)
  // msw 3 names the option onUnhandledFrame (msw 2: onUnhandledRequest).
  server.listen({ onUnhandledFrame: 'bypass' })
  demoNetwork.set({ server, providers })
  logger.info(`demo mode: simulating ${providers.join(', ')}`)
  return providers
}

export function stopDemoNetwork() {
  demoNetwork.get()?.server.close()
  demoNetwork.set(null)
}
