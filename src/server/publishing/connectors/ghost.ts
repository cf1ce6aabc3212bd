import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import { classifyGhostFailure } from './failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishableImage, PublishedPost } from '../connector'

/**
 * Ghost through its Admin API (docs/product/publishing.md): every request carries a fresh
 * 5-minute JWT signed with the Admin API key, posts are sent as HTML (`?source=html`), every
 * image (the featured one and those of the body) is uploaded to Ghost first (images/upload/, once
 * per publication) and the body points at the uploaded files, and an edit carries the
 * `updated_at` it read, as Ghost requires to detect concurrent edits.
 */

const PROVIDER = 'Ghost'

type Context = ConnectorContext<'ghost'>

const postSchema = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  status: z.string(),
  updated_at: z.string(),
  feature_image: z.string().nullish(),
})
const postsSchema = z.object({ posts: z.array(postSchema).min(1) })
type GhostPost = z.output<typeof postSchema>

/** Ghost's limits on the fields we fill (characters). */
const LIMITS = { custom_excerpt: 300, meta_title: 300, meta_description: 500, feature_image_alt: 191 }

/** The short-lived token Ghost's Admin API accepts: HS256, kid = key id, aud /admin/, 5 minutes. */
export function ghostAdminToken(adminApiKey: string, now = Date.now()) {
  const [keyId = '', secret = ''] = adminApiKey.split(':')
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const iat = Math.floor(now / 1000)
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT', kid: keyId })}.${encode({ iat, exp: iat + 300, aud: '/admin/' })}`
  const signature = createHmac('sha256', Buffer.from(secret, 'hex')).update(unsigned).digest('base64url')
  return `${unsigned}.${signature}`
}

/** The API URL as the integration shows it, with or without the admin path pasted after it. */
function adminBase(apiUrl: string) {
  return `${apiUrl.replace(/\/ghost(\/api(\/admin)?)?\/?$/, '')}/ghost/api/admin`
}

function ghostFetch(context: Context, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Ghost ${ghostAdminToken(context.secrets.adminApiKey)}`)
  headers.set('Accept-Version', 'v5.0')
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json')
  return context.fetch(`${adminBase(context.config.apiUrl)}/${path}`, { ...init, headers, signal: context.signal })
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value)

/** JSON-LD as a head script; `<` is escaped so the JSON cannot close the script element. */
function jsonLdHead(jsonLd: unknown[]) {
  return jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`).join('\n')
}

async function uploadImage(context: Context, image: PublishableImage) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(image.bytes)], { type: image.contentType }), image.filename)
  form.set('purpose', 'image')
  form.set('ref', image.filename)
  const response = await ghostFetch(context, 'images/upload/', { method: 'POST', body: form })
  const body = await readJson(response, PROVIDER, z.object({ images: z.array(z.object({ url: z.string() })).min(1) }))
  return body.images[0]!.url
}

/** Whether the post already shows this image (Ghost keeps the uploaded file's name in its URL). */
function showsImage(post: GhostPost, filename: string) {
  if (!post.feature_image) return false
  const stem = filename
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/[^a-z0-9]+/g, '-')
  const shown = decodeURIComponent(post.feature_image.split('/').pop() ?? '').toLowerCase()
  return stem !== '' && shown.startsWith(stem)
}

/**
 * Every image of the article in Ghost's storage, by content hash: uploaded once per publication
 * (ConnectorContext.media), or the featured image the post already shows.
 */
async function ghostImages(context: Context, article: PublishableArticle, current?: GhostPost) {
  const urls = new Map<string, string>()
  for (const image of article.images) {
    if (urls.has(image.hash)) continue
    const known = context.media?.uploaded[image.hash]?.url
    const shown = image.kind === 'featured' && current && showsImage(current, image.filename) ? current.feature_image! : undefined
    const url = known ?? shown ?? (await uploadImage(context, image))
    if (!known) await context.media?.remember(image.hash, { id: url, url })
    urls.set(image.hash, url)
  }
  return urls
}

function postFields(article: PublishableArticle, images: Map<string, string>) {
  const featured = article.featuredImage
  return {
    title: article.title,
    slug: article.slug,
    // Our image addresses become the files uploaded to Ghost.
    html: article.images.reduce(
      (html, image) => html.replaceAll(`src="${image.url}"`, `src="${images.get(image.hash) ?? image.url}"`),
      article.html,
    ),
    status: 'published',
    published_at: article.publishedAt.toISOString(),
    custom_excerpt: clip(article.excerpt, LIMITS.custom_excerpt) || null,
    meta_title: clip(article.metaTitle, LIMITS.meta_title) || null,
    meta_description: clip(article.metaDescription, LIMITS.meta_description) || null,
    canonical_url: article.canonicalUrl,
    feature_image: featured ? (images.get(featured.hash) ?? null) : null,
    feature_image_alt: featured ? clip(featured.alt, LIMITS.feature_image_alt) || null : null,
    tags: article.tags.map((name) => ({ name })),
    codeinjection_head: article.jsonLd.length > 0 ? jsonLdHead(article.jsonLd) : null,
  }
}

async function readPost(context: Context, id: string) {
  const response = await ghostFetch(context, `posts/${encodeURIComponent(id)}/`)
  return (await readJson(response, PROVIDER, postsSchema)).posts[0]!
}

const isNotFound = (error: unknown) => error instanceof ProviderError && error.status === 404

/**
 * PUTs the fields with the post's current `updated_at`. A 409 means someone saved in between:
 * we read again and retry once, since our fields replace theirs anyway.
 */
async function editPost(context: Context, id: string, fields: (current: GhostPost) => Promise<Record<string, unknown>>) {
  for (let attempt = 0; ; attempt++) {
    const current = await readPost(context, id)
    try {
      const response = await ghostFetch(context, `posts/${encodeURIComponent(id)}/?source=html`, {
        method: 'PUT',
        body: JSON.stringify({ posts: [{ ...(await fields(current)), updated_at: current.updated_at }] }),
      })
      return (await readJson(response, PROVIDER, postsSchema)).posts[0]!
    } catch (error) {
      if (attempt === 0 && error instanceof ProviderError && error.status === 409) continue
      throw error
    }
  }
}

const published = (post: GhostPost): PublishedPost => ({ externalId: post.id, url: post.url })

export const ghostConnector: Connector<'ghost'> = {
  type: 'ghost',
  classifyFailure: classifyGhostFailure,

  async test(context) {
    // The site endpoint is public, so the posts read is what proves the key.
    const site = await readJson(
      await ghostFetch(context, 'site/'),
      PROVIDER,
      z.object({ site: z.object({ title: z.string(), url: z.string() }) }),
    )
    await readJson(await ghostFetch(context, 'posts/?limit=1&fields=id'), PROVIDER, z.object({ posts: z.array(z.unknown()) }))
    return { account: `Ghost site “${site.site.title}” (${site.site.url.replace(/\/$/, '')})` }
  },

  async find(context, article) {
    try {
      const response = await ghostFetch(context, `posts/slug/${encodeURIComponent(article.slug)}/`)
      return published((await readJson(response, PROVIDER, postsSchema)).posts[0]!)
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  },

  async create(context, article) {
    const images = await ghostImages(context, article)
    const response = await ghostFetch(context, 'posts/?source=html', {
      method: 'POST',
      body: JSON.stringify({ posts: [postFields(article, images)] }),
    })
    return published((await readJson(response, PROVIDER, postsSchema)).posts[0]!)
  },

  async update(context, externalId, article) {
    let images: Map<string, string> | undefined
    const post = await editPost(context, externalId, async (current) => {
      images ??= await ghostImages(context, article, current)
      return postFields(article, images)
    })
    return published(post)
  },

  async unpublish(context, externalId) {
    try {
      await editPost(context, externalId, async () => ({ status: 'draft' }))
    } catch (error) {
      // A post deleted on the Ghost side is already off the site.
      if (isNotFound(error)) return
      throw error
    }
  },
}
