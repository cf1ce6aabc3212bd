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
export type ProviderMode = 'live' | 'demo'

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
  return {
    // A base URL alone is enough: a local Ollama needs no key.
    llm: mode(Boolean(env.LLM_API_KEY || env.LLM_BASE_URL)),
    embeddings: mode(Boolean(env.EMBEDDINGS_API_KEY || env.EMBEDDINGS_BASE_URL)),
    images: mode(Boolean(env.IMAGES_API_KEY || env.IMAGES_BASE_URL)),
    dataforseo: mode(Boolean(env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD)),
    youtube: mode(Boolean(env.YOUTUBE_API_KEY)),
    google: mode(Boolean(env.socialProviders.google)),
    polar: mode(Boolean(env.POLAR_ACCESS_TOKEN)),
  }
}

/** The providers running on mocks, in display order; empty when nothing is simulated. */
export function simulatedProviders(env: ProviderEnv): ProviderId[] {
  const modes = providerModes(env)
  return (Object.keys(PROVIDERS) as ProviderId[]).filter((id) => modes[id] === 'demo')
}

export function isDemoMode(env: ProviderEnv) {
  return simulatedProviders(env).length > 0
}
