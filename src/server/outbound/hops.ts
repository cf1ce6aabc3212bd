import { lookup as dnsLookup } from 'node:dns/promises'
import type { IncomingMessage } from 'node:http'
import { blockedAddressMessage, checkAddress, isIpLiteral, isMetadataHostname, type BlockedCategory } from './address-policy'
import { displayUrl, parsePublicUrl, SafeFetchError } from './public-url'
import { connectPinned, type Connect } from './transport'

/**
 * The one way a request leaves for an address a user supplied or a page pointed to: each hop of
 * a redirect chain is judged by the address policy (address-policy.ts) before it is dialled, and
 * the socket goes to exactly the address that was judged (no second lookup, so no DNS
 * rebinding). Redirects are followed for GET and HEAD only, at most `maxRedirects` times, and
 * a hop to another origin carries no credentials; a request that sends data (POST, PUT, …) is
 * never forwarded: a redirect answer is an error naming where it pointed. The body of a redirect
 * is discarded unread, so nothing an address we refused (or a hop before it) said can reach an
 * error message or a log. The two fetchers built on this are safe-fetch.ts (pages we read) and
 * outbound-fetch.ts (a `fetch` for connectors and downloads).
 */

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export interface OutboundPolicy {
  /** Tests only: loopback (127/8, ::1) becomes reachable; see FETCH_ALLOW_LOOPBACK. */
  allowLoopback?: boolean
  /** [5] */
  maxRedirects?: number
  resolve?: Resolver
  connect?: Connect
  /**
   * Addresses answered inside this process and never over the network (the demo CMS under
   * APP_URL in full demo mode): the address check is skipped for them, and only for them.
   */
  trusted?: (url: URL) => boolean
}

export interface HopRequest {
  url: URL
  method: string
  headers: Record<string, string>
  body?: Uint8Array
  signal: AbortSignal
  /** What a failure that happened because the signal fired becomes (the caller's time-out). */
  aborted: (cause: unknown) => Error
}

export interface OpenedResponse {
  /** Where the answer came from, after redirects. */
  url: URL
  shown: string
  status: number
  response: IncomingMessage
}

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
/** The only headers that follow a redirect to another origin: nothing that can carry a credential. */
const CROSS_ORIGIN_HEADERS = new Set(['user-agent', 'accept', 'accept-language', 'accept-encoding'])
const FOLLOWED_METHODS = new Set(['GET', 'HEAD'])

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

/** A short reason for a failed connection, in words a user can act on. */
export function networkReason(error: NodeJS.ErrnoException) {
  const code = error.code ?? ''
  if (code === 'ECONNREFUSED') return 'the connection was refused'
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(error.message)) return 'the connection was interrupted'
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'its server cannot be reached from here'
  if (/CERT|SSL|TLS|SIGNATURE/.test(code)) return `its security certificate is not valid (${code})`
  if (code.startsWith('HPE_')) return 'it sent an answer that is not valid HTTP'
  return `the connection failed (${code || error.message})`
}

async function pickAddress(url: URL, shown: string, origin: string, policy: OutboundPolicy, signal: AbortSignal) {
  const refuse = (category: BlockedCategory) => {
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
      addresses = await Promise.race([(policy.resolve ?? systemResolver)(hostname), aborted])
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
      throw new SafeFetchError({ kind: 'dns', url: shown, message: `We could not reach ${shown}: the domain ${hostname} has no address.` })
    }
  }
  // Every record must pass: a mix of public and private records would let a client fall back
  // to the private one.
  const verdicts = addresses.map((entry) => checkAddress(entry.address, { allowLoopback: policy.allowLoopback ?? false }))
  for (const verdict of verdicts) if (!verdict.allowed) throw refuse(verdict.category)
  const first = verdicts[0]!
  if (!first.allowed) throw refuse(first.category)
  return first
}

/** A trusted address is dialled where it resolves, unjudged. */
async function trustedAddress(url: URL, policy: OutboundPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  if (isIpLiteral(hostname)) return { address: hostname, family: hostname.includes(':') ? 6 : 4 }
  const [first] = await (policy.resolve ?? systemResolver)(hostname)
  if (!first)
    throw new SafeFetchError({
      kind: 'dns',
      url: url.href,
      message: `We could not reach ${url.href}: the domain ${hostname} has no address.`,
    })
  return first
}

/** Where a redirect pointed, shown without its query: enough to fix a setting, nothing more. */
function redirectTarget(location: string, base: URL) {
  try {
    const target = new URL(location, base)
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return `a ${target.protocol} address`
    return `${target.origin}${target.pathname}`
  } catch {
    return 'an address that is not valid'
  }
}

/**
 * Sends one request through the redirect chain and answers the final response, its body not
 * yet read (the caller reads it with a cap: transport.ts readBody).
 */
export async function openOutbound(request: HopRequest, policy: OutboundPolicy = {}): Promise<OpenedResponse> {
  const maxRedirects = policy.maxRedirects ?? 5
  const connect = policy.connect ?? connectPinned
  const method = request.method.toUpperCase()
  const origin = request.url
  const originShown = displayUrl(origin)
  let url = origin
  let headers = request.headers
  for (let redirects = 0; ; redirects += 1) {
    const shown = displayUrl(url)
    let target: { address: string; family: 4 | 6 }
    try {
      target = policy.trusted?.(url)
        ? await trustedAddress(url, policy)
        : await pickAddress(url, shown, originShown, policy, request.signal)
    } catch (cause) {
      if (request.signal.aborted) throw request.aborted(cause)
      throw cause
    }
    let response: IncomingMessage
    try {
      response = await connect({ url, ...target, headers, method, body: request.body, signal: request.signal })
    } catch (cause) {
      if (request.signal.aborted) throw request.aborted(cause)
      const message = `We could not reach ${shown}: ${networkReason(cause as NodeJS.ErrnoException)}.`
      throw new SafeFetchError({ kind: 'network', url: shown, message, cause })
    }
    const status = response.statusCode ?? 0
    const location = response.headers.location
    if (!REDIRECT_STATUSES.has(status) || !location) return { url, shown, status, response }

    // Whatever a redirect says in its body is never read.
    response.destroy()
    if (!FOLLOWED_METHODS.has(method)) {
      throw new SafeFetchError({
        kind: 'redirect_refused',
        url: shown,
        status,
        message:
          `We did not send to ${shown}: it answered with a redirect (HTTP ${status}) to ${redirectTarget(location, url)}, ` +
          'and we send data only to the address given, never onward. Enter the address it redirects to instead.',
      })
    }
    if (redirects >= maxRedirects) {
      throw new SafeFetchError({
        kind: 'too_many_redirects',
        url: originShown,
        message: `We could not reach ${originShown}: it redirected more than ${maxRedirects} times.`,
      })
    }
    let resolved: string
    try {
      resolved = new URL(location, url).href
    } catch (cause) {
      throw new SafeFetchError({
        kind: 'invalid_url',
        url: shown,
        message: `We could not reach ${originShown}: ${shown} redirected to an address that is not valid.`,
        cause,
      })
    }
    const next = parsePublicUrl(resolved)
    if (next.origin !== url.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name.toLowerCase())))
    }
    url = next
  }
}
