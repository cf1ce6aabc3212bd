import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { Resvg } from '@resvg/resvg-js'

/**
 * Raster copies of our SVG drawings (the infographic, demo mode's illustrations) for the places
 * that refuse SVG: every CMS we publish to (stock WordPress never accepts it). The SVG stays what
 * our own read view shows; the PNG is made once and kept beside it (media-store.ts,
 * `rasterMedia`). docs/product/publishing.md, "Images".
 *
 * Text is drawn with Inter, which the project ships (@fontsource/inter's WOFF files, unpacked to
 * TrueType once per process, since the renderer reads TrueType only): the SVG's font stack names
 * system fonts that a server rarely has, so its generic `sans-serif` resolves to Inter. The
 * machine's fonts stay loaded as a fallback for scripts Inter has no glyphs for. The same SVG on
 * the same machine always gives the same bytes.
 */

/** A drawing narrower than this is rendered at twice its size (at most), so it stays sharp on a site's full-width column. */
const TARGET_WIDTH = 1200
const MAX_ZOOM = 2

const INTER_WEIGHTS = [400, 600, 700] as const
const INTER_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const

export interface RasterImage {
  bytes: Uint8Array<ArrayBuffer>
  contentType: 'image/png'
  width: number
  height: number
}

// ── WOFF 1.0 → TrueType/OpenType (W3C WOFF File Format 1.0: a header, a table directory, zlib-compressed tables) ──

/** The sfnt font a WOFF 1.0 file wraps. */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength)
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 file.')
  const flavor = input.readUInt32BE(4)
  const numTables = input.readUInt16BE(12)
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20
    const offset = input.readUInt32BE(entry + 4)
    const compLength = input.readUInt32BE(entry + 8)
    const origLength = input.readUInt32BE(entry + 12)
    const stored = input.subarray(offset, offset + compLength)
    return {
      tag: input.subarray(entry, entry + 4),
      checksum: input.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    }
  })
  const entrySelector = Math.floor(Math.log2(numTables))
  const searchRange = 2 ** entrySelector * 16
  const header = Buffer.alloc(12 + numTables * 16)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(searchRange, 6)
  header.writeUInt16BE(entrySelector, 8)
  header.writeUInt16BE(numTables * 16 - searchRange, 10)
  const bodies: Buffer[] = []
  let offset = header.length
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16
    table.tag.copy(header, record)
    header.writeUInt32BE(table.checksum, record + 4)
    header.writeUInt32BE(offset, record + 8)
    header.writeUInt32BE(table.data.length, record + 12)
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4)
    table.data.copy(padded)
    bodies.push(padded)
    offset += padded.length
  }
  return Buffer.concat([header, ...bodies])
}

let fontFiles: Promise<string[]> | undefined

/** Inter's faces as TrueType files in a folder of the temp dir (named by their content, written once). */
function interFontFiles(): Promise<string[]> {
  fontFiles ??= (async () => {
    const require = createRequire(import.meta.url)
    const folder = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files')
    const target = join(tmpdir(), 'rankpilot-fonts')
    await mkdir(target, { recursive: true })
    const paths: string[] = []
    for (const subset of INTER_SUBSETS) {
      for (const weight of INTER_WEIGHTS) {
        const sfnt = woffToSfnt(await readFile(join(folder, `inter-${subset}-${weight}-normal.woff`)))
        const path = join(target, `inter-${subset}-${weight}-${createHash('sha256').update(sfnt).digest('hex').slice(0, 12)}.ttf`)
        if (!(await stat(path).catch(() => null))?.isFile()) await writeOnce(path, sfnt)
        paths.push(path)
      }
    }
    return paths
  })().catch((error: unknown) => {
    fontFiles = undefined
    throw error
  })
  return fontFiles
}

/** Written under a temporary name and renamed, so a concurrent reader never sees half a file. */
async function writeOnce(path: string, bytes: Uint8Array) {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(bytes)
  } finally {
    await handle.close()
  }
  await rename(temporary, path).catch(async (error: unknown) => {
    await rm(temporary, { force: true })
    throw error
  })
}

/** The SVG drawn as a PNG: at its own size, or larger (up to twice) when narrower than TARGET_WIDTH. */
export async function rasterizeSvg(svg: Uint8Array): Promise<RasterImage> {
  const fonts = await interFontFiles()
  const options = {
    font: { fontFiles: fonts, loadSystemFonts: true, defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' },
    background: 'white',
    logLevel: 'off' as const,
  }
  const source = Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength)
  const width = new Resvg(source, options).width
  const zoom = Math.min(MAX_ZOOM, Math.max(1, TARGET_WIDTH / Math.max(1, width)))
  const rendered = new Resvg(source, { ...options, fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom } }).render()
  const png = rendered.asPng()
  return {
    bytes: new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength)) as Uint8Array<ArrayBuffer>,
    contentType: 'image/png',
    width: rendered.width,
    height: rendered.height,
  }
}

// ── Pixel size of a raster file, read from its header ─────────────────────────────────────────

/** Width and height of a PNG, JPEG or WebP from its bytes, or undefined when they cannot be read. */
export function rasterSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const text = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length))
  if (bytes.length >= 24 && bytes[0] === 0x89 && text(1, 3) === 'PNG' && text(12, 4) === 'IHDR') {
    return { width: view.getUint32(16), height: view.getUint32(20) }
  }
  if (bytes.length >= 30 && text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') {
    const chunk = text(12, 4)
    if (chunk === 'VP8X') {
      const read24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
      return { width: read24(24) + 1, height: read24(27) + 1 }
    }
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true)
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
    }
    return undefined
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC).
    let at = 2
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined
      const marker = bytes[at + 1]!
      if (marker === 0xff) {
        at++
        continue
      }
      const length = view.getUint16(at + 2)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) }
      }
      at += 2 + length
    }
  }
  return undefined
}
