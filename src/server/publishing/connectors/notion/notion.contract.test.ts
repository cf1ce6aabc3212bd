import {
  APIResponseError,
  Client,
  type AppendBlockChildrenParameters,
  type BlockObjectRequest,
  type CreatePageParameters,
  type QueryDataSourceParameters,
  type UpdatePageParameters,
} from '@notionhq/client'
import { afterEach, describe, expect, it } from 'vitest'
import { type NotionBlock, markdownToNotionBlocks } from '~/server/providers/notion/markdown-blocks'
import { NOTION_BLOG_PROPERTIES, notionHandlers, notionMock } from './mock'
import { connectorContext, illustratedArticle, publishableArticle } from '~tests/fixtures/publishing-connector'
import { recordRequests, useMockServer } from '~tests/fixtures/mock-server'
import {
  NOTION_TRASH_BODY,
  NOTION_VERSION,
  notionAppendBody,
  notionConnector,
  notionCreatePageBody,
  notionQueryBody,
  notionUpdatePageBody,
  type NotionDataSource,
} from './notion'

/**
 * Our Notion requests checked against the official client, @notionhq/client: the bodies, as our
 * connector types them, must be the client's own parameter types (a mismatch fails `tsc`), and
 * every request the connector sends must be the very request the client builds for the same call
 * (method, path, query, Notion-Version, body; the client drops any field its endpoint does not
 * take, so a field Notion would not read shows up as a difference). The client is also run
 * against our mock, which must accept its requests and answer errors it understands.
 */

// Compile-time: each body our connector builds is a parameter the official client accepts.
const asCreatePage = (body: ReturnType<typeof notionCreatePageBody>): CreatePageParameters => body
const asUpdatePage = (page_id: string, body: ReturnType<typeof notionUpdatePageBody> | typeof NOTION_TRASH_BODY): UpdatePageParameters => ({
  page_id,
  ...body,
})
const asAppend = (block_id: string, body: ReturnType<typeof notionAppendBody>): AppendBlockChildrenParameters => ({ block_id, ...body })
const asQuery = (data_source_id: string, body: NonNullable<ReturnType<typeof notionQueryBody>>): QueryDataSourceParameters => ({
  data_source_id,
  ...body,
})
const asBlocks = (blocks: NotionBlock[]): BlockObjectRequest[] => blocks

const dataSourceId = '1f2e3d4c00004000800000000000abcd'
const server = useMockServer(...notionHandlers({ dataSourceId }))

/** Every request the connector sent, as sent. */
const sent = recordRequests(server)
afterEach(() => notionMock.reset())

const notion = () =>
  connectorContext<'notion'>('Notion', { dataSourceId }, { token: 'ntn_demo' }, { classifyFailure: notionConnector.classifyFailure })

/** An article using every kind of block we write: headings, lists nested two deep, to-dos, quotes, code, tables, images. */
const everyBlock = [
  '## Why grip matters',
  'Lugs of **4 mm** hold on [mud](https://example.com/mud), *not* ~~ice~~ or `rock`.',
  '- Grip\n- Fit\n  - Heel\n    - Deeper\n  - Toe',
  '1. Try\n2. Run',
  '- [x] Laced\n- [ ] Tied',
  '> Quoted',
  '---',
  '```ts\nconst a = 1\n```',
  '| Shoe | Drop |\n|---|---|\n| A | 4 mm |',
  '![Lug depth by shoe](https://app.rankpilot.example/media/a/chart.png)',
  '![Over http](http://app.rankpilot.example/media/a/inline.png)',
  Array.from({ length: 120 }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n'),
].join('\n\n')

interface WireRequest {
  method: string
  path: string
  query: Array<[string, string]>
  notionVersion: string | null
  authorization: string | null
  contentType: string | null
  body: unknown
}

async function wire(url: string, init: { method?: string; headers?: HeadersInit; body?: BodyInit | null }): Promise<WireRequest> {
  const parsed = new URL(url)
  const headers = new Headers(init.headers)
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    path: parsed.pathname,
    query: [...parsed.searchParams.entries()].sort(),
    notionVersion: headers.get('notion-version'),
    authorization: headers.get('authorization'),
    contentType: headers.get('content-type'),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null),
  }
}

/** The request the official client builds for the same call as `request`. */
async function asTheClientSendsIt(request: Request): Promise<WireRequest> {
  let built: Promise<WireRequest> | undefined
  const client = new Client({
    auth: 'ntn_demo',
    retry: false,
    fetch: async (url, init) => {
      built = wire(url, init ?? {})
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
    },
  })
  const url = new URL(request.url)
  const [, , resource, id, sub] = url.pathname.split('/')
  const body = request.method === 'GET' || request.method === 'DELETE' ? {} : ((await request.clone().json()) as Record<string, unknown>)
  const route = `${request.method} ${resource}${id ? '/:id' : ''}${sub ? `/${sub}` : ''}`
  switch (route) {
    case 'GET data_sources/:id':
      await client.dataSources.retrieve({ data_source_id: id! })
      break
    case 'POST data_sources/:id/query':
      await client.dataSources.query(asQuery(id!, body as NonNullable<ReturnType<typeof notionQueryBody>>))
      break
    case 'POST pages':
      await client.pages.create(body as CreatePageParameters)
      break
    case 'PATCH pages/:id':
      await client.pages.update({ page_id: id!, ...body })
      break
    case 'GET blocks/:id/children':
      await client.blocks.children.list({
        block_id: id!,
        page_size: Number(url.searchParams.get('page_size') ?? undefined),
        start_cursor: url.searchParams.get('start_cursor') ?? undefined,
      })
      break
    case 'PATCH blocks/:id/children':
      await client.blocks.children.append({ block_id: id!, ...(body as { children: BlockObjectRequest[] }) })
      break
    case 'DELETE blocks/:id':
      await client.blocks.delete({ block_id: id! })
      break
    default:
      throw new Error(`No client call for ${route}`)
  }
  if (!built) throw new Error(`The client sent nothing for ${route}`)
  return built
}

async function ours(request: Request) {
  return wire(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().text(),
  })
}

describe('Notion connector against the official client', () => {
  it('sends the Notion-Version the client sends by default (the data sources API)', () => {
    expect(NOTION_VERSION).toBe(Client.defaultNotionVersion)
    expect(NOTION_VERSION).toBe('2025-09-03')
  })

  it('sends exactly the requests the official client builds, through create, find, update and unpublish', async () => {
    const { context } = notion()
    const article = { ...illustratedArticle(), markdown: everyBlock, canonicalUrl: 'https://www.example.com/guides/trail-shoes' }
    await notionConnector.test(context)
    const created = await notionConnector.create(context, article)
    expect(await notionConnector.find(context, article)).toEqual(created)
    await notionConnector.update(context, created.externalId, { ...article, title: 'Trail Shoes, Revised' })
    await notionConnector.unpublish(context, created.externalId, article)

    const routes = new Set(sent.map((request) => `${request.method} ${new URL(request.url).pathname.replace(/[0-9a-f-]{32,36}/g, ':id')}`))
    expect([...routes].sort()).toEqual(
      [
        'DELETE /v1/blocks/:id',
        'GET /v1/blocks/:id/children',
        'GET /v1/data_sources/:id',
        'PATCH /v1/blocks/:id/children',
        'PATCH /v1/pages/:id',
        'POST /v1/data_sources/:id/query',
        'POST /v1/pages',
      ].sort(),
    )
    for (const request of sent) {
      const theirs = await asTheClientSendsIt(request)
      const mine = await ours(request)
      expect({ ...mine, authorization: mine.authorization?.split(' ')[0] }, `${request.method} ${request.url}`).toEqual({
        ...theirs,
        authorization: theirs.authorization?.split(' ')[0],
      })
    }
  })

  it('builds blocks and page bodies typed as the client’s request types', () => {
    const blocks = asBlocks(markdownToNotionBlocks(everyBlock))
    expect(blocks.length).toBeGreaterThan(100)
    const dataSource: NotionDataSource = {
      id: dataSourceId,
      title: [],
      properties: Object.fromEntries(
        Object.entries(NOTION_BLOG_PROPERTIES).map(([name, property]) => [
          name,
          {
            name,
            type: property.type,
            ...(property.options ? { [property.type]: { options: property.options.map((option) => ({ name: option })) } } : {}),
          },
        ]),
      ),
    }
    const article = publishableArticle()
    const create = asCreatePage(notionCreatePageBody(dataSourceId, dataSource, article, markdownToNotionBlocks(article.markdown)))
    expect(create).toMatchObject({ parent: { data_source_id: dataSourceId }, cover: { external: { url: article.featuredImage!.url } } })
    expect(asUpdatePage('p', notionUpdatePageBody(dataSource, article))).toMatchObject({ page_id: 'p', in_trash: false })
    expect(asUpdatePage('p', NOTION_TRASH_BODY)).toEqual({ page_id: 'p', in_trash: true })
    expect(asAppend('b', notionAppendBody(blocks.slice(0, 1) as NotionBlock[]))).toEqual({ block_id: 'b', children: blocks.slice(0, 1) })
    expect(notionQueryBody(dataSource, article)).toEqual({
      filter: { property: 'Slug', rich_text: { equals: article.slug } },
      page_size: 1,
    })
  })
})

describe('Official Notion client against our mock', () => {
  const client = () => new Client({ auth: 'ntn_demo', retry: false, logger: () => undefined })

  it('accepts the client’s page, block and query requests built from our bodies', async () => {
    const article = publishableArticle({ markdown: everyBlock })
    const blocks = markdownToNotionBlocks(article.markdown)
    const page = await client().pages.create({
      parent: { type: 'data_source_id', data_source_id: dataSourceId },
      properties: {
        Name: { title: [{ type: 'text', text: { content: article.title } }] },
        Slug: { rich_text: [{ text: { content: article.slug } }] },
      },
      children: asBlocks(blocks.slice(0, 100)),
    })
    await client().blocks.children.append({ block_id: page.id, children: asBlocks(blocks.slice(100)) })
    expect(notionMock.pages[0]?.children).toHaveLength(blocks.length)
    const found = await client().dataSources.query({
      data_source_id: dataSourceId,
      filter: { property: 'Slug', rich_text: { equals: article.slug } },
      page_size: 1,
    })
    expect(found.results.map((result) => result.id)).toEqual([page.id])
  })

  it('answers refusals in the error shape the client reads: code validation_error and Notion’s message', async () => {
    const error = await client()
      .pages.create({
        parent: { type: 'data_source_id', data_source_id: dataSourceId },
        properties: { Name: { title: [{ text: { content: 'Relative image' } }] } },
        children: [{ type: 'image', image: { type: 'external', external: { url: '/media/a/chart.png' } } }],
      })
      .catch((reason: unknown) => reason)
    expect(APIResponseError.isAPIResponseError(error)).toBe(true)
    expect(error).toMatchObject({
      code: 'validation_error',
      status: 400,
      message: 'Content creation Failed. Fix the following: \nInvalid image url.',
    })
    expect(notionMock.pages).toEqual([])
  })
})
