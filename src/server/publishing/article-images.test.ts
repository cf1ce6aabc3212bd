import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { markdownToSafeHtml } from '~/server/articles/html'
import { storeMedia } from '~/server/media/media-store'
import { rasterSize } from '~/server/media/raster'
import { demoIllustration } from '~/server/demo-network/images/demo-illustrator'
import { gradientPng } from '~/server/demo-network/images/png'
import type { ArticleImage } from '~/shared/articles/article'
import { feedBody, publishableBody, withRasterAddresses } from './article-images'

const BUSINESS = 'Ab3dEf6hIj9L'
const APP_URL = 'https://app.rankpilot.example'
const utf8 = (text: string) => new TextEncoder().encode(text)

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-article-images-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** An article as generation stores it: a featured SVG (demo mode), an SVG and a PNG illustration in the body, an SVG infographic. */
async function storedArticle() {
  const store = (bytes: Uint8Array, contentType: 'image/svg+xml' | 'image/png', slug: string) =>
    storeMedia({ dataDir, businessId: BUSINESS, bytes, contentType, slug })
  const featured = await store(
    utf8(demoIllustration('Featured, brand colour #8b5a2b', '1536x1024')),
    'image/svg+xml',
    'trail shoes featured',
  )
  const inline = await store(utf8(demoIllustration('Inline, brand colour #8b5a2b', '1024x1024')), 'image/svg+xml', 'trail shoes inline')
  const photo = await store(gradientPng(30, 20, [0, 0, 0], [200, 100, 50]), 'image/png', 'trail shoes photo')
  const chart = await store(
    utf8('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><text x="10" y="40">Lugs</text></svg>'),
    'image/svg+xml',
    'trail shoes infographic',
  )
  const images: ArticleImage[] = [
    { url: featured.url, alt: 'Trail shoes', prompt: 'p', kind: 'featured', width: 1536, height: 1024 },
    { url: inline.url, alt: 'Lacing — trail shoes', prompt: 'p', kind: 'inline', width: 1024, height: 1024 },
    { url: photo.url, alt: 'Shoes on rock', prompt: 'p', kind: 'inline', width: 30, height: 20 },
    { url: chart.url, alt: 'Lug depth by shoe', prompt: 'p', kind: 'infographic', width: 800, height: 0 },
  ]
  const markdown = [
    `![Trail shoes](${featured.url})`,
    'Intro paragraph.',
    '## Lacing',
    `![Lacing — trail shoes](${inline.url})`,
    `![Shoes on rock](${photo.url})`,
    '## Lugs',
    `![Lug depth by shoe](${chart.url})`,
    '![Elsewhere](https://cdn.example.com/x.png)',
  ].join('\n\n')
  return { images, markdown, html: markdownToSafeHtml(markdown, { siteUrl: 'https://shop.example' }) }
}

describe('publishableBody', () => {
  it('leaves the featured image out of the body, every one of our images a raster file at its absolute APP_URL address', async () => {
    const article = await storedArticle()
    const body = await publishableBody(article, { dataDir, appUrl: APP_URL })

    expect(body.images.map((image) => [image.kind, image.alt])).toEqual([
      ['featured', 'Trail shoes'],
      ['inline', 'Lacing — trail shoes'],
      ['inline', 'Shoes on rock'],
      ['infographic', 'Lug depth by shoe'],
    ])
    expect(body.featuredImage).toBe(body.images[0])
    for (const image of body.images) {
      expect(image.contentType).toBe('image/png')
      expect(rasterSize(image.bytes)).toEqual({ width: image.width, height: image.height })
      expect(image.url).toMatch(new RegExp(`^${APP_URL}/media/${BUSINESS}/[0-9a-f]{16}-[a-z-]+\\.png$`))
      expect(image.filename).toMatch(/^trail-shoes-[a-z]+\.png$/)
      expect(image.hash).toMatch(/^[0-9a-f]{64}$/)
    }
    expect(body.images.map((image) => [image.width, image.height])).toEqual([
      [1536, 1024],
      [1200, 1200],
      [30, 20],
      [1200, 600],
    ])

    const featured = body.featuredImage!
    expect(body.html).not.toContain('/media/' + featured.url.split('/media/')[1]!.replace('.png', '.svg'))
    expect(body.html).not.toContain(featured.url)
    expect(body.html).not.toMatch(/src="\/media\//)
    expect(body.html).not.toContain('.svg')
    expect(body.html.startsWith('<p>Intro paragraph.</p>')).toBe(true)
    for (const image of body.images.slice(1)) {
      expect(body.html).toContain(`<img width="${image.width}" height="${image.height}" src="${image.url}"`)
      expect(body.markdown).toContain(`](${image.url})`)
    }
    expect(body.html).toContain('src="https://cdn.example.com/x.png"')
    expect(body.markdown.startsWith('Intro paragraph.')).toBe(true)
    expect(body.markdown).not.toMatch(/\]\(\/media\//)

    expect(withRasterAddresses({ image: [`${APP_URL}${article.images[0]!.url}`] }, body.replacements)).toEqual({ image: [featured.url] })
  })

  it('keeps a featured image the writer moved down into the body, and drops an image whose file is gone', async () => {
    const article = await storedArticle()
    const [featured] = article.images
    const html = `<p>First.</p><p><img src="${featured!.url}" alt="Trail shoes" /></p><p><img src="/media/${BUSINESS}/0123456789abcdef-gone.png" alt="Gone" /></p>`
    const body = await publishableBody({ ...article, html, markdown: 'First.' }, { dataDir, appUrl: APP_URL })
    expect(body.html).toBe(`<p>First.</p><p><img width="1536" height="1024" src="${body.featuredImage!.url}" alt="Trail shoes" /></p>`)
    expect(body.images).toHaveLength(1)

    const sharing = `<p><img src="${featured!.url}" alt="Trail shoes" /> Shoes, first.</p>`
    const kept = await publishableBody({ ...article, html: sharing, markdown: '' }, { dataDir, appUrl: APP_URL })
    expect(kept.html).toBe(`<p><img width="1536" height="1024" src="${kept.featuredImage!.url}" alt="Trail shoes" /> Shoes, first.</p>`)
  })

  it('the feed’s body likewise: no featured image, SVGs as their PNGs and every address absolute, without reading raster files', async () => {
    const article = await storedArticle()
    const body = await feedBody(article, { dataDir, appUrl: APP_URL })
    const [featured, inline, photo, chart] = article.images.map((image) => `${APP_URL}${image.url}`)
    expect(body.featuredImage).toBe(featured!.replace(/\.svg$/, '.png'))
    expect(body.html.startsWith('<p>Intro paragraph.</p>')).toBe(true)
    expect(body.html).toContain(`src="${inline!.replace(/\.svg$/, '.png')}"`)
    expect(body.html).toContain(`src="${photo}"`)
    expect(body.html).toContain(`src="${chart!.replace(/\.svg$/, '.png')}"`)
    expect(body.html).not.toMatch(/src="\/media\/|\.svg"/)
  })
})
