import { rasterMedia, type RasterMedia } from '~/server/media/media-store'
import type { ArticleImage } from '~/shared/articles/article'
import type { PublishableImage } from './connector'

/**
 * The article's images as a CMS takes them (docs/product/publishing.md, "Images"): every image a
 * raster file (an SVG goes as its PNG rendering), the body's <img> and Markdown images pointing at
 * that file's absolute address on the app (APP_URL/media/…, public), never a path relative to our
 * app, and the featured image out of the body (themes show it above the post themselves). A
 * connector that hosts files uploads `images` and replaces each `url` in the body with its own.
 */

const MEDIA_PATH = /^\/media\//
const IMG_TAG = /<img\b[^>]*>/gi
const SRC = /\ssrc="([^"]*)"/i
const ALT = /\salt="([^"]*)"/i

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The path part of an image address as the article stores it (/media/… relative to the app, or our own absolute URL). */
const mediaPathOf = (src: string, appUrl: string) => {
  const url = URL.parse(src, appUrl)
  return url && url.origin === new URL(appUrl).origin && MEDIA_PATH.test(url.pathname) ? url.pathname : undefined
}

/** What the CMS names the file: the stored name without its hash prefix ("trail-shoes-featured.png"). */
const filenameOf = (url: string) => (url.split('/').pop() ?? 'image.png').replace(/^[0-9a-f]{16}-/, '')

function publishable(raster: RasterMedia, meta: { kind: ArticleImage['kind']; alt: string }, appUrl: string): PublishableImage {
  return {
    kind: meta.kind,
    bytes: raster.bytes,
    contentType: raster.contentType,
    filename: filenameOf(raster.url),
    alt: meta.alt,
    width: raster.width,
    height: raster.height,
    url: new URL(raster.url, appUrl).href,
    hash: raster.sha256,
  }
}

/** A leading featured image: the first block of the body (our articles put it under the title). */
function withoutLeadingImage(html: string, markdown: string, path: string, appUrl: string) {
  // The image alone in the first paragraph (or bare), never one that shares its paragraph with text.
  const leadingHtml = /^\s*(?:<p>\s*(<img\b[^>]*>)\s*<\/p>|(<img\b[^>]*>))\s*/i.exec(html)
  const htmlSrc = leadingHtml ? SRC.exec(leadingHtml[1] ?? leadingHtml[2]!)?.[1] : undefined
  const leadingMarkdown = /^\s*!\[[^\]]*\]\(([^)\s]+)\)\s*/.exec(markdown)
  return {
    html: htmlSrc && mediaPathOf(decodeAttribute(htmlSrc), appUrl) === path ? html.slice(leadingHtml![0].length) : html,
    markdown: leadingMarkdown && mediaPathOf(leadingMarkdown[1]!, appUrl) === path ? markdown.slice(leadingMarkdown[0].length) : markdown,
  }
}

export interface PublishableBody {
  html: string
  markdown: string
  featuredImage: PublishableImage | null
  /** The featured image first (when there is one), then the body's images in order. */
  images: PublishableImage[]
  /** Our addresses of the stored images (absolute) → the raster file's, for the JSON-LD. */
  replacements: Map<string, string>
}

/**
 * The body (without its H1) with its images made publishable; `images` are the article's stored
 * images (the article row's `images`), which give each file its kind and alt text.
 */
export async function publishableBody(
  input: { html: string; markdown: string; images: ArticleImage[] },
  options: { dataDir: string; appUrl: string },
): Promise<PublishableBody> {
  const { dataDir, appUrl } = options
  const stored = new Map(
    input.images.flatMap((image) => (mediaPathOf(image.url, appUrl) ? [[mediaPathOf(image.url, appUrl)!, image]] : [])),
  )
  const rasters = new Map<string, RasterMedia | null>()
  const rasterOf = async (path: string) => {
    if (!rasters.has(path)) rasters.set(path, await rasterMedia(dataDir, path).catch(() => null))
    return rasters.get(path) ?? null
  }

  const featuredStored = input.images.find((image) => image.kind === 'featured')
  const featuredPath = featuredStored && mediaPathOf(featuredStored.url, appUrl)
  const featuredRaster = featuredPath ? await rasterOf(featuredPath) : null
  let { html, markdown } = featuredPath ? withoutLeadingImage(input.html, input.markdown, featuredPath, appUrl) : input
  const featuredImage = featuredRaster ? publishable(featuredRaster, { kind: 'featured', alt: featuredStored!.alt }, appUrl) : null

  const images: PublishableImage[] = featuredImage ? [featuredImage] : []
  const inBody = new Map<string, PublishableImage | null>()
  for (const [tag] of html.matchAll(IMG_TAG)) {
    const src = SRC.exec(tag)?.[1]
    const path = src === undefined ? undefined : mediaPathOf(decodeAttribute(src), appUrl)
    if (!path || inBody.has(path)) continue
    const raster = await rasterOf(path)
    const meta = stored.get(path)
    const image = raster
      ? publishable(
          raster,
          {
            kind: meta?.kind === 'featured' ? 'inline' : (meta?.kind ?? 'inline'),
            alt: meta?.alt ?? decodeAttribute(ALT.exec(tag)?.[1] ?? ''),
          },
          appUrl,
        )
      : null
    inBody.set(path, image)
    if (image && !images.some((known) => known.url === image.url)) images.push(image)
  }

  // Each of our images points at its raster file, with its size; one whose file is gone is left out
  // rather than sent as an address that means nothing on the customer's site.
  html = html
    .replace(IMG_TAG, (tag) => {
      const src = SRC.exec(tag)?.[1]
      const path = src === undefined ? undefined : mediaPathOf(decodeAttribute(src), appUrl)
      if (!path) return tag
      const image = inBody.get(path)
      if (!image) return ''
      const sized = /\swidth=/i.test(tag) ? tag : tag.replace(/^<img\b/i, `<img width="${image.width}" height="${image.height}"`)
      return sized.replace(SRC, ` src="${image.url}"`)
    })
    .replace(/<p>\s*<\/p>\s*/g, '')
  markdown = markdown.replace(/(!\[[^\]]*\]\()([^)\s]+)(\))/g, (whole, open: string, src: string, close: string) => {
    const path = mediaPathOf(src, appUrl)
    if (!path) return whole
    const image = inBody.get(path)
    return image ? `${open}${image.url}${close}` : ''
  })

  const replacements = new Map<string, string>()
  for (const [path, raster] of rasters) if (raster) replacements.set(new URL(path, appUrl).href, new URL(raster.url, appUrl).href)
  return { html, markdown, featuredImage, images, replacements }
}

/** The JSON-LD with each of our image addresses replaced by its raster file's (an SVG's PNG). */
export function withRasterAddresses(value: unknown, replacements: Map<string, string>): unknown {
  if (typeof value === 'string') return replacements.get(value) ?? value
  if (Array.isArray(value)) return value.map((item) => withRasterAddresses(item, replacements))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withRasterAddresses(item, replacements)]))
  }
  return value
}

/**
 * The body as the JSON feed serves it (feed.ts): like `publishableBody`'s, without reading the
 * raster files, which a feed of 50 articles does not need: an SVG's address becomes its PNG's
 * (drawn once when missing), a raster's stays, both absolute on the app.
 */
export async function feedBody(input: { html: string; images: ArticleImage[] }, options: { dataDir: string; appUrl: string }) {
  const { dataDir, appUrl } = options
  const featured = input.images.find((image) => image.kind === 'featured')
  const featuredPath = featured && mediaPathOf(featured.url, appUrl)
  const { html } = featuredPath ? withoutLeadingImage(input.html, '', featuredPath, appUrl) : input
  const addresses = new Map<string, string | null>()
  const addressOf = async (path: string) => {
    if (!addresses.has(path)) {
      const raster = path.endsWith('.svg') ? await rasterMedia(dataDir, path).catch(() => null) : { url: path }
      addresses.set(path, raster ? new URL(raster.url, appUrl).href : null)
    }
    return addresses.get(path) ?? null
  }
  for (const path of [featuredPath, ...[...html.matchAll(IMG_TAG)].map(([tag]) => SRC.exec(tag)?.[1])]) {
    const media = path && mediaPathOf(decodeAttribute(path), appUrl)
    if (media) await addressOf(media)
  }
  const body = html.replace(IMG_TAG, (tag) => {
    const src = SRC.exec(tag)?.[1]
    const path = src === undefined ? undefined : mediaPathOf(decodeAttribute(src), appUrl)
    if (!path) return tag
    const address = addresses.get(path)
    return address ? tag.replace(SRC, ` src="${address}"`) : ''
  })
  return { html: body.replace(/<p>\s*<\/p>\s*/g, ''), featuredImage: featuredPath ? (addresses.get(featuredPath) ?? null) : null }
}
