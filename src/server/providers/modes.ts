import type { Env } from '../../env'

/**
 * Which outside services are real and which run on their in-process mock (demo mode).
 * A provider is real as soon as its credentials are configured (product.md §8); nothing else
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
/** 'off': not offered at all (only Google sign-in, whose stand-in is kept to full demo mode). */
export type ProviderMode = 'live' | 'demo' | 'off'

type ProviderEnv = Pick<
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
  | 'socialProviders'
>

export function providerModes(env: ProviderEnv): Record<ProviderId, ProviderMode> {
  const mode = (configured: boolean): ProviderMode => (configured ? 'live' : 'demo')
  const paid = {
    // A base URL alone is enough: a local Ollama needs no key.
    llm: mode(Boolean(env.LLM_API_KEY || env.LLM_BASE_URL)),
    images: mode(Boolean(env.IMAGES_API_KEY || env.IMAGES_BASE_URL)),
    dataforseo: mode(Boolean(env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD)),
    polar: mode(Boolean(env.POLAR_ACCESS_TOKEN)),
  }
  const fullDemo = Object.values(paid).every((value) => value === 'demo')
  return {
    ...paid,
    embeddings: mode(Boolean(env.EMBEDDINGS_API_KEY || env.EMBEDDINGS_BASE_URL)),
    youtube: mode(Boolean(env.YOUTUBE_API_KEY)),
    // The stand-in consent page signs in whoever types an address: fine for a demo, never for a
    // deployment with real users, which a real AI, keyword or billing key says this is.
    google: env.socialProviders.google ? 'live' : fullDemo ? 'demo' : 'off',
  }
}

/**
 * Full demo mode: every paid engine (AI writing, images, keyword data, billing) is simulated, so
 * an anonymous visitor can spend nothing real. Only then are the shared demo account and the
 * stand-in Google sign-in offered.
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
