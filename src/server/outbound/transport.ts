import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { pipeline, type Readable } from 'node:stream'
import zlib from 'node:zlib'

/**
 * The wire layer of the outbound fetchers: one request to an address that was already checked,
 * and a body read that stops at the size cap. Kept apart from the policy so the policy can be
 * tested with a recording transport.
 */

export interface ConnectTarget {
  url: URL
  /** The checked address to connect to; never looked up again (no DNS rebinding window). */
  address: string
  family: 4 | 6
  headers: Record<string, string>
  signal: AbortSignal
  /** GET when absent. */
  method?: string
  body?: Uint8Array
}

export type Connect = (target: ConnectTarget) => Promise<IncomingMessage>

/**
 * node:http with a `lookup` that answers with the checked address, so the socket goes exactly
 * where the policy looked while Host, SNI and certificate checks still use the hostname.
 * `agent: false`: a pooled socket could belong to an earlier, differently resolved request.
 */
export const connectPinned: Connect = ({ url, address, family, headers, signal, method = 'GET', body }) =>
  new Promise((resolve, reject) => {
    const lookup = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      // Node ≥ 20 asks with all: true when autoSelectFamily is on, and then expects a list.
      if (options?.all) callback(null, [{ address, family }])
      else callback(null, address, family)
    }) as unknown as LookupFunction
    const client = url.protocol === 'https:' ? https : http
    const sent = body ? { ...headers, 'content-length': String(body.byteLength) } : headers
    const request = client.request(url, { method, headers: sent, signal, agent: false, lookup })
    request.once('response', resolve)
    request.once('error', reject)
    request.end(body)
  })

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip()
    case 'deflate':
      return zlib.createInflate()
    case 'br':
      return zlib.createBrotliDecompress()
    default:
      return undefined
  }
}

/**
 * Reads the decoded body, counting decoded bytes so a small compressed "bomb" is stopped at the
 * same cap as a large plain body. Rejects with BodyTooLargeError past maxBytes.
 */
export async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (!response.headers['content-encoding'] && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw new BodyTooLargeError()
  }
  const decoder = decoderFor(response.headers['content-encoding'])
  const stream: Readable = decoder ? pipeline(response, decoder, () => {}) : response
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length
      if (total > maxBytes) throw new BodyTooLargeError()
      chunks.push(chunk as Buffer)
    }
  } finally {
    if (total > maxBytes || !response.complete) {
      response.destroy()
      decoder?.destroy()
    }
  }
  return Buffer.concat(chunks)
}

/** The media type without parameters, lower-cased: "text/html". Empty when absent. */
export function mediaType(contentType: string | undefined) {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

function charsetOf(contentType: string | undefined, body: Buffer) {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1]
  if (fromHeader) return fromHeader
  // A page without a header charset declares it in its first bytes (HTML's prescan).
  const head = body.subarray(0, 2048).toString('latin1')
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8'
}

export function decodeText(body: Buffer, contentType: string | undefined) {
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(charsetOf(contentType, body))
  } catch {
    decoder = new TextDecoder('utf-8')
  }
  return decoder.decode(body)
}
