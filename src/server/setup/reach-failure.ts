import { SafeFetchError } from '~/server/outbound/safe-fetch'

/**
 * Why setup could not read a site, in the words docs/product/pipeline.md gives (step 1): "does not
 * exist" only when the DNS answer says the name does not exist (NXDOMAIN: getaddrinfo's
 * EAI_NONAME, which Node reports as ENOTFOUND); any other DNS trouble is a failed lookup, and the
 * site may well exist.
 */
export type ReachFailureKind = 'not_found' | 'dns_failed' | 'timed_out' | 'refused' | 'http_status' | 'blocked' | 'other'

export interface ReachFailure {
  kind: ReachFailureKind
  host: string
  message: string
}

/**
 * getaddrinfo's EAI_NODATA as libuv numbers it: the name exists without an address. Node reports it
 * as ENOTFOUND too, like EAI_NONAME (-3008, "no such name"); only the errno tells them apart.
 */
const UV_EAI_NODATA = -3007

function hostOf(url: string) {
  try {
    return new URL(url).host || url
  } catch {
    return url
  }
}

function causeOf(error: SafeFetchError): { code?: string; errno?: number } {
  const cause = error.cause
  return typeof cause === 'object' && cause !== null ? (cause as { code?: string; errno?: number }) : {}
}

/** True only for an answer that the name does not exist (the resolver's NXDOMAIN). */
function isNxdomain(cause: { code?: string; errno?: number }) {
  // The resolver's own ENOTFOUND (dns.resolve*) carries no errno; getaddrinfo's does.
  return cause.code === 'ENOTFOUND' && cause.errno !== UV_EAI_NODATA
}

/** The one sentence setup shows for a site it could not read. */
export function classifyReachFailure(error: SafeFetchError): ReachFailure {
  const host = hostOf(error.url)
  const unreachable = (kind: ReachFailureKind, reason: string): ReachFailure => ({
    kind,
    host,
    message: `We could not reach ${host} (${reason}).`,
  })
  const cause = causeOf(error)
  switch (error.kind) {
    case 'dns':
      if (isNxdomain(cause)) return { kind: 'not_found', host, message: `${host} does not exist. Check the address for typos.` }
      return unreachable('dns_failed', 'DNS lookup failed')
    case 'timeout':
      return unreachable('timed_out', 'timed out')
    case 'network':
      if (cause.code === 'ECONNREFUSED') return unreachable('refused', 'connection refused')
      if (cause.code === 'ETIMEDOUT' || cause.code === 'UND_ERR_CONNECT_TIMEOUT' || cause.code === 'UND_ERR_HEADERS_TIMEOUT') {
        return unreachable('timed_out', 'timed out')
      }
      return { kind: 'other', host, message: error.message }
    case 'http_status':
      return error.status ? unreachable('http_status', `HTTP ${error.status}`) : { kind: 'other', host, message: error.message }
    case 'blocked_address':
      return { kind: 'blocked', host, message: error.message }
    default:
      return { kind: 'other', host, message: error.message }
  }
}
