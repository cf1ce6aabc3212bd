import { z } from 'zod'
import type { Env } from '~/env'
import { createProviderFetch, ProviderError, readJson, type ProviderFetchOptions } from '../http'

/** YouTube Data API v3 search, for videos to embed in articles. */

export const YOUTUBE = 'YouTube'
export const YOUTUBE_DEFAULT_URL = 'https://www.googleapis.com/youtube/v3'

export interface YouTubeVideo {
  videoId: string
  title: string
  channelTitle: string
  embedUrl: string
}

export interface YouTubeClient {
  searchVideos(query: string, options?: { maxResults?: number }): Promise<YouTubeVideo[]>
}

export interface YouTubeClientOptions extends Pick<
  ProviderFetchOptions,
  'timeoutMs' | 'retries' | 'baseDelayMs' | 'sleep' | 'random' | 'fetch'
> {
  apiKey: string
  baseUrl?: string
}

const searchAnswer = z.looseObject({
  items: z.array(
    z.looseObject({
      id: z.looseObject({ videoId: z.string() }),
      snippet: z.looseObject({ title: z.string(), channelTitle: z.string() }),
    }),
  ),
})

/** Google's error body: `{error:{code, message, errors:[{reason}], details?:[{reason}]}}`. */
const errorAnswer = z.looseObject({
  error: z.looseObject({
    code: z.number(),
    message: z.string(),
    errors: z.array(z.looseObject({ reason: z.string() })).optional(),
    details: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
  }),
})

/** Google answers quota and key problems with 403/400 and says which in `reason`; http.ts alone would call both "credentials". */
function youTubeError(status: number, body: unknown): ProviderError | undefined {
  const parsed = errorAnswer.safeParse(body)
  if (!parsed.success) return undefined
  const { error } = parsed.data
  const reasons = [...(error.errors ?? []).map((e) => e.reason), ...(error.details ?? []).map((d) => d.reason ?? '')]
  if (reasons.some((r) => r === 'quotaExceeded' || r === 'dailyLimitExceeded')) {
    return new ProviderError({
      provider: YOUTUBE,
      kind: 'rate_limited',
      status,
      message: `The daily YouTube quota is used up (${error.message}). Video suggestions work again after the quota resets at midnight Pacific time.`,
    })
  }
  if (reasons.some((r) => r === 'keyInvalid' || r === 'API_KEY_INVALID')) {
    return new ProviderError({
      provider: YOUTUBE,
      kind: 'auth',
      status,
      message: `YouTube refused the API key (${error.message}). Check YOUTUBE_API_KEY.`,
    })
  }
  return undefined
}

export function createYouTubeClient(options: YouTubeClientOptions): YouTubeClient {
  const baseUrl = (options.baseUrl ?? YOUTUBE_DEFAULT_URL).replace(/\/+$/, '')
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))

  return {
    async searchVideos(query, { maxResults = 5 } = {}) {
      // http.ts reads a failed body into its message; keep a copy of the last 400/403 so the
      // reason Google gives (quota or key) decides the message instead.
      let refusal: { status: number; body: unknown } | undefined
      const providerFetch = createProviderFetch({
        ...options,
        provider: YOUTUBE,
        credentialsHint: 'YOUTUBE_API_KEY',
        fetch: async (input, init) => {
          const response = await baseFetch(input, init)
          if (response.status === 400 || response.status === 403) {
            refusal = {
              status: response.status,
              body: await response
                .clone()
                .json()
                .catch(() => undefined),
            }
          }
          return response
        },
      })
      const url = new URL(`${baseUrl}/search`)
      url.search = new URLSearchParams({
        part: 'snippet',
        type: 'video',
        q: query,
        maxResults: String(maxResults),
        key: options.apiKey,
      }).toString()
      let response: Response
      try {
        response = await providerFetch(url)
      } catch (error) {
        throw (refusal && youTubeError(refusal.status, refusal.body)) ?? error
      }
      const answer = await readJson(response, YOUTUBE, searchAnswer)
      return answer.items.map((item) => ({
        videoId: item.id.videoId,
        title: item.snippet.title,
        channelTitle: item.snippet.channelTitle,
        embedUrl: `https://www.youtube.com/embed/${item.id.videoId}`,
      }))
    },
  }
}

/** The client the app uses; without a key YouTube runs on its mock (demo mode), which takes any key. */
export function youTubeClientFromEnv(env: Pick<Env, 'YOUTUBE_API_KEY'>): YouTubeClient {
  return createYouTubeClient({ apiKey: env.YOUTUBE_API_KEY ?? 'demo' })
}
