import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { YOUTUBE_DEFAULT_URL } from '~/server/providers/youtube/client'
import { DAY_MS } from '~/shared/time'

/**
 * YouTube Data API search as MSW handlers. Any API key works except two, which answer the way
 * Google does so tests and demo users can see both errors: the key "wrong" (400 keyInvalid) and
 * the key "quota-exceeded" (403 quotaExceeded). A request without a key gets Google's 403.
 */

export const YOUTUBE_MOCK_KEYS = { invalid: 'wrong', quotaExceeded: 'quota-exceeded' } as const

function googleError(code: number, message: string, reason: string, domain: string, status: string) {
  return HttpResponse.json({ error: { code, message, errors: [{ message, domain, reason }], status } }, { status: code })
}

function hash(text: string) {
  let value = 0x811c9dc5
  for (const char of text) value = Math.imul(value ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  return value
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** An 11-character id like YouTube's, fixed for a query and position. */
const videoId = (seed: string) => Array.from({ length: 11 }, (_, i) => ID_ALPHABET[hash(`${seed}#${i}`) % 64]).join('')

const CHANNELS = ['Ahrefs', 'Neil Patel', 'HubSpot Marketing', 'Income School', 'Moz', 'Semrush', 'Backlinko', 'Google Search Central']
const TITLES = [
  '{Q} Explained in 10 Minutes',
  '{Q}: A Step-by-Step Tutorial',
  'The Beginner’s Guide to {Q}',
  '{Q} Mistakes to Avoid',
  'How I Use {Q} (Real Examples)',
]

export function youtubeHandlers(options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? YOUTUBE_DEFAULT_URL).replace(/\/+$/, '')
  return [
    http.get(
      `${base}/search`,
      withFaults('youtube', ({ request }) => {
        const url = new URL(request.url)
        const key = url.searchParams.get('key')
        if (!key) {
          const message =
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
          return googleError(403, message, 'forbidden', 'global', 'PERMISSION_DENIED')
        }
        if (key === YOUTUBE_MOCK_KEYS.invalid) return googleError(400, 'Bad Request', 'keyInvalid', 'usageLimits', 'INVALID_ARGUMENT')
        if (key === YOUTUBE_MOCK_KEYS.quotaExceeded) {
          const message =
            'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'
          return googleError(403, message, 'quotaExceeded', 'youtube.quota', 'PERMISSION_DENIED')
        }
        const query = (url.searchParams.get('q') ?? '').trim()
        const maxResults = Math.min(50, Math.max(0, Number(url.searchParams.get('maxResults') ?? 5)))
        const heading = query.replace(/\b\w/g, (c) => c.toUpperCase())
        const items = Array.from({ length: query ? maxResults : 0 }, (_, i) => {
          const id = videoId(`${query.toLowerCase()}|${i}`)
          const h = hash(id)
          const channelTitle = CHANNELS[h % CHANNELS.length]!
          const published = new Date(Date.UTC(2021, 0, 1) + (h % 1400) * DAY_MS).toISOString().replace('.000', '')
          const thumb = (name: string, width: number, height: number) => ({
            url: `https://i.ytimg.com/vi/${id}/${name}.jpg`,
            width,
            height,
          })
          return {
            kind: 'youtube#searchResult',
            etag: id.split('').reverse().join(''),
            id: { kind: 'youtube#video', videoId: id },
            snippet: {
              publishedAt: published,
              channelId: `UC${videoId(channelTitle)}${videoId(`${channelTitle}!`)}`.slice(0, 24),
              title: TITLES[h % TITLES.length]!.replace('{Q}', heading),
              description: `In this video we cover ${query}: what it is, why it matters and how to get results.`,
              thumbnails: {
                default: thumb('default', 120, 90),
                medium: thumb('mqdefault', 320, 180),
                high: thumb('hqdefault', 480, 360),
              },
              channelTitle,
              liveBroadcastContent: 'none',
              publishTime: published,
            },
          }
        })
        return HttpResponse.json({
          kind: 'youtube#searchListResponse',
          etag: videoId(`etag|${query}`),
          nextPageToken: 'CAUQAA',
          regionCode: 'US',
          pageInfo: { totalResults: query ? 1_000_000 : 0, resultsPerPage: maxResults },
          items,
        })
      }),
    ),
  ]
}
