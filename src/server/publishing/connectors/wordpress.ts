import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import { classifyWordpressFailure } from './failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishableImage, PublishedPost, UploadedMedia } from '../connector'

/**
 * WordPress through its REST API (wp/v2) with an application password (Basic auth). Tags are
 * WordPress terms: each of the article's tags is looked up by slug and created when missing.
 * Unpublishing sets the post back to draft.
 *
 * Images (docs/product/publishing.md, "Images"): every image of the article (raster files: stock
 * WordPress refuses SVG) goes to the media library attached to the post, with its alt text; the
 * body's image addresses become the `source_url`s WordPress answers, and the featured one is the
 * post's featured_media. A new post is therefore made as a draft first, so its media can name it.
 * What was uploaded is remembered per publication by content hash (ConnectorContext.media) and
 * reused when the article is published again, after checking WordPress still has it.
 */

type Context = ConnectorContext<'wordpress'>
const PROVIDER = 'WordPress'

const postSchema = z.object({ id: z.number(), link: z.string(), status: z.string(), slug: z.string() })
const tagSchema = z.object({ id: z.number(), slug: z.string(), name: z.string().optional() })

const api = (context: Context, path: string) => `${context.config.siteUrl}/wp-json/wp/v2${path}`

function headers(context: Context, extra: Record<string, string> = {}) {
  const token = Buffer.from(`${context.config.username}:${context.secrets.applicationPassword}`).toString('base64')
  return { Authorization: `Basic ${token}`, Accept: 'application/json', ...extra }
}

const json = (context: Context, body: unknown) => ({
  method: 'POST',
  headers: headers(context, { 'Content-Type': 'application/json' }),
  body: JSON.stringify(body),
  signal: context.signal,
})

const toPost = (post: z.output<typeof postSchema>): PublishedPost => ({ externalId: String(post.id), url: post.link })

/** WordPress's own slug for a term name (lower case, dashes). */
const termSlug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')

const getTags = async (context: Context, query: Record<string, string>) =>
  readJson(
    await context.fetch(`${api(context, '/tags')}?${new URLSearchParams(query)}`, { headers: headers(context), signal: context.signal }),
    PROVIDER,
    z.array(tagSchema),
  )

/** Term names come back HTML-escaped (WordPress stores "A &amp; B"). */
const unescapeName = (name: string) =>
  name.replace(/&(amp|lt|gt|quot|#0?39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[entity] ?? "'")

async function createTag(context: Context, name: string) {
  try {
    return (await readJson(await context.fetch(api(context, '/tags'), json(context, { name })), PROVIDER, tagSchema)).id
  } catch (error) {
    // 400 term_exists: the site has the tag under a slug WordPress spells differently from
    // termSlug ("ß", ".", "_", other scripts). It is found by its name.
    if (!(error instanceof ProviderError && error.kind === 'rejected' && error.status === 400)) throw error
    const wanted = name.trim().toLowerCase()
    const found = (await getTags(context, { search: name, per_page: '100' })).find(
      (tag) => tag.name !== undefined && unescapeName(tag.name).trim().toLowerCase() === wanted,
    )
    if (!found) throw error
    return found.id
  }
}

async function tagIds(context: Context, names: string[]) {
  const ids: number[] = []
  for (const name of names) {
    const slug = termSlug(name)
    if (!slug) continue
    const found = await getTags(context, { slug })
    ids.push(found[0]?.id ?? (await createTag(context, name)))
  }
  return ids
}

const mediaSchema = z.object({
  id: z.number(),
  source_url: z.string(),
  post: z.number().nullable().optional(),
  alt_text: z.string().optional(),
})

/** Uploads the image to the media library, attached to the post, with its alt text (both taken as query parameters). */
async function upload(context: Context, postId: string, image: PublishableImage) {
  const query = new URLSearchParams({ post: postId, alt_text: image.alt })
  const response = await context.fetch(`${api(context, '/media')}?${query}`, {
    method: 'POST',
    headers: headers(context, { 'Content-Type': image.contentType, 'Content-Disposition': `attachment; filename="${image.filename}"` }),
    body: image.bytes,
    signal: context.signal,
  })
  return readJson(response, PROVIDER, mediaSchema)
}

/** The media WordPress still has under this id, or null when it answers 404 (deleted from the library). */
async function existingMedia(context: Context, id: string) {
  try {
    const response = await context.fetch(`${api(context, `/media/${id}`)}?context=edit`, {
      headers: headers(context),
      signal: context.signal,
    })
    return await readJson(response, PROVIDER, mediaSchema)
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null
    throw error
  }
}

/**
 * Every image of the article in the post's media library: reused when this publication uploaded
 * the same bytes before and WordPress still has them (attached to the post and given the alt text
 * again if either changed), uploaded otherwise. Answers each image's media by content hash.
 */
async function syncMedia(context: Context, postId: string, images: PublishableImage[]) {
  const ledger = context.media ?? { uploaded: {} as UploadedMedia, remember: async () => {} }
  const synced = new Map<string, { id: number; url: string }>()
  for (const image of images) {
    if (synced.has(image.hash)) continue
    const known = ledger.uploaded[image.hash]
    const found = known ? await existingMedia(context, known.id) : null
    if (known && !found) await ledger.remember(image.hash, null)
    if (found) {
      if (found.post !== Number(postId) || found.alt_text !== image.alt) {
        await readJson(
          await context.fetch(api(context, `/media/${found.id}`), json(context, { post: Number(postId), alt_text: image.alt })),
          PROVIDER,
          mediaSchema,
        )
      }
      synced.set(image.hash, { id: found.id, url: found.source_url })
      if (found.source_url !== known!.url) await ledger.remember(image.hash, { id: String(found.id), url: found.source_url })
      continue
    }
    const media = await upload(context, postId, image)
    await ledger.remember(image.hash, { id: String(media.id), url: media.source_url })
    synced.set(image.hash, { id: media.id, url: media.source_url })
  }
  return synced
}

/** The body with each of our image addresses replaced by its file in the media library. */
function withMediaUrls(html: string, images: PublishableImage[], synced: Map<string, { url: string }>) {
  return images.reduce((body, image) => body.replaceAll(`src="${image.url}"`, `src="${synced.get(image.hash)?.url ?? image.url}"`), html)
}

async function fields(context: Context, article: PublishableArticle) {
  return {
    title: article.title,
    content: article.html,
    excerpt: article.metaDescription,
    slug: article.slug,
    status: 'publish',
    tags: await tagIds(context, article.tags),
  }
}

export const wordpressConnector: Connector<'wordpress'> = {
  type: 'wordpress',
  classifyFailure: classifyWordpressFailure,

  async test(context) {
    const response = await context.fetch(`${api(context, '/users/me')}?context=edit`, { headers: headers(context), signal: context.signal })
    const me = await readJson(
      response,
      PROVIDER,
      z.object({ name: z.string(), capabilities: z.record(z.string(), z.boolean()).optional() }),
    )
    if (me.capabilities && me.capabilities.publish_posts === false) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'auth',
        message: `${me.name} cannot publish posts on ${new URL(context.config.siteUrl).host}: give the user the Editor or Administrator role.`,
      })
    }
    return { account: `Signed in as ${me.name} on ${new URL(context.config.siteUrl).host}` }
  },

  async find(context, article) {
    const query = new URLSearchParams({ slug: article.slug, status: 'publish,future,draft,pending,private', context: 'edit' })
    const response = await context.fetch(`${api(context, '/posts')}?${query}`, { headers: headers(context), signal: context.signal })
    const posts = await readJson(response, PROVIDER, z.array(postSchema))
    const post = posts.find((candidate) => candidate.slug === article.slug)
    return post ? toPost(post) : null
  },

  /** A draft first (its media are attached to it), then published as an update with its images. */
  async create(context, article) {
    const draft = { title: article.title, content: article.html, excerpt: article.metaDescription, slug: article.slug, status: 'draft' }
    const post = await readJson(await context.fetch(api(context, '/posts'), json(context, draft)), PROVIDER, postSchema)
    return wordpressConnector.update(context, String(post.id), article)
  },

  /** The post's fields, images and featured image again (media already uploaded are reused). */
  async update(context, externalId, article) {
    const synced = await syncMedia(context, externalId, article.images)
    const featured = article.featuredImage ? synced.get(article.featuredImage.hash) : undefined
    const body = {
      ...(await fields(context, article)),
      content: withMediaUrls(article.html, article.images, synced),
      featured_media: featured?.id ?? 0,
    }
    return toPost(await readJson(await context.fetch(api(context, `/posts/${externalId}`), json(context, body)), PROVIDER, postSchema))
  },

  async unpublish(context, externalId) {
    await readJson(await context.fetch(api(context, `/posts/${externalId}`), json(context, { status: 'draft' })), PROVIDER, postSchema)
  },
}
