import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import type { WordpressSeoField, WordpressSeoPlugin, WordpressSeoVia } from '~/shared/integrations'
import { classifyWordpressFailure } from '../failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishableImage, PublishedPost, UploadedMedia } from '../../connector'

/**
 * WordPress through its REST API (wp/v2) with an application password (Basic auth). The topic
 * cluster is the post's category and the other tags its tags, each term looked up by slug and
 * created when missing. The excerpt is the meta description. Unpublishing sets the post back to
 * draft.
 *
 * SEO fields (docs/product/publishing.md, "What goes where"): Test connection reads the site's REST
 * index for an SEO plugin's namespace (`yoast/v1`, `rankmath/v1`) and the posts route's schema for
 * the plugin's post meta keys registered for the REST API. Registered keys go in the post's `meta`
 * (WordPress ignores unregistered ones without a word, so only those are sent); Rank Math without
 * them gets its own `rankmath/v1/updateMeta`; Yoast without them gets the excerpt only. No JSON-LD:
 * both plugins print their own Article schema, and WordPress strips <script> from the post body
 * of a user without unfiltered_html.
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

/** Each SEO plugin's post meta key for our fields (Yoast SEO's WPSEO_Meta, Rank Math's rank_math_* keys). */
const SEO_META_KEYS: Record<Exclude<WordpressSeoPlugin, 'none'>, Record<WordpressSeoField, string>> = {
  yoast: {
    title: '_yoast_wpseo_title',
    description: '_yoast_wpseo_metadesc',
    focusKeyword: '_yoast_wpseo_focuskw',
    canonical: '_yoast_wpseo_canonical',
  },
  'rank-math': {
    title: 'rank_math_title',
    description: 'rank_math_description',
    focusKeyword: 'rank_math_focus_keyword',
    canonical: 'rank_math_canonical_url',
  },
}
const SEO_FIELDS = Object.keys(SEO_META_KEYS.yoast) as WordpressSeoField[]

/** The SEO plugin the REST index names (the index answers anyone; a site that hides it has none found). */
async function seoPlugin(context: Context): Promise<WordpressSeoPlugin> {
  try {
    const response = await context.fetch(`${context.config.siteUrl}/wp-json/?_fields=namespaces`, {
      headers: headers(context),
      signal: context.signal,
    })
    const { namespaces } = await readJson(response, PROVIDER, z.object({ namespaces: z.array(z.string()).catch([]) }))
    if (namespaces.includes('yoast/v1')) return 'yoast'
    if (namespaces.includes('rankmath/v1')) return 'rank-math'
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
  }
  return 'none'
}

/**
 * The post meta keys registered for the REST API, from the posts route's schema (an empty list is
 * `[]` in PHP's JSON). A site whose firewall refuses OPTIONS has none found: the SEO fields are a
 * bonus, and Test connection does not fail for them.
 */
async function registeredMeta(context: Context) {
  let response: Response
  try {
    response = await context.fetch(`${api(context, '/posts')}?_fields=schema.properties.meta`, {
      method: 'OPTIONS',
      headers: headers(context),
      signal: context.signal,
    })
  } catch (error) {
    if (error instanceof ProviderError) return new Set<string>()
    throw error
  }
  const schema = await readJson(
    response,
    PROVIDER,
    z.object({
      schema: z
        .object({ properties: z.object({ meta: z.object({ properties: z.record(z.string(), z.unknown()).catch({}) }).optional() }) })
        .optional(),
    }),
  )
  return new Set(Object.keys(schema.schema?.properties.meta?.properties ?? {}))
}

/** What Test connection records about SEO (src/shared/integrations.ts, wordpressSeoSummary reads it back). */
async function detectSeo(context: Context): Promise<{ seoPlugin: WordpressSeoPlugin; seoVia: WordpressSeoVia; seoFields: string }> {
  const plugin = await seoPlugin(context)
  if (plugin === 'none') return { seoPlugin: plugin, seoVia: 'none', seoFields: '' }
  const registered = await registeredMeta(context)
  const fields = SEO_FIELDS.filter((field) => registered.has(SEO_META_KEYS[plugin][field]))
  if (fields.length > 0) return { seoPlugin: plugin, seoVia: 'meta', seoFields: fields.join(',') }
  if (plugin === 'rank-math') return { seoPlugin: plugin, seoVia: 'rank-math-api', seoFields: SEO_FIELDS.join(',') }
  return { seoPlugin: plugin, seoVia: 'none', seoFields: '' }
}

/** Our SEO fields under the detected plugin's meta keys, only those the test found it takes; an empty canonical clears an old one. */
function seoMeta(context: Context, article: PublishableArticle): Record<string, string> | null {
  const plugin = context.config.seoPlugin as WordpressSeoPlugin | undefined
  if (!plugin || plugin === 'none') return null
  const values: Record<WordpressSeoField, string> = {
    title: article.metaTitle,
    description: article.metaDescription,
    focusKeyword: article.keyword,
    canonical: article.canonicalUrl ?? '',
  }
  const fields = String(context.config.seoFields ?? '')
    .split(',')
    .filter((field): field is WordpressSeoField => field in values)
  return fields.length > 0 ? Object.fromEntries(fields.map((field) => [SEO_META_KEYS[plugin][field], values[field]])) : null
}

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

type Taxonomy = '/tags' | '/categories'

const getTerms = async (context: Context, taxonomy: Taxonomy, query: Record<string, string>) =>
  readJson(
    await context.fetch(`${api(context, taxonomy)}?${new URLSearchParams(query)}`, { headers: headers(context), signal: context.signal }),
    PROVIDER,
    z.array(tagSchema),
  )

/** Term names come back HTML-escaped (WordPress stores "A &amp; B"). */
const unescapeName = (name: string) =>
  name.replace(/&(amp|lt|gt|quot|#0?39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[entity] ?? "'")

async function createTerm(context: Context, taxonomy: Taxonomy, name: string) {
  try {
    return (await readJson(await context.fetch(api(context, taxonomy), json(context, { name })), PROVIDER, tagSchema)).id
  } catch (error) {
    // 400 term_exists: the site has the term under a slug WordPress spells differently from
    // termSlug ("ß", ".", "_", other scripts). It is found by its name.
    if (!(error instanceof ProviderError && error.kind === 'rejected' && error.status === 400)) throw error
    const wanted = name.trim().toLowerCase()
    const found = (await getTerms(context, taxonomy, { search: name, per_page: '100' })).find(
      (tag) => tag.name !== undefined && unescapeName(tag.name).trim().toLowerCase() === wanted,
    )
    if (!found) throw error
    return found.id
  }
}

async function termIds(context: Context, taxonomy: Taxonomy, names: string[]) {
  const ids: number[] = []
  for (const name of names) {
    const slug = termSlug(name)
    if (!slug) continue
    const found = await getTerms(context, taxonomy, { slug })
    ids.push(found[0]?.id ?? (await createTerm(context, taxonomy, name)))
  }
  return ids
}

/**
 * The topic as the post's category. Creating one takes manage_categories (Editors and
 * Administrators have it); a user without it gets the existing category or none, and the post
 * stays in the site's default category rather than failing.
 */
async function categoryIds(context: Context, topic: string | null) {
  if (!topic) return []
  try {
    return await termIds(context, '/categories', [topic])
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'rejected' && error.status === 403) return []
    throw error
  }
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
  const meta = context.config.seoVia === 'meta' ? seoMeta(context, article) : null
  const categories = await categoryIds(context, article.topic)
  return {
    title: article.title,
    content: article.html,
    excerpt: article.metaDescription,
    slug: article.slug,
    status: 'publish',
    tags: await termIds(
      context,
      '/tags',
      article.tags.filter((tag) => tag !== article.topic),
    ),
    ...(categories.length > 0 ? { categories } : {}),
    ...(meta ? { meta } : {}),
  }
}

/**
 * Rank Math without its keys registered for the REST API: its own endpoint, as its editor sidebar
 * saves them, before the post goes live (a refusal leaves a new post a draft). A 404 is Rank Math
 * gone since the last test: the post is published without them, and the next test says so.
 */
async function rankMathMeta(context: Context, postId: string, article: PublishableArticle) {
  const meta = context.config.seoVia === 'rank-math-api' ? seoMeta(context, article) : null
  if (!meta) return
  try {
    const response = await context.fetch(
      `${context.config.siteUrl}/wp-json/rankmath/v1/updateMeta`,
      json(context, { objectType: 'post', objectID: Number(postId), meta }),
    )
    await readJson(response, PROVIDER, z.unknown())
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return
    throw error
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
    return { account: `Signed in as ${me.name} on ${new URL(context.config.siteUrl).host}`, settings: await detectSeo(context) }
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
    await rankMathMeta(context, externalId, article)
    return toPost(await readJson(await context.fetch(api(context, `/posts/${externalId}`), json(context, body)), PROVIDER, postSchema))
  },

  async unpublish(context, externalId) {
    await readJson(await context.fetch(api(context, `/posts/${externalId}`), json(context, { status: 'draft' })), PROVIDER, postSchema)
  },
}
