import { StandardRPCJsonSerializer, StandardRPCSerializer } from '@orpc/client/standard'
import { ORPCError } from '@orpc/server'

/**
 * Request body limits, enforced before any handler parses a body: a body over the limit is
 * refused with 413 from its Content-Length before anything is read, or, without one (chunked) or
 * with one that lies, as soon as the bytes streamed in pass the limit. At most the limit is ever
 * held in memory: nothing past it is buffered.
 */

const MB = 1024 * 1024

export interface BodyLimit {
  /** The largest body accepted, in bytes. */
  maxBytes: number
  /** The 413 answer, in the error shape the clients of these paths read. */
  refuse: (maxBytes: number) => Response
}

const tooLargeMessage = (maxBytes: number) => `The request body is larger than the limit of ${formatBytes(maxBytes)}.`

const formatBytes = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`)

const TOO_LARGE_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' }

const rpcSerializer = new StandardRPCSerializer(new StandardRPCJsonSerializer())

/**
 * oRPC's error wire format (`{"json":{"defined":false,"code":…,"status":413,"message":…}}`), which
 * its client turns into an ORPCError.
 */
export function rpcPayloadTooLarge(maxBytes: number): Response {
  const error = new ORPCError('PAYLOAD_TOO_LARGE', { status: 413, message: tooLargeMessage(maxBytes) })
  return new Response(JSON.stringify(rpcSerializer.serialize(error.toJSON())), { status: 413, headers: TOO_LARGE_HEADERS })
}

/** The public API's error body (src/server/api/api-handler.ts, and /mcp's HTTP errors): `{ defined, code, status, message }`. */
export function apiPayloadTooLarge(maxBytes: number): Response {
  const error = new ORPCError('PAYLOAD_TOO_LARGE', { status: 413, message: tooLargeMessage(maxBytes) })
  return new Response(JSON.stringify(error.toJSON()), { status: 413, headers: TOO_LARGE_HEADERS })
}

/** better-auth's error body, `{ code, message }`, which its client reads. */
export function authPayloadTooLarge(maxBytes: number): Response {
  const body = { code: 'PAYLOAD_TOO_LARGE', message: tooLargeMessage(maxBytes) }
  return new Response(JSON.stringify(body), { status: 413, headers: TOO_LARGE_HEADERS })
}

function plainPayloadTooLarge(maxBytes: number): Response {
  const headers = { ...TOO_LARGE_HEADERS, 'content-type': 'text/plain; charset=utf-8' }
  return new Response(tooLargeMessage(maxBytes), { status: 413, headers })
}

/**
 * The limit per path prefix; the longest prefix that matches applies. A path that needs larger
 * bodies (an upload procedure, say) gets its own entry, e.g. `'/rpc/article/upload'`.
 */
export const BODY_LIMITS: Readonly<Record<string, BodyLimit>> = {
  '/rpc': { maxBytes: 1 * MB, refuse: rpcPayloadTooLarge },
  '/api/auth': { maxBytes: 1 * MB, refuse: authPayloadTooLarge },
  '/api/v1': { maxBytes: 1 * MB, refuse: apiPayloadTooLarge },
  '/mcp': { maxBytes: 1 * MB, refuse: apiPayloadTooLarge },
}

/** Every other path: pages, server functions and the demo stand-ins' form posts are all small. */
export const DEFAULT_BODY_LIMIT: BodyLimit = { maxBytes: 1 * MB, refuse: plainPayloadTooLarge }

export function bodyLimitFor(pathname: string, limits: Readonly<Record<string, BodyLimit>> = BODY_LIMITS): BodyLimit {
  let match: string | undefined
  for (const prefix of Object.keys(limits)) {
    const matches = pathname === prefix || pathname.startsWith(`${prefix}/`)
    if (matches && (match === undefined || prefix.length > match.length)) match = prefix
  }
  return match === undefined ? DEFAULT_BODY_LIMIT : limits[match]
}

/**
 * How much of a refused body is still read, and thrown away, after the 413: a client that went
 * a little over the limit finishes sending, reads its answer and can go on using the connection
 * (a body left unread would block the next request on it); a larger upload is cut off there by
 * dropping the connection. Closing it at once instead fails clients that are still writing
 * (EPIPE) before they read the 413.
 */
export const DISCARD_AFTER_REFUSAL_BYTES = 4 * MB

/** Reads and drops what is left of a refused body, up to `maxBytes`; past that, cancels it (on Node: drops the connection). */
export async function discardUnread(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes = DISCARD_AFTER_REFUSAL_BYTES,
): Promise<void> {
  let discarded = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      discarded += value.byteLength
      if (discarded > maxBytes) {
        await reader.cancel()
        return
      }
    }
  } catch {
    // The caller went away: nothing left to discard.
  }
}

export type BodyRead = { bytes: Uint8Array<ArrayBuffer> } | { overLimit: ReadableStreamDefaultReader<Uint8Array> }

/**
 * Reads a body into memory while it stays within `maxBytes`. As soon as it passes the limit,
 * reading stops and the reader is handed back (`overLimit`) with the rest unread: nothing past
 * the limit is pulled or held.
 */
export async function readBodyWithin(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<BodyRead> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) return { overLimit: reader }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { bytes }
}

export type BodyLimitResult =
  /** The request to hand on, its body read into memory. */
  | { request: Request }
  /** The answer instead; `discard` then deals with the unread rest of the body (discardUnread). */
  | { refused: Response; discard?: () => Promise<void> }

const unreadableBody = () =>
  new Response('The request body could not be read.', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/**
 * Applies the limit of the request's path: the request with its body read and within the limit,
 * or the answer, 413 (or 400 for a body that broke off). A request without a body is handed on
 * as it is.
 */
export async function enforceBodyLimit(
  request: Request,
  limits: Readonly<Record<string, BodyLimit>> = BODY_LIMITS,
): Promise<BodyLimitResult> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return { request }
  const body = request.body
  const limit = bodyLimitFor(new URL(request.url).pathname, limits)
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit.maxBytes) {
    return { refused: limit.refuse(limit.maxBytes), discard: () => discardUnread(body.getReader()) }
  }
  // A body that breaks off (the caller went away mid-upload) is the caller's failure, not ours.
  const read = await readBodyWithin(body, limit.maxBytes).catch(() => undefined)
  if (read === undefined) return { refused: unreadableBody() }
  if ('overLimit' in read) return { refused: limit.refuse(limit.maxBytes), discard: () => discardUnread(read.overLimit) }
  const headers = new Headers(request.headers)
  headers.delete('transfer-encoding')
  headers.set('content-length', String(read.bytes.byteLength))
  return { request: new Request(request.url, { method: request.method, headers, body: read.bytes, signal: request.signal }) }
}
