import { describe, expect, it } from 'vitest'
import type { ProviderError } from '../http'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { parseEnv } from '~/env'
import { createYouTubeClient, youTubeClientFromEnv } from './client'
import { YOUTUBE_MOCK_KEYS, youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { useMockServer } from '~tests/fixtures/mock-server'

useMockServer(...youtubeHandlers())

function client(options: { apiKey?: string; timeoutMs?: number } = {}) {
  const sleeps: number[] = []
  const youtube = createYouTubeClient({
    apiKey: options.apiKey ?? 'AIza-test-key',
    timeoutMs: options.timeoutMs,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
  })
  return { youtube, sleeps }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => error as ProviderError,
  )

describe('YouTube client against its mock', () => {
  it('parses search results into videos with embed URLs', async () => {
    const videos = await client().youtube.searchVideos('sourdough starter', { maxResults: 3 })
    expect(videos).toHaveLength(3)
    for (const video of videos) {
      expect(video.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/)
      expect(video.title).toContain('Sourdough Starter')
      expect(video.channelTitle).not.toBe('')
      expect(video.embedUrl).toBe(`https://www.youtube.com/embed/${video.videoId}`)
    }
    expect(await client().youtube.searchVideos('sourdough starter', { maxResults: 3 })).toEqual(videos)
    expect((await client().youtube.searchVideos('kombucha', { maxResults: 3 }))[0]!.videoId).not.toBe(videos[0]!.videoId)
  })

  it('says the daily quota is used up on 403 quotaExceeded, without retrying', async () => {
    const error = await failure(client({ apiKey: YOUTUBE_MOCK_KEYS.quotaExceeded }).youtube.searchVideos('seo'))
    expect(error).toMatchObject({ kind: 'rate_limited', status: 403 })
    expect(error.message).toBe(
      'The daily YouTube quota is used up (The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.). Video suggestions work again after the quota resets at midnight Pacific time.',
    )
    expect(mockRequestCount('youtube')).toBe(1)
  })

  it('says to check YOUTUBE_API_KEY on 400 keyInvalid', async () => {
    const error = await failure(client({ apiKey: YOUTUBE_MOCK_KEYS.invalid }).youtube.searchVideos('seo'))
    expect(error).toMatchObject({ kind: 'auth', status: 400 })
    expect(error.message).toBe('YouTube refused the API key (Bad Request). Check YOUTUBE_API_KEY.')
  })

  it('keeps the generic credentials message for other 403s', async () => {
    const error = await failure(client({ apiKey: '' }).youtube.searchVideos('seo'))
    expect(error.message).toBe(
      "YouTube refused our credentials (HTTP 403: Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.). Check YOUTUBE_API_KEY.",
    )
  })

  it('honours Retry-After on a 429', async () => {
    injectFault('youtube', { kind: 'rate-limit', retryAfterSeconds: 4, times: 1 })
    const { youtube, sleeps } = client()
    expect(await youtube.searchVideos('seo', { maxResults: 1 })).toHaveLength(1)
    expect(sleeps).toEqual([4000])
  })

  it('retries a 5xx, then succeeds', async () => {
    injectFault('youtube', { kind: 'status', status: 503, times: 1 })
    const { youtube, sleeps } = client()
    expect(await youtube.searchVideos('seo', { maxResults: 2 })).toHaveLength(2)
    expect(mockRequestCount('youtube')).toBe(2)
    expect(sleeps).toEqual([375])
  })

  it('times out a slow answer', async () => {
    injectFault('youtube', { kind: 'slow', delayMs: 500 })
    const error = await failure(client({ timeoutMs: 40 }).youtube.searchVideos('seo'))
    expect(error.message).toBe('YouTube did not answer within 1 second (4 attempts). Try again in a few minutes.')
  })

  it('calls a malformed body malformed', async () => {
    injectFault('youtube', { kind: 'malformed' })
    const error = await failure(client().youtube.searchVideos('seo'))
    expect(error.message).toBe(
      'YouTube sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
  })

  it('runs on the mock with a placeholder key when the env has none (demo mode)', async () => {
    expect(await youTubeClientFromEnv(parseEnv({})).searchVideos('seo', { maxResults: 2 })).toHaveLength(2)
  })
})
