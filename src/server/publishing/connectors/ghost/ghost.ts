import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import { classifyGhostFailure } from '../failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishableImage, PublishedPost } from '../../connector'

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

/**
 * Ghost's limits on the fields we fill, in characters: its Admin API request schema
 * (@tryghost/admin-api-schema: slug 191, meta_title 300, meta_description 500, custom_excerpt 300,
 * tag names 191) and its database validations (title 255, feature_image_alt 191,
 * codeinjection_head 65535). A longer value is refused with a ValidationError, so we shorten it.
 */
export const GHOST_LIMITS = {
  title: 255,
  slug: 191,
  custom_excerpt: 300,
  meta_title: 300,
  meta_description: 500,
  feature_image_alt: 191,
  tag: 191,
  codeinjection_head: 65535,
}

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

/** Cuts before `max` UTF-16 units without leaving half of a surrogate pair. */
function cutAt(value: string, max: number) {
  const cut = value.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** Shortens text to at most `max` characters, at a word boundary when one is near, ending with "…". */
export function clip(value: string, max: number) {
  const text = value.trim()
  if (text.length <= max) return text
  const cut = cutAt(text, max - 1)
  const space = cut.lastIndexOf(' ')
  const words = space >= max * 0.6 ? cut.slice(0, space) : cut
  return `${words.replace(/[\s,;:.\-–—]+$/, '')}…`
}

/**
 * The slug Ghost keeps: at most 191 characters, cut at a hyphen. `find` asks for the same one, so
 * a post whose slug had to be shortened is still found again.
 */
export function ghostSlug(slug: string) {
  if (slug.length <= GHOST_LIMITS.slug) return slug
  const cut = cutAt(slug, GHOST_LIMITS.slug)
  const hyphen = cut.lastIndexOf('-')
  return (hyphen >= GHOST_LIMITS.slug * 0.6 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '')
}

/**
 * Our tags as Ghost tags: a name of at most 191 characters that does not start with a comma (Ghost
 * refuses it) or "#" (Ghost would make it an internal tag, hidden from readers); each name once.
 */
export function ghostTags(tags: string[]) {
  const seen = new Set<string>()
  const names: Array<{ name: string }> = []
  for (const tag of tags) {
    const name = clip(tag.replace(/^[\s,#]+/, ''), GHOST_LIMITS.tag)
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    names.push({ name })
  }
  return names
}

/**
 * JSON as the text of a script element: every `<`, `>` and `&` (so neither `</script` nor `<!--`
 * can appear) and the line separators U+2028 and U+2029 are written as JSON escapes, which any
 * JSON parser reads back as the same characters.
 */
export function scriptSafeJson(value: unknown) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * JSON-LD as head scripts, as many blocks as fit in Ghost's 65535 characters of code injection
 * (the Article first, then the FAQ); none left is null.
 */
export function jsonLdHead(jsonLd: unknown[]) {
  const scripts: string[] = []
  for (const block of jsonLd) {
    const script = `<script type="application/ld+json">${scriptSafeJson(block)}</script>`
    if ([...scripts, script].join('\n').length > GHOST_LIMITS.codeinjection_head) break
    scripts.push(script)
  }
  return scripts.length > 0 ? scripts.join('\n') : null
}

/** The extension Ghost expects for each type we send (it checks both, docs/product/publishing.md). */
const EXTENSIONS: Record<PublishableImage['contentType'], string> = { 'image/png': '.png', 'image/webp': '.webp', 'image/jpeg': '.jpg' }

/** The file's name with the extension of its type, since Ghost refuses a type and extension it does not list. */
export function ghostUploadName(image: Pick<PublishableImage, 'filename' | 'contentType'>) {
  const extension = EXTENSIONS[image.contentType]
  const stem = image.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'image'
  return /\.jpe?g$/i.test(image.filename) && extension === '.jpg' ? image.filename : `${stem}${extension}`
}

/** POST images/upload/: the file, its purpose and our file name as `ref`; Ghost answers the file's URL. */
async function uploadImage(context: Context, image: PublishableImage) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(image.bytes)], { type: image.contentType }), ghostUploadName(image))
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

/**
 * The post as Ghost's Admin API takes it (docs/product/publishing.md, What goes where): every
 * field within the limits of Ghost's request schema and database, so none is refused or dropped.
 * Ghost derives og:/twitter: titles, descriptions and images from meta_title, meta_description and
 * feature_image, so those fields are left empty for the user to set in Ghost.
 */
export function ghostPostFields(article: PublishableArticle, images: Map<string, string>) {
  const featured = article.featuredImage
  return {
    title: clip(article.title, GHOST_LIMITS.title),
    slug: ghostSlug(article.slug),
    // Our image addresses become the files uploaded to Ghost.
    html: article.images.reduce(
      (html, image) => html.replaceAll(`src="${image.url}"`, `src="${images.get(image.hash) ?? image.url}"`),
      article.html,
    ),
    status: 'published' as const,
    published_at: article.publishedAt.toISOString(),
    custom_excerpt: clip(article.excerpt, GHOST_LIMITS.custom_excerpt) || null,
    meta_title: clip(article.metaTitle, GHOST_LIMITS.meta_title) || null,
    meta_description: clip(article.metaDescription, GHOST_LIMITS.meta_description) || null,
    canonical_url: article.canonicalUrl,
    feature_image: featured ? (images.get(featured.hash) ?? null) : null,
    feature_image_alt: featured ? clip(featured.alt, GHOST_LIMITS.feature_image_alt) || null : null,
    tags: ghostTags(article.tags),
    codeinjection_head: jsonLdHead(article.jsonLd),
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
      const response = await ghostFetch(context, `posts/slug/${encodeURIComponent(ghostSlug(article.slug))}/`)
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
      body: JSON.stringify({ posts: [ghostPostFields(article, images)] }),
    })
    return published((await readJson(response, PROVIDER, postsSchema)).posts[0]!)
  },

  async update(context, externalId, article) {
    let images: Map<string, string> | undefined
    const post = await editPost(context, externalId, async (current) => {
      images ??= await ghostImages(context, article, current)
      return ghostPostFields(article, images)
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
