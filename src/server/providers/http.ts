import type { z } from 'zod'
import { SafeFetchError, type SafeFetchErrorKind } from '~/server/outbound/public-url'

/**
 * The one way our provider clients talk HTTP: a `fetch` with a time limit per attempt, retries
 * with exponential backoff and jitter on network errors and 5xx, `Retry-After` honoured on 429,
 * and no retry on other 4xx. Every final failure is a ProviderError whose message names the
 * provider and says what the user can do about it.
 */

export type ProviderErrorKind = 'timeout' | 'network' | 'rate_limited' | 'server' | 'auth' | 'payment' | 'rejected' | 'malformed' | 'task'

export class ProviderError extends Error {
  override name = 'ProviderError'
  readonly provider: string
  readonly kind: ProviderErrorKind
  readonly status: number | undefined
  readonly attempts: number

  constructor(options: {
    provider: string
    kind: ProviderErrorKind
    message: string
    status?: number
    attempts?: number
    cause?: unknown
  }) {
    super(options.message, { cause: options.cause })
    this.provider = options.provider
    this.kind = options.kind
    this.status = options.status
    this.attempts = options.attempts ?? 1
  }
}

export interface ProviderFetchOptions {
  /** Display name used in error messages, e.g. "DataForSEO". */
  provider: string
  /** Where the credentials live, for the message on 401/403, e.g. "DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD". */
  credentialsHint?: string
  /** Per attempt [30 s]. */
  timeoutMs?: number
  /** Retries after the first attempt [3]. */
  retries?: number
  /** First backoff delay [500 ms]; doubles each retry, up to maxDelayMs. */
  baseDelayMs?: number
  maxDelayMs?: number
  /** A Retry-After longer than this fails at once instead of blocking a job [60 s]. */
  maxRetryAfterMs?: number
  /**
   * The provider's own reading of a failed answer, before the rules above: a verdict makes it final
   * at once (no retry, even on a 5xx), with the provider's words in its message. Used where a
   * provider answers a permanent refusal with a status that looks transient, e.g. WordPress's 500
   * for a file type it does not accept (src/server/publishing/connectors/wordpress/wordpress.ts).
   */
  classifyFailure?: FailureClassifier
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

/** A failed answer as a classifier reads it: the body parsed as JSON when it is JSON. */
export interface FailureReport {
  status: number
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: unknown
}

/** A final failure: 'rejected' (this request is refused) or 'auth' (the credentials are). */
export interface FailureVerdict {
  kind: 'rejected' | 'auth'
  message: string
}

export type FailureClassifier = (failure: FailureReport) => FailureVerdict | undefined

async function classified(response: Response, classify: FailureClassifier) {
  const text = await response
    .clone()
    .text()
    .catch(() => '')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return classify({ status: response.status, body })
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** "Full jitter" backoff: a random delay between half and all of the exponential step. */
export function backoffDelay(attempt: number, options: { baseDelayMs: number; maxDelayMs: number; random: () => number }) {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt)
  return Math.round(step / 2 + (step / 2) * options.random())
}

function seconds(ms: number) {
  const value = Math.max(1, Math.round(ms / 1000))
  return `${value} second${value === 1 ? '' : 's'}`
}

/** The outbound fetch's verdicts (outbound/hops.ts) that trying again cannot change. */
const FINAL_OUTBOUND_KINDS = new Set<SafeFetchErrorKind>([
  'blocked_address',
  'redirect_refused',
  'too_many_redirects',
  'invalid_url',
  'unsupported_scheme',
  'credentials',
  'too_large',
])

/** The longest excerpt of a far side's error we repeat. */
const EXCERPT_CHARACTERS = 200

/** Text from a far side made safe to show: no markup, no control characters, short. */
export function sanitizedExcerpt(text: string, max = EXCERPT_CHARACTERS) {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain
}

/**
 * A short reason from an error body: `{error:{message}}`, `{message}` (with Webflow's
 * `details: [{param, description}]`), `{errors:[{message, context}]}` (Ghost, GraphQL),
 * `{errors:"…"}` (Shopify), `{status_message}` or plain text, always as a sanitised excerpt. An
 * HTML page (a proxy's or a server's error page) is not repeated at all: its status says enough.
 */
export async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  const status = response.statusText || `HTTP ${response.status}`
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const nested = body.error as Record<string, unknown> | string | undefined
    const message =
      (typeof nested === 'object' && nested && typeof nested.message === 'string' && nested.message) ||
      (typeof nested === 'string' && nested) ||
      (typeof body.message === 'string' && withDetails(body.message, body.details)) ||
      listedErrors(body.errors) ||
      (typeof body.status_message === 'string' && body.status_message) ||
      (typeof body.detail === 'string' && body.detail)
    if (message) return sanitizedExcerpt(message) || status
  } catch {
    // not JSON: fall through to the text
  }
  const type = response.headers.get('content-type') ?? ''
  if (/html|xml/i.test(type) || /^\s*</.test(text)) return status
  return sanitizedExcerpt(text) || status
}

function withDetails(message: string, details: unknown) {
  if (!Array.isArray(details)) return message
  const parts = details
    .map((detail: unknown) => {
      const { param, description } = (detail ?? {}) as Record<string, unknown>
      if (typeof description !== 'string') return ''
      return typeof param === 'string' ? `${param}: ${description}` : description
    })
    .filter(Boolean)
  return parts.length > 0 ? `${message} (${parts.join('; ')})` : message
}

function listedErrors(errors: unknown) {
  if (typeof errors === 'string') return errors
  if (!Array.isArray(errors)) return ''
  return errors
    .map((error: unknown) => {
      const { message, context } = (error ?? {}) as Record<string, unknown>
      if (typeof message !== 'string') return ''
      return typeof context === 'string' && context && context !== message ? `${message} ${context}` : message
    })
    .filter(Boolean)
    .join('; ')
}

export async function failureFromResponse(response: Response, options: ProviderFetchOptions, attempts: number) {
  const { provider } = options
  const status = response.status
  const detail = await errorDetail(response)
  if (status === 401 || status === 403) {
    const where = options.credentialsHint ? ` Check ${options.credentialsHint}.` : ''
    return new ProviderError({
      provider,
      kind: 'auth',
      status,
      attempts,
      message: `${provider} refused our credentials (HTTP ${status}: ${detail}).${where}`,
    })
  }
  if (status === 402) {
    return new ProviderError({
      provider,
      kind: 'payment',
      status,
      attempts,
      message: `${provider} says the account has no credit left (HTTP 402: ${detail}). Top up the ${provider} account, then try again.`,
    })
  }
  if (status === 429) {
    return new ProviderError({
      provider,
      kind: 'rate_limited',
      status,
      attempts,
      message: `${provider} is limiting how fast we can call it (HTTP 429). Try again in a few minutes.`,
    })
  }
  if (status >= 500) {
    return new ProviderError({
      provider,
      kind: 'server',
      status,
      attempts,
      message: `${provider} is having problems (HTTP ${status}: ${detail}) and still failed after ${attempts} attempts. Try again later.`,
    })
  }
  return new ProviderError({
    provider,
    kind: 'rejected',
    status,
    attempts,
    message: `${provider} rejected the request (HTTP ${status}): ${detail}`,
  })
}

/**
 * A fetch for one provider. Successful and non-retryable answers below 400 are returned as they
 * are; every final failure throws a ProviderError (the body of a 4xx is read into its message).
 */
export function createProviderFetch(options: ProviderFetchOptions): typeof fetch {
  const {
    provider,
    timeoutMs = 30_000,
    retries = 3,
    baseDelayMs = 500,
    maxDelayMs = 30_000,
    maxRetryAfterMs = 60_000,
    sleep = defaultSleep,
    random = Math.random,
  } = options
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))

  const providerFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // A Request body is a stream: keep a pristine copy so every attempt can send it again.
    const template = input instanceof Request ? input.clone() : undefined
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    for (let attempt = 0; ; attempt++) {
      const attempts = attempt + 1
      const timeout = AbortSignal.timeout(timeoutMs)
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout
      const request = template ? template.clone() : input
      let response: Response
      try {
        response = await baseFetch(request, { ...init, signal })
      } catch (error) {
        // The caller gave up, or the inner fetch already decided (a refused address): no retry.
        if (callerSignal?.aborted || error instanceof ProviderError) throw error
        if (error instanceof SafeFetchError && FINAL_OUTBOUND_KINDS.has(error.kind)) {
          throw new ProviderError({ provider, kind: 'rejected', status: error.status, attempts, message: error.message, cause: error })
        }
        const timedOut = timeout.aborted
        if (attempt < retries) {
          await sleep(backoffDelay(attempt, { baseDelayMs, maxDelayMs, random }))
          continue
        }
        throw new ProviderError({
          provider,
          kind: timedOut ? 'timeout' : 'network',
          attempts,
          cause: error,
          message: timedOut
            ? `${provider} did not answer within ${seconds(timeoutMs)} (${attempts} attempts). Try again in a few minutes.`
            : error instanceof SafeFetchError
              ? `${error.message.replace(/\.$/, '')} (${provider}, ${attempts} attempts). Check the ${provider} address, or try again later.`
              : `Could not reach ${provider} (${(error as Error).message}) after ${attempts} attempts. Check the network connection and the ${provider} address.`,
        })
      }

      if (response.status < 400) return response
      const verdict = options.classifyFailure ? await classified(response, options.classifyFailure) : undefined
      if (verdict) {
        await response.body?.cancel()
        throw new ProviderError({ provider, kind: verdict.kind, status: response.status, attempts, message: verdict.message })
      }
      const retryable = response.status === 429 || response.status >= 500
      if (!retryable || attempt >= retries) throw await failureFromResponse(response, options, attempts)

      let delay = backoffDelay(attempt, { baseDelayMs, maxDelayMs, random })
      if (response.status === 429) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
        if (retryAfter !== undefined && retryAfter > maxRetryAfterMs) {
          await response.body?.cancel()
          throw new ProviderError({
            provider,
            kind: 'rate_limited',
            status: 429,
            attempts,
            message: `${provider} is limiting how fast we can call it and asks us to wait ${seconds(retryAfter)}. Try again after that.`,
          })
        }
        if (retryAfter !== undefined) delay = retryAfter
      }
      await response.body?.cancel()
      await sleep(delay)
    }
  }
  return providerFetch as typeof fetch
}

/**
 * Reads a JSON body and checks it against the schema of the vendor's wire shape: an answer we
 * cannot read is a ProviderError of kind 'malformed', not a TypeError three calls later.
 */
export async function readJson<T extends z.ZodType>(response: Response, provider: string, schema: T): Promise<z.output<T>> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw malformed(provider, 'the body is not JSON')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw malformed(provider, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'unexpected shape'}`)
  }
  return parsed.data
}

export function malformed(provider: string, detail: string) {
  return new ProviderError({
    provider,
    kind: 'malformed',
    message: `${provider} sent an answer we could not read (${detail}). Try again; if it keeps happening, its API may have changed.`,
  })
}
