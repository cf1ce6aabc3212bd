import type { Env } from '../../env'
import type { BillingMode } from '~/shared/public-config'

export type { BillingMode }

/**
 * Which outside services are real and which run on their in-process mock (demo mode).
 * A provider is real as soon as its credentials are configured (docs/product/services.md); nothing else
 * switches it, so a half-configured deployment says exactly what is simulated.
 */
export const PROVIDERS = {
  llm: 'AI writing',
  embeddings: 'Embeddings',
  images: 'Images',
  dataforseo: 'Keyword data',
  youtube: 'YouTube',
  google: 'Google sign-in and Search Console',
  polar: 'Billing',
} as const

export type ProviderId = keyof typeof PROVIDERS
/**
 * 'off': not offered at all — Google sign-in, whose stand-in is kept to full demo mode, and
 * billing on a self-hosted server (BILLING=off).
 * 'local': real, computed in this process with no outside service — embeddings when neither an
 * embeddings API nor the LLM endpoint provides them (embeddings/select.ts): not simulated, so not
 * in the demo banner.
 */
export type ProviderMode = 'live' | 'demo' | 'off' | 'local'

export type ProviderEnv = Pick<
  Env,
  | 'LLM_BASE_URL'
  | 'LLM_API_KEY'
  | 'EMBEDDINGS_BASE_URL'
  | 'EMBEDDINGS_API_KEY'
  | 'IMAGES_BASE_URL'
  | 'IMAGES_API_KEY'
  | 'DATAFORSEO_LOGIN'
  | 'DATAFORSEO_PASSWORD'
  | 'YOUTUBE_API_KEY'
  | 'POLAR_ACCESS_TOKEN'
  | 'BILLING'
  | 'socialProviders'
>

/** The paid engines billing pays for: each one spends real money as soon as it is configured. */
type PaidEngine = 'llm' | 'images' | 'dataforseo'

function paidEnginesConfigured(env: ProviderEnv): Record<PaidEngine, boolean> {
  return {
    // A base URL alone is enough: a local Ollama needs no key.
    llm: Boolean(env.LLM_API_KEY || env.LLM_BASE_URL),
    images: Boolean(env.IMAGES_API_KEY || env.IMAGES_BASE_URL),
    dataforseo: Boolean(env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD),
  }
}

/** The display names of the paid engines configured for real ("AI writing", …), in display order. */
export function livePaidEngines(env: ProviderEnv): string[] {
  const configured = paidEnginesConfigured(env)
  return (Object.keys(configured) as PaidEngine[]).filter((id) => configured[id]).map((id) => PROVIDERS[id])
}

/**
 * How billing runs. Polar with POLAR_ACCESS_TOKEN; nothing with BILLING=off (self-hosted: every
 * account has the top plan); the stand-in Polar ONLY in full demo mode, where no paid engine is
 * real, so a stand-in checkout can never unlock a real AI, images or keyword-data bill.
 * A paid engine with neither Polar nor BILLING=off is refused at start-up (src/env.ts); should it
 * get here anyway, billing counts as live: checkouts fail against Polar without a token instead of
 * being simulated or given away.
 */
export function billingMode(env: ProviderEnv): BillingMode {
  if (env.BILLING === 'off') return 'off'
  if (env.POLAR_ACCESS_TOKEN) return 'live'
  return livePaidEngines(env).length === 0 ? 'demo' : 'live'
}

/**
 * Which embedder the app uses (docs/decisions/0018-local-embeddings.md; embeddings/select.ts builds it):
 * - 'embeddings-api': EMBEDDINGS_API_KEY or EMBEDDINGS_BASE_URL is set — that API, as configured;
 * - 'llm-endpoint': else, when the LLM is configured (LLM_API_KEY or LLM_BASE_URL), its
 *   OpenAI-compatible `/embeddings`, falling back to the local embedder when it serves none;
 * - 'local': else (demo mode included) — the local embedder, no network.
 */
export type EmbeddingsSource = 'embeddings-api' | 'llm-endpoint' | 'local'

export function embeddingsSource(
  env: Pick<ProviderEnv, 'EMBEDDINGS_BASE_URL' | 'EMBEDDINGS_API_KEY' | 'LLM_BASE_URL' | 'LLM_API_KEY'>,
): EmbeddingsSource {
  if (env.EMBEDDINGS_API_KEY || env.EMBEDDINGS_BASE_URL) return 'embeddings-api'
  if (env.LLM_API_KEY || env.LLM_BASE_URL) return 'llm-endpoint'
  return 'local'
}

export function providerModes(env: ProviderEnv): Record<ProviderId, ProviderMode> {
  const mode = (configured: boolean): ProviderMode => (configured ? 'live' : 'demo')
  const engines = paidEnginesConfigured(env)
  const paid = {
    llm: mode(engines.llm),
    images: mode(engines.images),
    dataforseo: mode(engines.dataforseo),
    polar: billingMode(env),
  }
  const fullDemo = Object.values(paid).every((value) => value === 'demo')
  return {
    ...paid,
    // The embeddings API, else the LLM endpoint's embeddings (live; should it serve none, the local
    // embedder answers and the log says so), else the local embedder.
    embeddings: embeddingsSource(env) === 'local' ? 'local' : 'live',
    youtube: mode(Boolean(env.YOUTUBE_API_KEY)),
    // The stand-in consent page signs in whoever types an address: fine for a demo, never for a
    // deployment with real users, which a real AI, keyword or billing key (or BILLING=off) says this is.
    google: env.socialProviders.google ? 'live' : fullDemo ? 'demo' : 'off',
  }
}

/**
 * Full demo mode: every paid engine (AI writing, images, keyword data, billing) is simulated, so
 * an anonymous visitor can spend nothing real. Only then are the shared demo account, the
 * stand-in Google sign-in and the stand-in Polar checkout offered. BILLING=off is a deployment
 * for real users, never full demo mode.
 */
export function isFullDemo(env: ProviderEnv) {
  const modes = providerModes(env)
  return modes.llm === 'demo' && modes.images === 'demo' && modes.dataforseo === 'demo' && modes.polar === 'demo'
}

/** The providers running on mocks, in display order; empty when nothing is simulated. */
export function simulatedProviders(env: ProviderEnv): ProviderId[] {
  const modes = providerModes(env)
  return (Object.keys(PROVIDERS) as ProviderId[]).filter((id) => modes[id] === 'demo')
}

export function isDemoMode(env: ProviderEnv) {
  return simulatedProviders(env).length > 0
}
