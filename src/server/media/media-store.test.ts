import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  MAX_MEDIA_BYTES,
  MediaError,
  SVG_CONTENT_SECURITY_POLICY,
  mediaResponse,
  mediaSlug,
  readMedia,
  removeBusinessMedia,
  storeMedia,
  svgProblem,
  type MediaContentType,
} from './media-store'

const BUSINESS = 'Ab3dEf6hIj9L'
const OTHER_BUSINESS = 'zz00YY11xx22'

const png = (...body: number[]) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...body])
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])
const webp = new Uint8Array([...Buffer.from('RIFF'), 8, 0, 0, 0, ...Buffer.from('WEBPVP8 ')])
const utf8 = (text: string) => new TextEncoder().encode(text)
const SAFE_SVG = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" font-family="'Segoe UI', sans-serif">`,
  '<title id="t">Café &amp; crème: 5 &gt; 3</title>',
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>',
  '<style><![CDATA[ text { fill: #333 } ]]></style>',
  '<!-- a comment -->',
  '<rect width="10" height="10" fill="url(#g)" data-label="a > b"/>',
  '<use xlink:href="#g"/>',
  '<text x="1" y="5">Sources: https://example.com/report, onion=3</text>',
  '</svg>',
].join('\n')

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-media-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const store = (bytes: Uint8Array, contentType: MediaContentType, slug = 'Hero image', businessId = BUSINESS) =>
  storeMedia({ dataDir, businessId, bytes, contentType, slug })

const request = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init)

describe('mediaSlug', () => {
  it.each([
    ['Crème brûlée: the Perfect Recipe!', 'creme-brulee-the-perfect-recipe'],
    ['Straße, Æsir, Øresund, Łódź, ﬁnal', 'strasse-aesir-oresund-lodz-final'],
    ['  --Hello__World--  ', 'hello-world'],
    ['../../etc/passwd', 'etc-passwd'],
    ['日本語', 'media'],
    ['', 'media'],
  ])('%j → %j', (text, slug) => {
    expect(mediaSlug(text)).toBe(slug)
  })

  it('cuts to 60 characters without a trailing dash', () => {
    const slug = mediaSlug(`${'a'.repeat(59)} b and more words`)
    expect(slug).toBe('a'.repeat(59))
    expect(mediaSlug('word '.repeat(30))).toMatch(/^[a-z0-9-]{1,60}$/)
    expect(mediaSlug('word '.repeat(30)).endsWith('-')).toBe(false)
  })
})

describe('storeMedia and readMedia', () => {
  it('round-trips bytes under a content-addressed name in the business folder', async () => {
    const bytes = png(1, 2, 3)
    const stored = await store(bytes, 'image/png', 'Crème Brûlée hero')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    expect(stored).toEqual({
      url: `/media/${BUSINESS}/${sha256.slice(0, 16)}-creme-brulee-hero.png`,
      path: join(dataDir, 'media', BUSINESS, `${sha256.slice(0, 16)}-creme-brulee-hero.png`),
      contentType: 'image/png',
      bytes: bytes.byteLength,
      sha256,
    })
    expect(new Uint8Array(await readFile(stored.path))).toEqual(bytes)
    expect(await readMedia(dataDir, stored.url)).toEqual({ bytes, contentType: 'image/png', etag: `"${sha256.slice(0, 16)}"` })
  })

  it.each([
    ['image/jpeg', jpeg, '.jpg'],
    ['image/webp', webp, '.webp'],
    ['image/svg+xml', utf8(SAFE_SVG), '.svg'],
  ] as const)('stores %s with its extension and reads it back with its type', async (contentType, bytes, extension) => {
    const stored = await store(bytes, contentType)
    expect(stored.url.endsWith(extension)).toBe(true)
    expect(await readMedia(dataDir, stored.url)).toMatchObject({ bytes, contentType })
  })

  it('is idempotent: the same bytes and slug give the same file, once, even when stored at once', async () => {
    const urls = (await Promise.all([1, 2, 3].map(() => store(png(9), 'image/png')))).map((stored) => stored.url)
    expect(new Set(urls).size).toBe(1)
    expect((await store(png(9), 'image/png')).url).toBe(urls[0])
    expect(await readdir(join(dataDir, 'media', BUSINESS))).toEqual([urls[0].split('/').at(-1)])
    expect((await store(png(10), 'image/png')).url).not.toBe(urls[0])
  })

  it('writes through a temporary file that is gone after success and after a failed rename', async () => {
    const folder = join(dataDir, 'media', BUSINESS)
    await store(png(1), 'image/png')
    await store(jpeg, 'image/jpeg', 'second')
    expect(await readdir(folder)).toHaveLength(2)
    expect((await readdir(folder)).every((name) => /^[0-9a-f]{16}-[a-z0-9-]+\.(png|jpg)$/.test(name))).toBe(true)

    // A non-empty folder where the file belongs: the rename onto it fails.
    const { path } = await store(png(2), 'image/png', 'blocked')
    await rm(path)
    await mkdir(path)
    await writeFile(join(path, 'keep'), '')
    await expect(store(png(2), 'image/png', 'blocked')).rejects.toThrow()
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it.each([
    ['image/png', jpeg, /declared image\/png: its bytes are image\/jpeg/],
    ['image/jpeg', png(), /declared image\/jpeg: its bytes are image\/png/],
    ['image/webp', utf8('RIFF\0\0\0\0WAVEfmt '), /declared image\/webp: its bytes are no known image format/],
    ['image/png', new Uint8Array(), /no known image format/],
    ['image/png', utf8(SAFE_SVG), /no known image format/],
  ] as const)('refuses %s whose magic number does not match', async (contentType, bytes, message) => {
    await expect(store(bytes, contentType)).rejects.toThrow(message)
    await expect(store(bytes, contentType)).rejects.toBeInstanceOf(MediaError)
  })

  it('refuses a content type it does not serve', async () => {
    for (const contentType of ['text/html', 'toString']) {
      await expect(store(utf8('<html></html>'), contentType as MediaContentType)).rejects.toThrow(/only PNG, WebP, JPEG and SVG/)
    }
  })

  it('refuses media over 10 MB and accepts exactly 10 MB', async () => {
    const limit = new Uint8Array(MAX_MEDIA_BYTES)
    limit.set(png())
    await expect(store(limit, 'image/png')).resolves.toMatchObject({ bytes: MAX_MEDIA_BYTES })
    const over = new Uint8Array(MAX_MEDIA_BYTES + 1)
    over.set(png())
    await expect(store(over, 'image/png')).rejects.toThrow(/limit is 10485760 bytes/)
  })

  it.each(['', 'short', 'Ab3dEf6hIj9L/', '../Ab3dEf6h', 'Ab3dEf6hIj9L0', 'Ab3dEf6h-j9L', 'Ab3dEf6h.j9L'])(
    'refuses business id %j',
    async (businessId) => {
      await expect(store(png(), 'image/png', 'x', businessId)).rejects.toThrow(/not an app id/)
      await expect(removeBusinessMedia(dataDir, businessId)).rejects.toThrow(/not an app id/)
    },
  )
})

describe('SVG safety', () => {
  it('accepts a plain drawing with an XML declaration, CDATA style, comments and internal links', () => {
    expect(svgProblem(utf8(SAFE_SVG))).toBeUndefined()
    expect(svgProblem(utf8('\uFEFF  \n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
  })

  it.each([
    ['not an svg root', '<html><svg></svg></html>', /does not start with <svg/],
    ['text before the root', 'hello <svg></svg>', /does not start with <svg/],
    ['a longer root name', '<svgx></svgx>', /does not start with <svg/],
    ['script', '<svg><script>alert(1)</script></svg>', /<script> element/],
    ['upper-case script', '<svg><SCRIPT>alert(1)</SCRIPT></svg>', /<SCRIPT> element/],
    ['prefixed script', '<svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>', /<s:script> element/],
    ['foreignObject', '<svg><foreignObject><div>x</div></foreignObject></svg>', /<foreignObject> element/],
    ['onload on the root', '<svg onload="alert(1)"></svg>', /event handler attribute onload/],
    ['upper-case handler', "<svg><rect ONCLICK='alert(1)'/></svg>", /event handler attribute ONCLICK/],
    ['handler after a > in a value', '<svg><rect title=">" onmouseover="alert(1)"/></svg>', /onmouseover/],
    ['external href', '<svg><a href="http://evil.example/"><text>x</text></a></svg>', /link "http:\/\/evil\.example\/"/],
    ['external xlink:href', '<svg><image xlink:href="https://evil.example/x.png"/></svg>', /link/],
    ['javascript: href', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', /link "javascript:alert\(1\)"/],
    ['data: href', '<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>', /link/],
    ['encoded javascript: in a value', '<svg><animate values="&#106;ava&#x73;cript:alert(1)"/></svg>', /javascript: URL/],
    ['split javascript: in a value', '<svg><set to="java\tscript:alert(1)"/></svg>', /javascript: URL/],
    ['animated link', '<svg><a><animate attributeName="xlink:href" values="#x"/></a></svg>', /animated link/],
    ['XHTML namespace', '<svg><iframe xmlns="http://www.w3.org/1999/xhtml" src="/"/></svg>', /namespace/],
    ['DOCTYPE with entities', '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>', /does not start with <svg/],
    ['DOCTYPE inside', '<svg><!DOCTYPE x></svg>', /unsupported markup at "<!DOCTYPE/],
    ['style sheet instruction', '<svg><?xml-stylesheet href="http://evil.example/x.xsl"?></svg>', /unsupported markup/],
    ['unquoted attribute', '<svg><rect onclick=alert(1) /></svg>', /unsupported markup/],
    ['unterminated comment', '<svg><!-- <script>alert(1)</script></svg>', /unsupported markup/],
  ])('refuses %s', async (_, svg, message) => {
    expect(svgProblem(utf8(svg))).toMatch(message)
    await expect(store(utf8(svg), 'image/svg+xml')).rejects.toThrow(/^Refused SVG: /)
  })

  it('refuses bytes that are not UTF-8', () => {
    expect(svgProblem(Uint8Array.from([...utf8('<svg>'), 0xff, 0xfe, ...utf8('</svg>')]))).toMatch(/not UTF-8/)
  })

  it('decodes out-of-range character references without throwing', () => {
    expect(svgProblem(utf8('<svg><text data-x="&#99999999999;">x</text></svg>'))).toBeUndefined()
  })
})

describe('readMedia refuses every path storeMedia could not have written', () => {
  let url: string
  let file: string
  beforeEach(async () => {
    url = (await store(png(4), 'image/png', 'hero')).url
    file = url.split('/').at(-1)!
    await writeFile(join(dataDir, 'secret.png'), png(5))
  })

  it.each([
    (file: string) => `/media/${BUSINESS}/../${BUSINESS}/${file}`,
    () => `/media/${BUSINESS}/../../secret.png`,
    (file: string) => `/media/${BUSINESS}/%2e%2e/${BUSINESS}/${file}`,
    (file: string) => `/media/${BUSINESS}/${file.replace('-', '%2D')}`,
    (file: string) => `/media/${BUSINESS}\\${file}`,
    (file: string) => `/media/${BUSINESS}/..\\..\\${file}`,
    (file: string) => `${join(dataDir, 'media', BUSINESS, file)}`,
    (file: string) => `//media/${BUSINESS}/${file}`,
    (file: string) => `/media/${BUSINESS}/${file}\0`,
    (file: string) => `/media/${BUSINESS}/${file}\0.png`,
    (file: string) => `/media/${BUSINESS}/${file}/`,
    (file: string) => `/media/${BUSINESS}/${file}?x=1`,
    (file: string) => `/media/${BUSINESS}/${file.replace('.png', '.PNG')}`,
    (file: string) => `/media/${BUSINESS}/${file.replace('.png', '.html')}`,
    (file: string) => `/media/${BUSINESS.toLowerCase()}/${file}`,
    () => `/media/${BUSINESS}/`,
    () => `/media/${BUSINESS}`,
    () => '/media/',
  ])('path %#', async (path) => {
    expect(await readMedia(dataDir, path(file))).toBeNull()
  })

  it('reads the file itself, and null for a missing one or another business', async () => {
    expect(await readMedia(dataDir, url)).not.toBeNull()
    expect(await readMedia(dataDir, url.replace(/[0-9a-f]{16}/, '0'.repeat(16)))).toBeNull()
    expect(await readMedia(dataDir, url.replace(BUSINESS, OTHER_BUSINESS))).toBeNull()
  })

  it('never serves a folder, even one named like a media file', async () => {
    const folder = `/media/${BUSINESS}/${'a'.repeat(16)}-listing.png`
    await mkdir(join(dataDir, folder))
    expect(await readMedia(dataDir, folder)).toBeNull()
    expect((await mediaResponse(dataDir, request(folder))).status).toBe(404)
  })

  it("answers null when a business's media path is a file, not a folder", async () => {
    await writeFile(join(dataDir, 'media', OTHER_BUSINESS), png(4))
    expect(await readMedia(dataDir, url.replace(BUSINESS, OTHER_BUSINESS))).toBeNull()
  })
})

describe('removeBusinessMedia', () => {
  it("deletes one business's folder and leaves the others", async () => {
    const mine = await store(png(1), 'image/png')
    const theirs = await store(png(1), 'image/png', 'Hero image', OTHER_BUSINESS)
    await removeBusinessMedia(dataDir, BUSINESS)
    expect(await readMedia(dataDir, mine.url)).toBeNull()
    expect(await readMedia(dataDir, theirs.url)).not.toBeNull()
    await expect(removeBusinessMedia(dataDir, BUSINESS)).resolves.toBeUndefined()
  })
})

describe('mediaResponse', () => {
  it('answers GET with the bytes, their type, a year of caching, an ETag and nosniff', async () => {
    const stored = await store(jpeg, 'image/jpeg')
    const response = await mediaResponse(dataDir, request(stored.url))
    expect(response.status).toBe(200)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(jpeg)
    expect(Object.fromEntries(response.headers)).toEqual({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(jpeg.byteLength),
      'content-type': 'image/jpeg',
      etag: `"${stored.sha256.slice(0, 16)}"`,
      'x-content-type-options': 'nosniff',
    })
  })

  it('sends SVG with a policy that blocks scripts even when opened directly', async () => {
    const stored = await store(utf8(SAFE_SVG), 'image/svg+xml', 'Coffee infographic')
    const response = await mediaResponse(dataDir, request(stored.url))
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('content-security-policy')).toBe(SVG_CONTENT_SECURITY_POLICY)
    expect(SVG_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(await response.text()).toBe(SAFE_SVG)
    const raster = await mediaResponse(dataDir, request((await store(png(), 'image/png')).url))
    expect(raster.headers.get('content-security-policy')).toBeNull()
  })

  it('answers 304 without a body when If-None-Match holds the ETag', async () => {
    const stored = await store(png(7), 'image/png')
    const etag = `"${stored.sha256.slice(0, 16)}"`
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await mediaResponse(dataDir, request(stored.url, { headers: { 'if-none-match': ifNoneMatch } }))
      expect(response.status, ifNoneMatch).toBe(304)
      expect(response.body).toBeNull()
      expect(response.headers.get('etag')).toBe(etag)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
    const stale = await mediaResponse(dataDir, request(stored.url, { headers: { 'if-none-match': '"0000000000000000"' } }))
    expect(stale.status).toBe(200)
  })

  it('answers HEAD with the headers and length but no body', async () => {
    const stored = await store(webp, 'image/webp')
    const response = await mediaResponse(dataDir, request(stored.url, { method: 'HEAD' }))
    expect(response.status).toBe(200)
    expect(response.body).toBeNull()
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('content-length')).toBe(String(webp.byteLength))
    expect(response.headers.get('etag')).toBe(`"${stored.sha256.slice(0, 16)}"`)
  })

  it('answers 404 for a missing file, a folder, a bad name or traversal, and 405 for other methods', async () => {
    const stored = await store(png(8), 'image/png')
    await writeFile(join(dataDir, 'secret.png'), png(5))
    for (const path of [
      stored.url.replace(/[0-9a-f]{16}/, 'f'.repeat(16)),
      `/media/${BUSINESS}/`,
      `/media/${BUSINESS}`,
      `/media/${BUSINESS}/%2e%2e/%2e%2e/secret.png`,
      `/media/${BUSINESS}/..%2f..%2fsecret.png`,
      `/media/${BUSINESS}/..%5c..%5csecret.png`,
      `/media/${BUSINESS}/${stored.url.split('/').at(-1)}%00`,
    ]) {
      const response = await mediaResponse(dataDir, request(path))
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    }
    const post = await mediaResponse(dataDir, request(stored.url, { method: 'POST', body: 'x' }))
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})
