/**
 * The first gate for a user-supplied address, before any network access: a parseable http(s)
 * URL without credentials. Also the fetcher's error type, whose message is the sentence we show.
 */

export type SafeFetchErrorKind =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'credentials'
  | 'blocked_address'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'too_large'
  | 'content_type'
  | 'too_many_redirects'
  | 'redirect_refused'
  | 'http_status'
  | 'robots'

export class SafeFetchError extends Error {
  override name = 'SafeFetchError'
  readonly kind: SafeFetchErrorKind
  readonly url: string
  readonly status: number | undefined

  constructor(options: { kind: SafeFetchErrorKind; url: string; message: string; status?: number; cause?: unknown }) {
    super(options.message, { cause: options.cause })
    this.kind = options.kind
    this.url = options.url
    this.status = options.status
  }
}

/** The URL as we show it: no credentials, no fragment. */
export function displayUrl(url: URL) {
  const copy = new URL(url.href)
  copy.username = ''
  copy.password = ''
  copy.hash = ''
  return copy.href
}

/** Parses and vets a user-supplied URL (scheme, credentials) before any network access. */
export function parsePublicUrl(input: string): URL {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch (cause) {
    throw new SafeFetchError({
      kind: 'invalid_url',
      url: input,
      message: `"${input}" is not a valid web address. Enter a full address such as https://example.com.`,
      cause,
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError({
      kind: 'unsupported_scheme',
      url: displayUrl(url),
      message: `${displayUrl(url)} is not a web address we can fetch: only http:// and https:// addresses are supported.`,
    })
  }
  if (url.username || url.password) {
    throw new SafeFetchError({
      kind: 'credentials',
      url: displayUrl(url),
      message: `${displayUrl(url)} contains a user name or password. Remove them from the address and try again.`,
    })
  }
  return url
}
