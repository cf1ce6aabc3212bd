import ipaddr from 'ipaddr.js'

/**
 * Which network addresses the safe fetcher may connect to. A user-supplied URL must only ever
 * reach the public internet: anything that points back into our own machine, our private network
 * or a cloud provider's metadata service is refused (server-side request forgery).
 *
 * The rule is an allow-list: only addresses ipaddr.js classifies as plain `unicast` pass. Every
 * special range (private, loopback, link-local, CGNAT, multicast, reserved, NAT64, 6to4, Teredo,
 * …) is refused, so a range we forgot to name is refused too.
 */

export type BlockedCategory = 'loopback' | 'private' | 'link-local' | 'metadata' | 'multicast' | 'reserved'

export interface AddressPolicy {
  /** Tests only (FETCH_ALLOW_LOOPBACK): 127.0.0.0/8 and ::1 become reachable; nothing else does. */
  allowLoopback: boolean
}

/** Cloud metadata services, refused by name before any DNS lookup. */
const METADATA_HOSTNAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata'])
/** AWS IMDS over IPv6; inside fc00::/7 already, named so the message can say "metadata". */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'])

const CATEGORY_BY_RANGE: Record<string, BlockedCategory> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link-local',
  multicast: 'multicast',
}

export type AddressVerdict = { allowed: true; address: string; family: 4 | 6 } | { allowed: false; category: BlockedCategory }

/** Classifies one IP address (no brackets). Unparseable input is refused as reserved. */
export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''))
  } catch {
    return { allowed: false, category: 'reserved' }
  }
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  }
  const normalized = parsed.toString()
  if (METADATA_ADDRESSES.has(normalized)) return { allowed: false, category: 'metadata' }

  const range = parsed.range()
  const family = parsed.kind() === 'ipv4' ? 4 : 6
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true, address: normalized, family }
  if (range !== 'unicast') return { allowed: false, category: CATEGORY_BY_RANGE[range] ?? 'reserved' }
  // The deprecated IPv4-compatible form (::a.b.c.d) is not a named range in ipaddr.js.
  if (family === 6 && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return { allowed: false, category: 'reserved' }
  }
  return { allowed: true, address: normalized, family }
}

export function isMetadataHostname(hostname: string) {
  return METADATA_HOSTNAMES.has(hostname.toLowerCase().replace(/\.$/, ''))
}

export function isIpLiteral(hostname: string) {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''))
}

const CATEGORY_WORDS: Record<BlockedCategory, string> = {
  loopback: 'a loopback address (this server itself)',
  private: 'a private network address',
  'link-local': 'a link-local network address',
  metadata: 'a cloud metadata address',
  multicast: 'a multicast address',
  reserved: 'a reserved network address',
}

/** "https://… points to a private network address, which we do not fetch." */
export function blockedAddressMessage(url: string, category: BlockedCategory) {
  return `${url} points to ${CATEGORY_WORDS[category]}, which we do not fetch.`
}
