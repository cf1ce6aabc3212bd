import { env } from '~/env'
import { openOutbound, type OutboundPolicy } from './hops'
import { displayUrl, parsePublicUrl, SafeFetchError } from './public-url'
import { sizeWords } from './safe-fetch'
import { BodyTooLargeError, readBody } from './transport'

/**
 * A `fetch` for requests to addresses a user supplied or an answer pointed to: the publishing
 * connectors (a customer's WordPress, Ghost, webhook endpoint, and the vendors' APIs they sit
 * behind), outgoing event deliveries, and image files an images API answers with a link to. It
 * runs every hop through the outbound policy (hops.ts), reads at most `maxBytes` of the answer,
 * and gives up after `timeoutMs` for the whole exchange. Any method and body; the answer is a
 * standard Response with the body already read and decoded.
 *
 * Failures are SafeFetchErrors whose message is our verdict (refused address, redirect not
 * followed, could not connect, time-out, too large): never the far side's words. An error status
 * is returned as a Response like fetch does; whoever reads its body into a message keeps a short,
 * sanitised excerpt (providers/http.ts errorDetail).
 */

export interface OutboundFetchOptions extends OutboundPolicy {
  /** Sent when the request sets none. */
  userAgent?: string
  /** Decoded body cap [10 MB]. */
  maxBytes?: number
  /** For the whole redirect chain, body included [30 s]. */
  timeoutMs?: number
}

const MB = 1024 * 1024
/** Statuses whose Response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])
/** Describe the body we no longer have in its wire form: it was decoded when read. */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding'])

export function createOutboundFetch(options: OutboundFetchOptions = {}): typeof fetch {
  const maxBytes = options.maxBytes ?? 10 * MB
  const timeoutMs = options.timeoutMs ?? 30_000

  const outboundFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // The Request constructor normalises every body kind (string, bytes, FormData with its
    // multipart boundary, URLSearchParams) and its content type.
    const url = parsePublicUrl(input instanceof Request ? input.url : String(input))
    const request = new Request(input, init)
    const shown = displayUrl(url)
    const headers = Object.fromEntries(request.headers.entries())
    headers['accept-encoding'] = 'gzip, deflate, br'
    headers.accept ??= '*/*'
    if (!headers['user-agent'] && options.userAgent) headers['user-agent'] = options.userAgent
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined

    const timer = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, timer]) : timer
    const aborted = (cause: unknown) => {
      // The caller's own signal wins, as with fetch: its reason is what it expects back.
      if (init?.signal?.aborted) return init.signal.reason instanceof Error ? init.signal.reason : new Error('aborted', { cause })
      return new SafeFetchError({
        kind: 'timeout',
        url: shown,
        message: `We could not reach ${shown}: it did not answer within ${Math.round(timeoutMs / 100) / 10} seconds.`,
        cause,
      })
    }

    const opened = await openOutbound({ url, method: request.method, headers, body, signal, aborted }, options)
    const { response, status } = opened
    let answer: Buffer | null = null
    try {
      if (!NULL_BODY_STATUSES.has(status) && request.method !== 'HEAD') answer = await readBody(response, maxBytes)
      else response.destroy()
    } catch (cause) {
      if (signal.aborted) throw aborted(cause)
      if (cause instanceof BodyTooLargeError) {
        throw new SafeFetchError({
          kind: 'too_large',
          url: opened.shown,
          message: `We could not read the answer of ${opened.shown}: it is larger than ${sizeWords(maxBytes)}, the most we read from one address.`,
        })
      }
      throw new SafeFetchError({
        kind: 'network',
        url: opened.shown,
        message: `We could not read the answer of ${opened.shown}: the connection was interrupted.`,
        cause,
      })
    }
    const responseHeaders = new Headers()
    const raw = response.rawHeaders
    for (let index = 0; index + 1 < raw.length; index += 2) {
      const name = raw[index]!
      if (WIRE_HEADERS.has(name.toLowerCase())) continue
      try {
        responseHeaders.append(name, raw[index + 1]!)
      } catch {
        // A header value fetch would refuse too (control characters): dropped.
      }
    }
    if (status < 200 || status > 599) {
      throw new SafeFetchError({
        kind: 'network',
        url: opened.shown,
        status,
        message: `We could not reach ${opened.shown}: it sent an answer that is not valid HTTP (status ${status}).`,
      })
    }
    const result = new Response(answer as BodyInit | null, { status, statusText: response.statusMessage ?? '', headers: responseHeaders })
    // Response.url is read-only and empty for constructed responses; callers may want the final URL.
    Object.defineProperty(result, 'url', { value: opened.url.href })
    if (opened.url.href !== url.href) Object.defineProperty(result, 'redirected', { value: true })
    return result
  }
  return outboundFetch as typeof fetch
}

/** The app's outbound fetch: "Rankpilot/1.0 (+APP_URL)", loopback only with FETCH_ALLOW_LOOPBACK. */
export function appOutboundFetch(overrides: OutboundFetchOptions = {}): typeof fetch {
  const config = env()
  return createOutboundFetch({
    userAgent: `Rankpilot/1.0 (+${config.APP_URL})`,
    allowLoopback: config.FETCH_ALLOW_LOOPBACK,
    ...overrides,
  })
}
