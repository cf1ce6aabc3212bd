import { STATUS_CODES } from 'node:http'
import { env } from '~/env'
import { networkReason, openOutbound, type Resolver } from './hops'
import { displayUrl, parsePublicUrl, SafeFetchError } from './public-url'
import { BodyTooLargeError, decodeText, mediaType, readBody, type Connect } from './transport'

export { displayUrl, parsePublicUrl, SafeFetchError, type SafeFetchErrorKind } from './public-url'
export type { ResolvedAddress, Resolver } from './hops'

/**
 * Reads pages from user-supplied URLs (a customer's site, competitors, sitemaps, sources) through
 * the outbound policy (hops.ts: every hop's address checked and dialled directly, redirects
 * re-checked), with a size cap, one time cap for the whole chain, and a content-type check.
 * Failures are SafeFetchErrors whose message is a sentence naming the URL that a user can act on.
 */

export type ExpectedContent = 'html' | 'xml' | 'text'

export interface SafeFetcherOptions {
  userAgent: string
  /** Tests only: loopback (127/8, ::1) becomes reachable; see FETCH_ALLOW_LOOPBACK. */
  allowLoopback?: boolean
  /** Decoded body cap [5 MB]. */
  maxBytes?: number
  /** For the whole redirect chain, body included [15 s]. */
  timeoutMs?: number
  maxRedirects?: number
  resolve?: Resolver
  connect?: Connect
}

export interface SafeResponse {
  /** Where the body came from, after redirects. */
  url: string
  status: number
  contentType: string
  body: Buffer
  text: () => string
}

export interface SafeFetchRequest {
  /** What the caller can read; a 2xx answer of another type is refused. */
  expect: ExpectedContent[]
  /** Return 4xx/5xx answers instead of throwing (robots.txt: 404 means "no rules"). */
  acceptErrorStatus?: boolean
}

export type SafeFetcher = (url: string, request: SafeFetchRequest) => Promise<SafeResponse>

const MB = 1024 * 1024
const MEDIA_TYPES: Record<ExpectedContent, (type: string) => boolean> = {
  html: (type) => type === 'text/html' || type === 'application/xhtml+xml',
  // Sitemaps arrive as XML, or gzipped (.xml.gz) under a generic binary type.
  xml: (type) =>
    type === 'application/xml' ||
    type === 'text/xml' ||
    type.endsWith('+xml') ||
    ['application/gzip', 'application/x-gzip', 'application/octet-stream', 'text/plain'].includes(type),
  text: (type) => type.startsWith('text/'),
}
const CONTENT_WORDS: Record<ExpectedContent, string> = {
  html: 'a web page (HTML)',
  xml: 'an XML document',
  text: 'a text file',
}

export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const maxBytes = options.maxBytes ?? 5 * MB
  const timeoutMs = options.timeoutMs ?? 15_000
  const policy = {
    allowLoopback: options.allowLoopback ?? false,
    maxRedirects: options.maxRedirects ?? 5,
    resolve: options.resolve,
    connect: options.connect,
  }

  return async function safeFetch(input, request) {
    const origin = parsePublicUrl(input)
    const originShown = displayUrl(origin)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    const timeoutError = (cause?: unknown) =>
      new SafeFetchError({
        kind: 'timeout',
        url: originShown,
        message: `We could not reach ${originShown}: it did not answer within ${Math.round(timeoutMs / 100) / 10} seconds.`,
        cause,
      })
    const accept = request.expect.includes('html') ? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' : '*/*'
    const headers = { 'user-agent': options.userAgent, accept, 'accept-encoding': 'gzip, deflate, br' }
    try {
      const { shown, status, response } = await openOutbound(
        { url: origin, method: 'GET', headers, signal: controller.signal, aborted: timeoutError },
        policy,
      )
      const ok = status >= 200 && status < 300
      if (!ok && !request.acceptErrorStatus) {
        response.destroy()
        const words = STATUS_CODES[status] ? ` (${STATUS_CODES[status]})` : ''
        throw new SafeFetchError({
          kind: 'http_status',
          url: shown,
          status,
          message: `We could not reach ${shown}: the site answered ${status}${words}.`,
        })
      }
      const contentType = response.headers['content-type'] ?? ''
      const type = mediaType(contentType)
      if (ok && type && !request.expect.some((kind) => MEDIA_TYPES[kind](type))) {
        response.destroy()
        const wanted = request.expect.map((kind) => CONTENT_WORDS[kind]).join(' or ')
        throw new SafeFetchError({
          kind: 'content_type',
          url: shown,
          message: `We could not read ${shown}: it is ${type}, not ${wanted}.`,
        })
      }
      let body: Buffer
      try {
        body = await readBody(response, maxBytes)
      } catch (cause) {
        if (controller.signal.aborted) throw timeoutError(cause)
        if (cause instanceof BodyTooLargeError) {
          throw new SafeFetchError({
            kind: 'too_large',
            url: shown,
            message: `We could not read ${shown}: it is larger than ${sizeWords(maxBytes)}, the most we read from one address.`,
          })
        }
        const message = `We could not read ${shown}: ${networkReason(cause as NodeJS.ErrnoException)}.`
        throw new SafeFetchError({ kind: 'network', url: shown, message, cause })
      }
      return { url: shown, status, contentType, body, text: () => decodeText(body, contentType) }
    } finally {
      clearTimeout(timer)
    }
  }
}

/** "5 MB", "512 KB". */
export function sizeWords(bytes: number) {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`
}

export const USER_AGENT_TOKEN = 'RankpilotBot'

/** The app's fetcher: "RankpilotBot/1.0 (+APP_URL)", loopback only with FETCH_ALLOW_LOOPBACK. */
export function safeFetcher(overrides: Partial<SafeFetcherOptions> = {}): SafeFetcher {
  const config = env()
  return createSafeFetcher({
    userAgent: `${USER_AGENT_TOKEN}/1.0 (+${config.APP_URL})`,
    allowLoopback: config.FETCH_ALLOW_LOOPBACK,
    ...overrides,
  })
}
