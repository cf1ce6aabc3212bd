import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import {
  childrenChunks,
  markdownToNotionBlocks,
  NOTION_CHILDREN_MAX,
  NOTION_URL_MAX,
  notionBlockCount,
  plainRichText,
  type NotionBlock,
  type NotionRichText,
} from '~/server/providers/notion/markdown-blocks'
import { classifyNotionFailure } from '../failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishedPost } from '../../connector'

/**
 * Notion through its API, version 2025-09-03 (docs/product/publishing.md): each article is a page
 * in the user's data source. The data source's own properties decide what we fill: the title,
 * and when present a "Slug" text (how we find the page again; without it, the title), tags,
 * a description, a publish date, a canonical URL and a status set to its "Published" option.
 * The body is the article's Markdown as blocks, sent at most 100 per request; an update
 * replaces the page's blocks (the old ones are deleted, which Notion archives). Unpublishing
 * moves the page to the trash. Notion cannot host our files: the cover and image blocks link the
 * PNGs at the app's absolute https address. The request bodies below are typed as we send them and
 * checked against the official client's request types and requests
 * (notion.contract.test.ts).
 */

const PROVIDER = 'Notion'
const API = 'https://api.notion.com/v1'
export const NOTION_VERSION = '2025-09-03'

type Context = ConnectorContext<'notion'>

const propertySchema = z.object({
  name: z.string().optional(),
  type: z.string(),
  status: z.object({ options: z.array(z.object({ name: z.string() })) }).optional(),
  select: z.object({ options: z.array(z.object({ name: z.string() })) }).optional(),
})
const dataSourceSchema = z.object({
  id: z.string(),
  title: z.array(z.object({ plain_text: z.string().optional(), text: z.object({ content: z.string() }).optional() })).default([]),
  properties: z.record(z.string(), propertySchema),
})
export type NotionDataSource = z.output<typeof dataSourceSchema>
type DataSource = NotionDataSource

const pageSchema = z.object({ id: z.string(), url: z.string(), public_url: z.string().nullish() })
type NotionPage = z.output<typeof pageSchema>

function notionFetch(context: Context, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${context.secrets.token}`)
  headers.set('Notion-Version', NOTION_VERSION)
  if (init.body) headers.set('Content-Type', 'application/json')
  return context.fetch(`${API}${path}`, { ...init, headers, signal: context.signal })
}

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) })

async function readDataSource(context: Context) {
  const response = await notionFetch(context, `/data_sources/${context.config.dataSourceId}`)
  return readJson(response, PROVIDER, dataSourceSchema)
}

/** The first property of the type whose name matches. */
function propertyNamed(dataSource: DataSource, type: string, pattern: RegExp | null) {
  return Object.entries(dataSource.properties).find(
    ([name, property]) => property.type === type && (pattern === null || pattern.test(name)),
  )?.[0]
}

/** Which of the data source's properties receive which part of the article. */
export function notionPropertyMap(dataSource: DataSource) {
  const status =
    propertyNamed(dataSource, 'status', /status|state|stage/i) ?? propertyNamed(dataSource, 'select', /^(status|state|stage)$/i)
  const statusOptions = status ? ((dataSource.properties[status]?.status ?? dataSource.properties[status]?.select)?.options ?? []) : []
  const published = statusOptions.find((option) => /^(published|live|done|posted)$/i.test(option.name))?.name
  return {
    title: propertyNamed(dataSource, 'title', null),
    slug: propertyNamed(dataSource, 'rich_text', /^(slug|url slug|permalink)$/i),
    tags: propertyNamed(dataSource, 'multi_select', /tags|keywords|categor|topics/i),
    description: propertyNamed(dataSource, 'rich_text', /description|excerpt|summary|meta/i),
    date: propertyNamed(dataSource, 'date', /publish|date/i),
    canonical: propertyNamed(dataSource, 'url', /canonical|url|link/i),
    status: status && published ? { name: status, type: dataSource.properties[status]!.type, option: published } : undefined,
  }
}

/** A page property value as we send it, one per kind of property we fill. */
export type NotionPropertyValue =
  | { title: NotionRichText[] }
  | { rich_text: NotionRichText[] }
  | { multi_select: Array<{ name: string }> }
  | { date: { start: string } }
  | { url: string }
  | { status: { name: string } }
  | { select: { name: string } }

function properties(dataSource: DataSource, article: PublishableArticle): Record<string, NotionPropertyValue> {
  const map = notionPropertyMap(dataSource)
  if (!map.title) {
    throw new ProviderError({ provider: PROVIDER, kind: 'rejected', message: 'The Notion data source has no title property.' })
  }
  const values: Record<string, NotionPropertyValue> = { [map.title]: { title: plainRichText(article.title) } }
  if (map.slug) values[map.slug] = { rich_text: plainRichText(article.slug) }
  // A multi-select option may not contain a comma, nor be longer than 100 characters.
  if (map.tags)
    values[map.tags] = {
      multi_select: [...new Set(article.tags.map((tag) => tag.replace(/,/g, ' ').trim().slice(0, 100)))]
        .filter(Boolean)
        .map((name) => ({ name })),
    }
  if (map.description) values[map.description] = { rich_text: plainRichText(article.metaDescription || article.excerpt) }
  if (map.date) values[map.date] = { date: { start: article.publishedAt.toISOString() } }
  if (map.canonical && article.canonicalUrl && article.canonicalUrl.length <= NOTION_URL_MAX)
    values[map.canonical] = { url: article.canonicalUrl }
  if (map.status)
    values[map.status.name] =
      map.status.type === 'status' ? { status: { name: map.status.option } } : { select: { name: map.status.option } }
  return values
}

function body(article: PublishableArticle): NotionBlock[] {
  return markdownToNotionBlocks(article.markdown)
}

/** The featured image as the page cover, linked from the app: Notion shows external files from https addresses. */
export function notionCover(article: PublishableArticle): { type: 'external'; external: { url: string } } | null {
  const url = article.featuredImage?.url
  return url?.startsWith('https://') && url.length <= NOTION_URL_MAX ? { type: 'external', external: { url } } : null
}

/** POST /v1/pages: the page in the data source with its properties, cover and the first 100 blocks. */
export function notionCreatePageBody(dataSourceId: string, dataSource: DataSource, article: PublishableArticle, children: NotionBlock[]) {
  return {
    parent: { type: 'data_source_id' as const, data_source_id: dataSourceId },
    properties: properties(dataSource, article),
    cover: notionCover(article),
    children,
  }
}

/** PATCH /v1/pages/{id}: properties and cover again, out of the trash if it was there. */
export function notionUpdatePageBody(dataSource: DataSource, article: PublishableArticle) {
  return { properties: properties(dataSource, article), cover: notionCover(article), in_trash: false as const }
}

/** PATCH /v1/pages/{id} to take the page down. */
export const NOTION_TRASH_BODY = { in_trash: true as const }

/** PATCH /v1/blocks/{id}/children: at most 100 blocks. */
export const notionAppendBody = (children: NotionBlock[]) => ({ children })

/** POST /v1/data_sources/{id}/query: the page by its Slug, or by title without one. */
export function notionQueryBody(dataSource: DataSource, article: PublishableArticle) {
  const map = notionPropertyMap(dataSource)
  const filter = map.slug
    ? { property: map.slug, rich_text: { equals: article.slug } }
    : map.title
      ? { property: map.title, title: { equals: article.title } }
      : null
  return filter ? { filter, page_size: 1 } : null
}

const published = (page: NotionPage): PublishedPost => ({ externalId: page.id, url: page.public_url ?? page.url })

/** Blocks in requests Notion accepts: 100 top-level ones, 1000 in all. */
const requestChunks = (blocks: NotionBlock[]) => childrenChunks(blocks, NOTION_CHILDREN_MAX, notionBlockCount)

async function appendChildren(context: Context, pageId: string, blocks: NotionBlock[]) {
  for (const chunk of requestChunks(blocks)) {
    await notionFetch(context, `/blocks/${pageId}/children`, json('PATCH', notionAppendBody(chunk)))
  }
}

/** Every top-level block of the page, following Notion's cursor. */
async function childIds(context: Context, pageId: string) {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `&start_cursor=${encodeURIComponent(cursor)}` : ''
    const response = await notionFetch(context, `/blocks/${pageId}/children?page_size=100${query}`)
    const list = await readJson(
      response,
      PROVIDER,
      z.object({ results: z.array(z.object({ id: z.string() })), next_cursor: z.string().nullable(), has_more: z.boolean() }),
    )
    ids.push(...list.results.map((block) => block.id))
    cursor = list.has_more ? list.next_cursor : null
  } while (cursor)
  return ids
}

/** Notion allows about three requests a second: the old blocks go three at a time (a 429 is retried by the provider fetch). */
const DELETE_CONCURRENCY = 3

async function deleteBlocks(context: Context, ids: string[]) {
  const queue = [...ids]
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      await notionFetch(context, `/blocks/${id}`, { method: 'DELETE' })
    }
  }
  await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, ids.length) }, worker))
}

const isNotFound = (error: unknown) => error instanceof ProviderError && error.status === 404

export const notionConnector: Connector<'notion'> = {
  type: 'notion',
  classifyFailure: classifyNotionFailure,

  async test(context) {
    const dataSource = await readDataSource(context)
    const name = dataSource.title.map((item) => item.plain_text ?? item.text?.content ?? '').join('') || 'Untitled'
    const map = notionPropertyMap(dataSource)
    const found = map.slug
      ? `finds posts by its “${map.slug}” property`
      : 'finds posts by title (add a “Slug” text property to match by slug)'
    return { account: `Notion data source “${name}”; ${found}` }
  },

  async find(context, article) {
    const query = notionQueryBody(await readDataSource(context), article)
    if (!query) return null
    const response = await notionFetch(context, `/data_sources/${context.config.dataSourceId}/query`, json('POST', query))
    const { results } = await readJson(response, PROVIDER, z.object({ results: z.array(pageSchema) }))
    return results[0] ? published(results[0]) : null
  },

  async create(context, article) {
    const dataSource = await readDataSource(context)
    const [first = [], ...rest] = requestChunks(body(article))
    const response = await notionFetch(
      context,
      '/pages',
      json('POST', notionCreatePageBody(context.config.dataSourceId, dataSource, article, first)),
    )
    const page = await readJson(response, PROVIDER, pageSchema)
    await appendChildren(context, page.id, rest.flat())
    return published(page)
  },

  async update(context, externalId, article) {
    const dataSource = await readDataSource(context)
    const response = await notionFetch(context, `/pages/${externalId}`, json('PATCH', notionUpdatePageBody(dataSource, article)))
    const page = await readJson(response, PROVIDER, pageSchema)
    await deleteBlocks(context, await childIds(context, page.id))
    await appendChildren(context, page.id, body(article))
    return published(page)
  },

  async unpublish(context, externalId) {
    try {
      await notionFetch(context, `/pages/${externalId}`, json('PATCH', NOTION_TRASH_BODY))
    } catch (error) {
      // A page deleted in Notion is already off the site.
      if (isNotFound(error)) return
      throw error
    }
  },
}
