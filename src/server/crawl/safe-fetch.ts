import { lookup as dnsLookup } from 'node:dns/promises'
import { STATUS_CODES } from 'node:http'
import { env } from '~/env'
import { blockedAddressMessage, checkAddress, isIpLiteral, isMetadataHostname } from './address-policy'
import { displayUrl, parsePublicUrl, SafeFetchError } from './public-url'
import { BodyTooLargeError, connectPinned, decodeText, mediaType, readBody, type Connect } from './transport'

export { displayUrl, parsePublicUrl, SafeFetchError, type SafeFetchErrorKind } from './public-url'

/**
 * Fetches user-supplied URLs (a customer's site, competitors, sitemaps) without letting them
 * reach anything but the public internet: http/https only, every resolved address checked
 * (address-policy.ts) and connected to directly, every redirect re-checked, a size cap, one time
 * cap for the whole chain, and a content-type check. Failures are SafeFetchErrors whose message
 * is a sentence naming the URL that a user can act on.
 */

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

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
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

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

const defaultResolve: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

function networkReason(error: NodeJS.ErrnoException) {
  const code = error.code ?? ''
  if (code === 'ECONNREFUSED') return 'the connection was refused'
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(error.message)) return 'the connection was interrupted'
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'its server cannot be reached from here'
  if (/CERT|SSL|TLS|SIGNATURE/.test(code)) return `its security certificate is not valid (${code})`
  if (code.startsWith('HPE_')) return 'it sent an answer that is not valid HTTP'
  return `the connection failed (${code || error.message})`
}

export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const policy = { allowLoopback: options.allowLoopback ?? false }
  const maxBytes = options.maxBytes ?? 5 * MB
  const timeoutMs = options.timeoutMs ?? 15_000
  const maxRedirects = options.maxRedirects ?? 5
  const resolve = options.resolve ?? defaultResolve
  const connect = options.connect ?? connectPinned

  async function pickAddress(url: URL, shown: string, origin: string, signal: AbortSignal) {
    const refuse = (category: Parameters<typeof blockedAddressMessage>[1]) => {
      const suffix = shown === origin ? '' : ` (${origin} redirected there)`
      const message = blockedAddressMessage(shown, category).replace(/\.$/, `${suffix}.`)
      return new SafeFetchError({ kind: 'blocked_address', url: shown, message })
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '')
    if (isMetadataHostname(hostname)) throw refuse('metadata')
    let addresses: ResolvedAddress[]
    if (isIpLiteral(hostname)) {
      addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }]
    } else {
      try {
        // getaddrinfo cannot be cancelled; racing it keeps a hanging resolver inside the time cap.
        const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
        addresses = await Promise.race([resolve(hostname), aborted])
      } catch (cause) {
        if (signal.aborted) throw cause
        const code = (cause as NodeJS.ErrnoException).code
        const reason =
          code === 'ENOTFOUND' || code === 'ENODATA'
            ? `the domain ${hostname} does not exist. Check the address for typos`
            : `the domain name ${hostname} could not be looked up right now`
        throw new SafeFetchError({ kind: 'dns', url: shown, message: `We could not reach ${shown}: ${reason}.`, cause })
      }
      if (addresses.length === 0) {
        throw new SafeFetchError({
          kind: 'dns',
          url: shown,
          message: `We could not reach ${shown}: the domain ${hostname} has no address.`,
        })
      }
    }
    // Every record must pass: a mix of public and private records would let a client fall back
    // to the private one.
    const verdicts = addresses.map((entry) => checkAddress(entry.address, policy))
    const blocked = verdicts.find((verdict) => !verdict.allowed)
    if (blocked && !blocked.allowed) throw refuse(blocked.category)
    const first = verdicts[0]!
    if (!first.allowed) throw refuse(first.category)
    return first
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
    let url = origin
    try {
      for (let redirects = 0; ; redirects += 1) {
        const shown = displayUrl(url)
        let picked
        try {
          picked = await pickAddress(url, shown, originShown, controller.signal)
        } catch (cause) {
          if (controller.signal.aborted) throw timeoutError(cause)
          throw cause
        }
        const { address, family } = picked
        let response
        try {
          response = await connect({ url, address, family, headers, signal: controller.signal })
        } catch (cause) {
          if (controller.signal.aborted) throw timeoutError(cause)
          const message = `We could not reach ${shown}: ${networkReason(cause as NodeJS.ErrnoException)}.`
          throw new SafeFetchError({ kind: 'network', url: shown, message, cause })
        }
        const status = response.statusCode ?? 0
        const location = response.headers.location
        if (REDIRECT_STATUSES.has(status) && location) {
          response.resume()
          if (redirects >= maxRedirects) {
            throw new SafeFetchError({
              kind: 'too_many_redirects',
              url: originShown,
              message: `We could not reach ${originShown}: it redirected more than ${maxRedirects} times.`,
            })
          }
          url = parsePublicUrl(new URL(location, url).href)
          continue
        }
        const ok = status >= 200 && status < 300
        if (!ok && !request.acceptErrorStatus) {
          response.resume()
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
            const limit = maxBytes >= MB ? `${Math.round(maxBytes / MB)} MB` : `${Math.round(maxBytes / 1024)} KB`
            throw new SafeFetchError({
              kind: 'too_large',
              url: shown,
              message: `We could not read ${shown}: it is larger than ${limit}, the most we read from one address.`,
            })
          }
          const message = `We could not read ${shown}: ${networkReason(cause as NodeJS.ErrnoException)}.`
          throw new SafeFetchError({ kind: 'network', url: shown, message, cause })
        }
        return { url: shown, status, contentType, body, text: () => decodeText(body, contentType) }
      }
    } finally {
      clearTimeout(timer)
    }
  }
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
