import { createMiddleware } from '@tanstack/react-start'

/**
 * The server-function transport: every server function is declared
 * `createServerFn({ method: 'POST' })` and is posted to `/_serverFn/{functionId}?createServerFn`
 * with a JSON body holding its data and context; a non-OK response throws its decoded JSON body,
 * else its text.
 *
 * TanStack Start 1.169.5's client fetcher posts to `/_serverFn/{functionId}` without the
 * `?createServerFn` marker, with the seroval-encoded JSON `{ data, context }` as the body (left
 * out when the call has neither). It rethrows what a server function threw (those replies are
 * seroval-serialized, marked `x-tss-serialized`) and throws `Error(text)` for a non-OK text
 * reply, but returns a non-OK reply with a plain JSON body (a proxy's 502, a raw `Response` a
 * handler returned or threw) *as data*. This fetch adds the marker and closes that gap: it leaves
 * OK and serialized replies to Start and throws the decoded body of any other failure. Start uses
 * it for every server function once registered, either globally
 * (`createStart(() => ({ serverFns: { fetch: serverFnFetch } }))` in src/start.ts) or per
 * function (`.middleware([throwFailedServerFnResponses])`).
 */

/** The query marker every server-function request carries. */
export const SERVER_FN_MARKER = 'createServerFn'

const SERIALIZED_HEADER = 'x-tss-serialized'

/** Thrown for a failed reply whose body is not JSON: the message is the body text. */
export class ServerFnResponseError extends Error {
  override name = 'ServerFnResponseError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** The value to throw for a failed reply: its JSON body, else an error carrying its text. */
export async function failedResponseBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      const decoded: unknown = JSON.parse(text)
      if (decoded !== null && decoded !== undefined) return decoded
    } catch {
      // Not JSON after all: fall through to the text.
    }
  }
  return new ServerFnResponseError(text || `${response.status} ${response.statusText}`.trim(), response.status)
}

/** The URL with `?createServerFn` (or `&createServerFn`) appended, unless it carries the marker already. */
export function withServerFnMarker(url: string): string {
  const hashAt = url.indexOf('#')
  const [path, hash] = hashAt === -1 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)]
  const queryAt = path.indexOf('?')
  const query = queryAt === -1 ? [] : path.slice(queryAt + 1).split('&')
  if (query.some((part) => part.split('=')[0] === SERVER_FN_MARKER)) return url
  return `${path}${queryAt === -1 ? '?' : '&'}${SERVER_FN_MARKER}${hash}`
}

function markedInput(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input === 'string') return withServerFnMarker(input)
  if (input instanceof URL) return new URL(withServerFnMarker(input.href))
  return new Request(withServerFnMarker(input.url), input)
}

export function createServerFnFetch(baseFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(markedInput(input), init)
    if (response.ok || response.headers.get(SERIALIZED_HEADER) === 'true') return response
    throw await failedResponseBody(response)
  }
}

export const serverFnFetch = createServerFnFetch()

/** The same behaviour for one server function: `createServerFn().middleware([throwFailedServerFnResponses])`. */
export const throwFailedServerFnResponses = createMiddleware({ type: 'function' }).client(({ next }) => next({ fetch: serverFnFetch }))
