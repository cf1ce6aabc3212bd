import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business } from '~/server/db/schema'
import { rasterizeSvg, rasterSize } from './raster'

/**
 * Article media (generated images and rendered infographics), kept under `<DATA_DIR>/media/<businessId>/`
 * and served publicly at `/media/<businessId>/<file>`, as published articles show them.
 *
 * File names start with a prefix of the bytes' SHA-256, so a URL always means the same bytes: it can be
 * cached for a year, and storing the same bytes under the same slug again finds the file already there.
 * Nothing is read from a request path that does not match the one shape this module writes, so dot
 * segments, encoded characters, backslashes and absolute paths never reach the file system.
 *
 * An SVG's PNG rendering (what a CMS gets: `rasterMedia`) is kept beside it under the SVG's name
 * with .png: its prefix is the hash of the SVG it was drawn from, written once and never replaced.
 */

export const MEDIA_EXTENSIONS = {
  'image/png': 'png',
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
} as const

export type MediaContentType = keyof typeof MEDIA_EXTENSIONS

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024
export const MAX_SLUG_LENGTH = 60
const HASH_PREFIX_LENGTH = 16

/** What src/server/ids.ts generates: 12 characters of 0-9, A-Z, a-z. */
const BUSINESS_ID = /^[0-9A-Za-z]{12}$/
/** The only request path read: /media/<business id>/<16 hex of SHA-256>-<slug>.<extension>. */
const MEDIA_PATH = /^\/media\/([0-9A-Za-z]{12})\/(([0-9a-f]{16})-[a-z0-9-]{1,60}\.(png|webp|jpg|svg))$/

const CONTENT_TYPE_OF_EXTENSION = Object.fromEntries(
  Object.entries(MEDIA_EXTENSIONS).map(([type, extension]) => [extension, type]),
) as Record<string, MediaContentType>

/** Infographics are our own drawing, yet a document opened directly must never run anything. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** Media refused by storeMedia: wrong type, unsafe SVG, too large, or a bad business id. */
export class MediaError extends Error {
  override name = 'MediaError'
}

export interface StoredMedia {
  /** /media/<businessId>/<file> */
  url: string
  /** Absolute path of the file. */
  path: string
  contentType: MediaContentType
  bytes: number
  sha256: string
}

export interface MediaFile {
  bytes: Uint8Array<ArrayBuffer>
  contentType: MediaContentType
  etag: string
}

export const isBusinessId = (value: string) => BUSINESS_ID.test(value)

function assertBusinessId(businessId: string) {
  if (!isBusinessId(businessId)) throw new MediaError(`Refused media for business id ${JSON.stringify(businessId)}: not an app id.`)
}

const businessMediaDir = (dataDir: string, businessId: string) => resolve(dataDir, 'media', businessId)

// ── Names ───────────────────────────────────────────────────────────────────────────────────────

/** Letters NFKD leaves whole; every other accented Latin letter decomposes into base and mark. */
const LETTER_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' }

/** A file-name slug from any text: ASCII-folded, lower case, `[a-z0-9-]{1,60}`; "media" when nothing is left. */
export function mediaSlug(text: string): string {
  const folded = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøđðþłı]/g, (letter) => LETTER_FOLDS[letter])
  const slug = folded
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-$/, '')
  return slug || 'media'
}

// ── Content checks ──────────────────────────────────────────────────────────────────────────────

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** The raster type the bytes' magic number says, or undefined. */
export function sniffImageType(bytes: Uint8Array): Exclude<MediaContentType, 'image/svg+xml'> | undefined {
  if (startsWith(bytes, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  return undefined
}

const SVG_PROLOG = /^\s*(?:<\?xml\s[^?]*\?>\s*)?(?=<svg[\s/>])/
/**
 * One piece of markup from a `<`. A start tag's attribute values must be quoted (XML's rule), so a
 * `>` inside a value never ends the tag early; a lone `<` that fits nothing is malformed.
 */
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\/[^\s<>]+\s*>|<(?<name>[A-Za-z_][\w.:-]*)(?<attributes>(?:\s+[^\s=/<>"']+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>|</g
const ATTRIBUTE = /([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const REFUSED_ELEMENTS = new Set(['script', 'foreignobject'])
const ALLOWED_NAMESPACES = new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink'])

/** Browsers skip spaces and control characters inside a URL's scheme ("java\tscript:"). */
const withoutControls = (value: string) => [...value].filter((char) => char.charCodeAt(0) > 0x20).join('')

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase()

const codePoint = (code: number) => (code <= 0x10ffff ? String.fromCodePoint(code) : '')

/** An attribute value as the parser reads it: character references decoded (a DOCTYPE, and so any other entity, is refused). */
const decodeValue = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => codePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => codePoint(Number(decimal)))

function attributeProblem(name: string, rawValue: string): string | undefined {
  const local = localName(name)
  const value = decodeValue(rawValue).trim()
  if (local.startsWith('on')) return `event handler attribute ${name}`
  if (name === 'xmlns' || name.startsWith('xmlns:')) {
    return ALLOWED_NAMESPACES.has(value) ? undefined : `namespace ${JSON.stringify(value)}`
  }
  // Links may only point inside the drawing: no page, script or file elsewhere.
  if (local === 'href' && !value.startsWith('#')) return `link ${JSON.stringify(value)}`
  if (local === 'attributename' && localName(value) === 'href') return 'an animated link'
  if (/javascript:/i.test(withoutControls(value))) return 'a javascript: URL'
  return undefined
}

/** Why the SVG is unsafe to serve, or undefined when it is a plain drawing. */
export function svgProblem(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return 'it is not UTF-8 text'
  }
  const prolog = SVG_PROLOG.exec(text)
  if (!prolog) return 'it does not start with <svg (after an optional XML declaration)'
  const body = text.slice(prolog[0].length)
  for (const markup of body.matchAll(MARKUP)) {
    const [whole] = markup
    if (whole.startsWith('<!--') || whole.startsWith('<![CDATA[') || whole.startsWith('</')) continue
    const { name, attributes } = markup.groups ?? {}
    // A DOCTYPE (entities), a processing instruction (style sheets) or malformed markup.
    if (name === undefined) return `it has unsupported markup at ${JSON.stringify(body.slice(markup.index, markup.index + 30))}`
    if (REFUSED_ELEMENTS.has(localName(name))) return `it has a <${name}> element`
    for (const [, attribute, doubleQuoted, singleQuoted] of attributes.matchAll(ATTRIBUTE)) {
      const problem = attributeProblem(attribute, doubleQuoted ?? singleQuoted)
      if (problem) return `<${name}> has ${problem}`
    }
  }
  return undefined
}

/** Throws a MediaError unless the bytes are what the content type says, safe, and within the size limit. */
export function assertMediaBytes(bytes: Uint8Array, contentType: string): asserts contentType is MediaContentType {
  if (!Object.hasOwn(MEDIA_EXTENSIONS, contentType))
    throw new MediaError(`Refused media of type ${JSON.stringify(contentType)}: only PNG, WebP, JPEG and SVG.`)
  if (bytes.byteLength > MAX_MEDIA_BYTES) {
    throw new MediaError(`Refused media of ${bytes.byteLength} bytes: the limit is ${MAX_MEDIA_BYTES} bytes (10 MB).`)
  }
  if (contentType === 'image/svg+xml') {
    const problem = svgProblem(bytes)
    if (problem) throw new MediaError(`Refused SVG: ${problem}.`)
    return
  }
  const found = sniffImageType(bytes)
  if (found !== contentType)
    throw new MediaError(`Refused media declared ${contentType}: its bytes are ${found ?? 'no known image format'}.`)
}

// ── Store ───────────────────────────────────────────────────────────────────────────────────────

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

/** The size of a regular file, or null when there is none (a folder is never served). */
async function fileSize(path: string): Promise<number | null> {
  try {
    const found = await stat(path)
    return found.isFile() ? found.size : null
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** Written in full and flushed under a temporary name in the same folder, then renamed: readers see all or nothing. */
async function writeAtomically(path: string, bytes: Uint8Array) {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
  try {
    const handle = await open(temporary, 'wx')
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** Writes bytes under <DATA_DIR>/media/<businessId>/<sha256-prefix>-<slug>.<ext>; idempotent (same bytes → same file); atomic (temp file + rename). */
export async function storeMedia(input: {
  dataDir: string
  businessId: string
  bytes: Uint8Array
  contentType: MediaContentType
  slug: string
}): Promise<StoredMedia> {
  const { dataDir, businessId, bytes, contentType } = input
  assertBusinessId(businessId)
  assertMediaBytes(bytes, contentType)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const file = `${sha256.slice(0, HASH_PREFIX_LENGTH)}-${mediaSlug(input.slug)}.${MEDIA_EXTENSIONS[contentType]}`
  const folder = businessMediaDir(dataDir, businessId)
  const path = join(folder, file)
  await mkdir(folder, { recursive: true })
  // The name is the content: a file already there holds these bytes.
  if ((await fileSize(path)) === null) await writeAtomically(path, bytes)
  return { url: `/media/${businessId}/${file}`, path, contentType, bytes: bytes.byteLength, sha256 }
}

/** The ids of a user's businesses: whose media folders go when the account goes. */
export async function businessIdsOf(db: Pick<Database, 'select'>, userId: string): Promise<string[]> {
  return (await db.select({ id: business.id }).from(business).where(eq(business.userId, userId))).map((row) => row.id)
}

/** Deletes a business's media folder (when the business or its account is deleted). */
export async function removeBusinessMedia(dataDir: string, businessId: string): Promise<void> {
  assertBusinessId(businessId)
  await rm(businessMediaDir(dataDir, businessId), { recursive: true, force: true })
}

// ── Read and serve ──────────────────────────────────────────────────────────────────────────────

interface MediaLocation {
  path: string
  contentType: MediaContentType
  etag: string
}

/** The file a request path names, when it has exactly the shape storeMedia writes; the pattern admits no separator or dot segment. */
function locateMedia(dataDir: string, requestPath: string): MediaLocation | null {
  const match = MEDIA_PATH.exec(requestPath)
  if (!match) return null
  const [, businessId, file, hashPrefix, extension] = match
  return {
    path: join(businessMediaDir(dataDir, businessId), file),
    contentType: CONTENT_TYPE_OF_EXTENSION[extension],
    etag: `"${hashPrefix}"`,
  }
}

async function readLocated(location: MediaLocation): Promise<MediaFile | null> {
  try {
    const file = await readFile(location.path)
    const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength)
    return { bytes, contentType: location.contentType, etag: location.etag }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** Resolves a /media/... request path to a file safely, or null (bad ids, traversal, unknown extension, missing file). */
export async function readMedia(dataDir: string, requestPath: string): Promise<MediaFile | null> {
  const location = locateMedia(dataDir, requestPath)
  return location && readLocated(location)
}

/** If-None-Match: a list of (possibly weak) entity tags, or `*`. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })
}

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } })

/** The answer to a request under /media: GET and HEAD, with an ETag, 304 when it matches, 404 for anything unknown. */
export async function mediaResponse(dataDir: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } })
  }
  const location = locateMedia(dataDir, new URL(request.url).pathname)
  const size = location && (await fileSize(location.path))
  if (!location || size === null) return notFound()
  const headers = new Headers({ 'cache-control': MEDIA_CACHE_CONTROL, etag: location.etag, 'x-content-type-options': 'nosniff' })
  if (matchesEtag(request.headers.get('if-none-match'), location.etag)) return new Response(null, { status: 304, headers })
  headers.set('content-type', location.contentType)
  if (location.contentType === 'image/svg+xml') headers.set('content-security-policy', SVG_CONTENT_SECURITY_POLICY)
  if (request.method === 'HEAD') {
    headers.set('content-length', String(size))
    return new Response(null, { status: 200, headers })
  }
  const media = await readLocated(location)
  if (!media) return notFound()
  headers.set('content-length', String(media.bytes.byteLength))
  return new Response(media.bytes, { status: 200, headers })
}

// ── Raster copies for CMSs ──────────────────────────────────────────────────────────────────────

export interface RasterMedia {
  /** /media/<businessId>/<file>: the file itself when it is raster, else the PNG beside the SVG. */
  url: string
  bytes: Uint8Array<ArrayBuffer>
  contentType: Exclude<MediaContentType, 'image/svg+xml'>
  width: number
  height: number
  /** SHA-256 of the bytes, hex. */
  sha256: string
}

/**
 * The file a CMS takes for a /media path (CMSs refuse SVG): a PNG, WebP or JPEG as it is; for an
 * SVG, its PNG rendering, kept beside it as `<the SVG's name>.png` (same hash prefix: the
 * rendering of those SVG bytes) and rendered only when it is not there yet. Null when the path
 * names no stored file.
 */
export async function rasterMedia(dataDir: string, requestPath: string): Promise<RasterMedia | null> {
  const location = locateMedia(dataDir, requestPath)
  if (!location) return null
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
  if (location.contentType !== 'image/svg+xml') {
    const file = await readLocated(location)
    const size = file && rasterSize(file.bytes)
    if (!file || !size) return null
    return { url: requestPath, bytes: file.bytes, contentType: location.contentType, ...size, sha256: sha256(file.bytes) }
  }
  const pngPath = location.path.replace(/\.svg$/, '.png')
  const url = requestPath.replace(/\.svg$/, '.png')
  let bytes = (await readLocated({ path: pngPath, contentType: 'image/png', etag: location.etag }))?.bytes
  if (!bytes) {
    const svg = await readLocated(location)
    if (!svg) return null
    bytes = (await rasterizeSvg(svg.bytes)).bytes
    if ((await fileSize(pngPath)) === null) await writeAtomically(pngPath, bytes)
  }
  const size = rasterSize(bytes)
  if (!size) return null
  return { url, bytes, contentType: 'image/png', ...size, sha256: sha256(bytes) }
}
