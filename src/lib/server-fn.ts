import { createMiddleware } from '@tanstack/react-start'

/**
 * Spec §7: "A non-OK server-function response throws its decoded JSON body or its text."
 *
 * TanStack Start 1.169.5's client fetcher already rethrows what a server function threw (those
 * replies are seroval-serialized, marked `x-tss-serialized`), and throws `Error(text)` for a
 * non-OK text reply. But a non-OK reply with a plain JSON body (a proxy's 502, a raw
 * `Response` a handler returned or threw) is *returned as data*. This fetch closes that gap:
 * it leaves OK and serialized replies to Start and throws the decoded body of any other
 * failure. Start uses it for every server function once registered, either globally
 * (`createStart(() => ({ serverFns: { fetch: serverFnFetch } }))` in src/start.ts) or per
 * function (`.middleware([throwFailedServerFnResponses])`).
 */

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

export function createServerFnFetch(baseFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init)
    if (response.ok || response.headers.get(SERIALIZED_HEADER) === 'true') return response
    throw await failedResponseBody(response)
  }
}

export const serverFnFetch = createServerFnFetch()

/** The same behaviour for one server function: `createServerFn().middleware([throwFailedServerFnResponses])`. */
export const throwFailedServerFnResponses = createMiddleware({ type: 'function' }).client(({ next }) =>
  next({ fetch: serverFnFetch }),
)
