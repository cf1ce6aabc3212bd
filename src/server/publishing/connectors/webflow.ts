import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import { classifyWebflowFailure } from './failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishedPost } from '../connector'

/**
 * Webflow through the Data API v2 (docs/product/publishing.md). A collection's fields are the
 * site's own, and Webflow refuses fieldData naming a field its schema does not describe, so every
 * write reads the collection first and fills the fields it finds: the name and slug, the first
 * rich-text field with the body, and, when the collection has them, a summary or meta
 * description, a meta title, an image (by its public URL; Webflow copies it), a tags text field,
 * a canonical link and a publish date. Items are written live; unpublishing takes the live item
 * off the site and leaves it in the CMS.
 */

const PROVIDER = 'Webflow'
const API = 'https://api.webflow.com/v2'

type Context = ConnectorContext<'webflow'>

const collectionSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  fields: z.array(z.object({ slug: z.string(), displayName: z.string(), type: z.string() })),
})
type Field = z.output<typeof collectionSchema>['fields'][number]

const itemSchema = z.object({ id: z.string(), fieldData: z.record(z.string(), z.unknown()) })

/** Webflow's limit on a plain-text field by default (characters). */
const PLAIN_TEXT_MAX = 256

function webflowFetch(context: Context, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${context.secrets.apiToken}`)
  headers.set('Accept', 'application/json')
  if (init.body) headers.set('Content-Type', 'application/json')
  return context.fetch(`${API}/collections/${encodeURIComponent(context.config.collectionId)}${path}`, {
    ...init,
    headers,
    signal: context.signal,
  })
}

async function readCollection(context: Context) {
  return readJson(await webflowFetch(context, ''), PROVIDER, collectionSchema)
}

/** The first field of the types whose slug or name matches, skipping the ones already taken. */
function pickField(fields: Field[], types: string[], pattern: RegExp | null, taken: Set<string>) {
  const field = fields.find(
    (candidate) =>
      types.includes(candidate.type) &&
      !taken.has(candidate.slug) &&
      (pattern === null || pattern.test(candidate.slug) || pattern.test(candidate.displayName)),
  )
  if (field) taken.add(field.slug)
  return field?.slug
}

/** Which of the collection's fields receive which part of the article. */
export function webflowFieldMap(fields: Field[]) {
  const taken = new Set(['name', 'slug'])
  const body = pickField(fields, ['RichText'], /body|content|article|post/i, taken) ?? pickField(fields, ['RichText'], null, taken)
  const metaTitle = pickField(fields, ['PlainText'], /(meta|seo).?title/i, taken)
  const metaDescription = pickField(fields, ['PlainText'], /(meta|seo).?description/i, taken)
  const summary = pickField(fields, ['PlainText'], /summary|excerpt|description|intro|teaser/i, taken)
  const image = pickField(fields, ['Image'], /main|featured|hero|cover|header/i, taken) ?? pickField(fields, ['Image'], null, taken)
  const tags = pickField(fields, ['PlainText'], /tags|keywords|categor/i, taken)
  const canonical = pickField(fields, ['Link'], /canonical/i, taken)
  const date = pickField(fields, ['DateTime'], /publish|date/i, taken)
  return { body, metaTitle, metaDescription, summary, image, tags, canonical, date }
}

const clip = (value: string, max = PLAIN_TEXT_MAX) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value)

function fieldData(fields: Field[], article: PublishableArticle) {
  const map = webflowFieldMap(fields)
  const data: Record<string, unknown> = { name: clip(article.title), slug: article.slug }
  if (map.body) data[map.body] = article.html
  if (map.metaTitle) data[map.metaTitle] = clip(article.metaTitle)
  if (map.metaDescription) data[map.metaDescription] = clip(article.metaDescription)
  if (map.summary) data[map.summary] = clip(article.excerpt)
  if (map.image) data[map.image] = article.featuredImage ? { url: article.featuredImage.url, alt: article.featuredImage.alt } : null
  if (map.tags) data[map.tags] = clip(article.tags.join(', '))
  if (map.canonical && article.canonicalUrl) data[map.canonical] = article.canonicalUrl
  if (map.date) data[map.date] = article.publishedAt.toISOString()
  return data
}

function postOf(context: Context, item: z.output<typeof itemSchema>): PublishedPost {
  const slug = typeof item.fieldData.slug === 'string' ? item.fieldData.slug : ''
  return { externalId: item.id, url: slug ? `${context.config.postUrlPrefix}/${slug}` : null }
}

export const webflowConnector: Connector<'webflow'> = {
  type: 'webflow',
  classifyFailure: classifyWebflowFailure,

  async test(context) {
    const collection = await readCollection(context)
    if (!webflowFieldMap(collection.fields).body) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'rejected',
        message: `The Webflow collection “${collection.displayName}” has no rich-text field for the article's body. Add one, or pick your blog collection.`,
      })
    }
    return { account: `Webflow collection “${collection.displayName}”` }
  },

  async find(context, article) {
    const response = await webflowFetch(context, `/items?slug=${encodeURIComponent(article.slug)}&limit=1`)
    const { items } = await readJson(response, PROVIDER, z.object({ items: z.array(itemSchema) }))
    const item = items.find((candidate) => candidate.fieldData.slug === article.slug)
    return item ? postOf(context, item) : null
  },

  async create(context, article) {
    const { fields } = await readCollection(context)
    const response = await webflowFetch(context, '/items/live', {
      method: 'POST',
      body: JSON.stringify({ isArchived: false, isDraft: false, fieldData: fieldData(fields, article) }),
    })
    return postOf(context, await readJson(response, PROVIDER, itemSchema))
  },

  async update(context, externalId, article) {
    const { fields } = await readCollection(context)
    const response = await webflowFetch(context, `/items/${encodeURIComponent(externalId)}/live`, {
      method: 'PATCH',
      body: JSON.stringify({ isArchived: false, isDraft: false, fieldData: fieldData(fields, article) }),
    })
    return postOf(context, await readJson(response, PROVIDER, itemSchema))
  },

  async unpublish(context, externalId) {
    try {
      await webflowFetch(context, `/items/${encodeURIComponent(externalId)}/live`, { method: 'DELETE' })
    } catch (error) {
      // An item deleted in Webflow is already off the site.
      if (error instanceof ProviderError && error.status === 404) return
      throw error
    }
  },
}
