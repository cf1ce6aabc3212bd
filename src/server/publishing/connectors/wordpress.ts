import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import { classifyWordpressFailure } from './failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishedPost } from '../connector'

/**
 * WordPress through its REST API (wp/v2) with an application password (Basic auth). Tags are
 * WordPress terms: each of the article's tags is looked up by slug and created when missing. The
 * featured image is uploaded to the media library first. Unpublishing sets the post back to draft.
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

async function uploadFeatured(context: Context, article: PublishableArticle) {
  const image = article.featuredImage
  if (!image) return undefined
  const response = await context.fetch(api(context, '/media'), {
    method: 'POST',
    headers: headers(context, { 'Content-Type': image.contentType, 'Content-Disposition': `attachment; filename="${image.filename}"` }),
    body: image.bytes,
    signal: context.signal,
  })
  const media = await readJson(response, PROVIDER, z.object({ id: z.number() }))
  // The alt text is a field of the attachment, set once it exists.
  await readJson(
    await context.fetch(api(context, `/media/${media.id}`), json(context, { alt_text: image.alt })),
    PROVIDER,
    z.object({ id: z.number() }),
  )
  return media.id
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

  async create(context, article) {
    const featured = await uploadFeatured(context, article)
    const body = { ...(await fields(context, article)), ...(featured ? { featured_media: featured } : {}) }
    return toPost(await readJson(await context.fetch(api(context, '/posts'), json(context, body)), PROVIDER, postSchema))
  },

  /** The post's fields again; its featured image stays the one uploaded when it was created. */
  async update(context, externalId, article) {
    const body = await fields(context, article)
    return toPost(await readJson(await context.fetch(api(context, `/posts/${externalId}`), json(context, body)), PROVIDER, postSchema))
  },

  async unpublish(context, externalId) {
    await readJson(await context.fetch(api(context, `/posts/${externalId}`), json(context, { status: 'draft' })), PROVIDER, postSchema)
  },
}
