import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { gradientPng } from '~/server/demo-network/images/png'
import { demoIllustration } from '~/server/demo-network/images/demo-illustrator'
import { renderInfographic } from '~/server/articles/infographic/svg'
import { mediaResponse, rasterMedia, storeMedia } from './media-store'
import { rasterizeSvg, rasterSize, woffToSfnt } from './raster'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const BUSINESS = 'Ab3dEf6hIj9L'
const utf8 = (text: string) => new TextEncoder().encode(text)

const infographic = () =>
  renderInfographic(
    {
      title: 'Brew temperature by method',
      unit: '°C',
      points: [
        { label: 'Pour-over', value: 93, unit: '°C', sourceUrl: 'https://a.example/guide' },
        { label: 'Cold brew', value: 20, unit: '°C', sourceUrl: 'https://a.example/guide' },
      ],
      sources: [{ url: 'https://a.example/guide', title: 'Coffee guide' }],
    },
    { brandColor: '#8b5a2b' },
  ).svg

/** How many pixels of the PNG are not white (its RGBA pixels, decoded by the renderer itself). */
async function inkedPixels(svg: string) {
  const { Resvg } = await import('@resvg/resvg-js')
  const png = await rasterizeSvg(utf8(svg))
  // Draw the PNG back through an SVG <image>: the renderer decodes it, and we read its pixels.
  const wrapper = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${png.width}" height="${png.height}"><image width="${png.width}" height="${png.height}" xlink:href="data:image/png;base64,${Buffer.from(png.bytes).toString('base64')}"/></svg>`
  const pixels = new Resvg(wrapper, { font: { loadSystemFonts: false } }).render().pixels
  let inked = 0
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 200 || pixels[i + 1]! < 200 || pixels[i + 2]! < 200) inked++
  return inked
}

describe('rasterizeSvg', () => {
  it('draws the infographic as a PNG at least 1200 px wide, with its aspect ratio, the same bytes every time', async () => {
    const svg = infographic()
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number)
    const png = await rasterizeSvg(utf8(svg))
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    expect(png.contentType).toBe('image/png')
    expect(png.width).toBe(Math.min(2 * width!, 1200))
    expect(png.height).toBe(Math.round((height! * png.width) / width!))
    expect(rasterSize(png.bytes)).toEqual({ width: png.width, height: png.height })
    expect(Buffer.from((await rasterizeSvg(utf8(svg))).bytes).equals(Buffer.from(png.bytes))).toBe(true)
  })

  it('draws the text with a font (Inter, which the project ships): text alone leaves ink on the page', async () => {
    const text = (content: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif"><text x="10" y="50" font-size="36" fill="#000">${content}</text></svg>`
    expect(await inkedPixels(text(''))).toBe(0)
    expect(await inkedPixels(text('Brew temperature 93 °C'))).toBeGreaterThan(2000)
  })

  it('keeps a drawing at least 1200 px wide at its own size', async () => {
    const png = await rasterizeSvg(utf8(demoIllustration('Featured image, brand colour #8b5a2b', '1536x1024')))
    expect({ width: png.width, height: png.height }).toEqual({ width: 1536, height: 1024 })
  })
})

describe('woffToSfnt', () => {
  it('unpacks a WOFF 1.0 font into TrueType the renderer reads', async () => {
    const require = createRequire(import.meta.url)
    const woff = await readFile(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'))
    const sfnt = woffToSfnt(woff)
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000)
    expect(sfnt.readUInt32BE(4) >>> 16).toBe(woff.readUInt16BE(12))
    expect(sfnt.length).toBe(woff.readUInt32BE(16))
    expect(() => woffToSfnt(utf8('nope, not a font at all here'))).toThrow('Not a WOFF 1.0 file.')
  })
})

describe('rasterSize', () => {
  it('reads the size of PNG, JPEG and WebP headers', () => {
    expect(rasterSize(gradientPng(7, 5, [0, 0, 0], [255, 255, 255]))).toEqual({ width: 7, height: 5 })
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 8, 0x01, 0x2c, 0x02, 0x58, 3, 0, 0, 0, 0, 0,
    ])
    expect(rasterSize(jpeg)).toEqual({ width: 600, height: 300 })
    const vp8x = new Uint8Array(30)
    vp8x.set(Buffer.from('RIFF'), 0)
    vp8x.set(Buffer.from('WEBPVP8X'), 8)
    vp8x.set([0x3f, 0x06, 0x00, 0x7f, 0x04, 0x00], 24) // 1599 + 1 by 1151 + 1
    expect(rasterSize(vp8x)).toEqual({ width: 1600, height: 1152 })
    expect(rasterSize(utf8('<svg/>'))).toBeUndefined()
  })
})

describe('rasterMedia', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-raster-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('renders an SVG once into a PNG beside it, served at /media, and reads it from there afterwards', async () => {
    const svg = await storeMedia({
      dataDir,
      businessId: BUSINESS,
      bytes: utf8(infographic()),
      contentType: 'image/svg+xml',
      slug: 'brew chart',
    })
    const raster = await rasterMedia(dataDir, svg.url)
    expect(raster).toMatchObject({ url: svg.url.replace(/\.svg$/, '.png'), contentType: 'image/png', width: 1200 })
    expect([...raster!.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    const path = svg.path.replace(/\.svg$/, '.png')
    expect((await stat(path)).size).toBe(raster!.bytes.byteLength)

    const served = await mediaResponse(dataDir, new Request(`https://app.example${raster!.url}`))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(raster!.bytes))).toBe(true)

    // Cached: the file beside the SVG is what is read, nothing is drawn again.
    const cached = gradientPng(3, 2, [1, 2, 3], [4, 5, 6])
    await writeFile(path, cached)
    expect(await rasterMedia(dataDir, svg.url)).toMatchObject({ width: 3, height: 2, bytes: new Uint8Array(cached) })
  })

  it('answers a raster file as it is, with its size and hash; null for a missing file or a path of another shape', async () => {
    const bytes = gradientPng(9, 4, [0, 0, 0], [9, 9, 9])
    const stored = await storeMedia({ dataDir, businessId: BUSINESS, bytes, contentType: 'image/png', slug: 'photo' })
    expect(await rasterMedia(dataDir, stored.url)).toEqual({
      url: stored.url,
      bytes: new Uint8Array(bytes),
      contentType: 'image/png',
      width: 9,
      height: 4,
      sha256: stored.sha256,
    })
    expect(await rasterMedia(dataDir, `/media/${BUSINESS}/0123456789abcdef-gone.svg`)).toBeNull()
    expect(await rasterMedia(dataDir, '/media/../etc/passwd')).toBeNull()
  })
})
