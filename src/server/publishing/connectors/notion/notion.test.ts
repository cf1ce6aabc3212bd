import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { NOTION_BLOG_PROPERTIES, notionHandlers, notionMock } from './mock'
import { connectorContext, publishableArticle } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '~tests/fixtures/mock-server'
import { notionConnector } from './notion'

const dataSourceId = '1f2e3d4c00004000800000000000abcd'
const server = useMockServer(...notionHandlers({ dataSourceId }))

afterEach(() => {
  notionMock.reset()
})

const notion = (options: { token?: string; timeoutMs?: number; dataSourceId?: string } = {}) =>
  connectorContext<'notion'>(
    'Notion',
    { dataSourceId: options.dataSourceId ?? dataSourceId },
    { token: options.token ?? 'ntn_demo' },
    { ...options, classifyFailure: notionConnector.classifyFailure },
  )

const plainOf = (property: unknown) =>
  ((property as { rich_text?: unknown[]; title?: unknown[] }).rich_text ?? (property as { title: unknown[] }).title)
    .map((item) => (item as { text: { content: string } }).text.content)
    .join('')

/** A long article: 230 paragraphs, so its blocks take three requests. */
const longMarkdown = Array.from({ length: 230 }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n')

describe('Notion connector', () => {
  it('tests the token by reading the data source and says how posts are found', async () => {
    const { context } = notion()
    expect(await notionConnector.test(context)).toEqual({ account: 'Notion data source “Blog”; finds posts by its “Slug” property' })
  })

  it('says so when the data source is not shared with the integration', async () => {
    const { context } = notion({ dataSourceId: 'ffffffffffffffffffffffffffffffff' })
    const error = await providerErrorOf(notionConnector.test(context))
    expect(error).toMatchObject({ kind: 'rejected', status: 404 })
    expect(error.message).toContain('Make sure the relevant pages and databases are shared with your integration.')
  })

  it('creates a page with the properties the data source has, a cover and the body as blocks', async () => {
    const { context } = notion()
    const article = publishableArticle()
    const post = await notionConnector.create(context, article)
    const [page] = notionMock.pages
    expect(post).toEqual({ externalId: page?.id, url: page?.url })
    expect(page?.parent).toEqual({ type: 'data_source_id', data_source_id: dataSourceId })
    expect(plainOf(page?.properties.Name)).toBe(article.title)
    expect(plainOf(page?.properties.Slug)).toBe(article.slug)
    expect(plainOf(page?.properties.Description)).toBe(article.metaDescription)
    expect(page?.properties.Tags).toEqual({ multi_select: [{ name: 'Trail running' }, { name: 'trail running shoes' }] })
    expect(page?.properties['Publish date']).toEqual({ date: { start: '2025-05-01T08:00:00.000Z' } })
    expect(page?.properties.Status).toEqual({ status: { name: 'Published' } })
    expect(page?.cover).toEqual({ type: 'external', external: { url: 'https://media.rankpilot.example/trail-shoes.png' } })
    expect(page?.children.map((block) => block.type)).toEqual([
      'heading_2',
      'paragraph',
      'bulleted_list_item',
      'bulleted_list_item',
      'numbered_list_item',
      'numbered_list_item',
      'image',
    ])
  })

  it('sends a long body in requests of at most 100 blocks', async () => {
    const { context } = notion()
    await notionConnector.create(context, publishableArticle({ markdown: longMarkdown }))
    expect(notionMock.pages[0]?.children).toHaveLength(230)
    // Data source, page with 100 blocks, then 100 and 30 appended.
    expect(mockRequestCount('notion')).toBe(4)
  })

  it('finds the page by its Slug after it was created, and nothing for another slug', async () => {
    const { context } = notion()
    const article = publishableArticle()
    expect(await notionConnector.find(context, article)).toBeNull()
    const created = await notionConnector.create(context, article)
    expect(await notionConnector.find(context, article)).toEqual(created)
    expect(await notionConnector.find(context, publishableArticle({ slug: 'another-post' }))).toBeNull()
  })

  it('finds the page by title in a data source without a Slug property', async () => {
    const { Slug: _slug, ...withoutSlug } = NOTION_BLOG_PROPERTIES
    server.use(...notionHandlers({ dataSourceId, properties: withoutSlug }))
    const { context } = notion()
    const article = publishableArticle()
    const created = await notionConnector.create(context, article)
    expect(notionMock.pages[0]?.properties).not.toHaveProperty('Slug')
    expect(await notionConnector.find(context, publishableArticle({ slug: 'other-slug-same-title' }))).toEqual(created)
    expect(await notionConnector.find(context, publishableArticle({ title: 'Another title' }))).toBeNull()
  })

  it('updates the properties and replaces the blocks', async () => {
    const { context } = notion()
    // 105 blocks: listing the old ones takes two pages of Notion's cursor.
    const created = await notionConnector.create(
      context,
      publishableArticle({ markdown: longMarkdown.split('\n\n').slice(0, 105).join('\n\n') }),
    )
    expect(notionMock.pages[0]?.children).toHaveLength(105)
    const edited = publishableArticle({ title: 'Trail Shoes, Revised', markdown: '## New\n\nOnly this.', featuredImage: null })
    expect(await notionConnector.update(context, created.externalId, edited)).toEqual({ ...created, url: expect.any(String) })
    const [page] = notionMock.pages
    expect(plainOf(page?.properties.Name)).toBe('Trail Shoes, Revised')
    expect(page?.cover).toBeNull()
    expect(page?.children).toEqual([
      expect.objectContaining({ type: 'heading_2' }),
      expect.objectContaining({
        type: 'paragraph',
        paragraph: { rich_text: [expect.objectContaining({ text: { content: 'Only this.', link: null } })] },
      }),
    ])
  })

  it('unpublishes by moving the page to the trash, where find no longer sees it', async () => {
    const { context } = notion()
    const article = publishableArticle()
    const created = await notionConnector.create(context, article)
    await notionConnector.unpublish(context, created.externalId, article)
    expect(notionMock.pages).toEqual([expect.objectContaining({ id: created.externalId, inTrash: true })])
    expect(await notionConnector.find(context, article)).toBeNull()
  })

  it('reports a token Notion refuses as an auth error', async () => {
    const { context } = notion({ token: 'wrong' })
    const error = await providerErrorOf(notionConnector.create(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect(error.message).toContain('API token is invalid.')
  })

  it('reports Notion’s validation message as a rejection', async () => {
    const { context } = notion()
    injectFault('notion', {
      kind: 'status',
      status: 400,
      body: {
        object: 'error',
        status: 400,
        code: 'validation_error',
        message: 'body failed validation: body.properties.Tags.multi_select[0].name.length should be ≤ `100`, instead was `120`.',
      },
    })
    const error = await providerErrorOf(notionConnector.create(context, publishableArticle()))
    expect(error.kind).toBe('rejected')
    expect(error.message).toMatch(/^Notion refused the page: body failed validation: body\.properties\.Tags/)
    expect(error.message).toMatch(/Check the data source's properties \(Name, Slug, Tags, …\), then publish the article again\.$/)
    expect(mockRequestCount('notion')).toBe(1)
    expect(notionMock.pages).toEqual([])
  })

  it('links images from https addresses only: no cover and a link for an http featured image and body image', async () => {
    const { context } = notion()
    const article = publishableArticle({ markdown: '![Chart](http://app.example.com/media/chart.png)\n' })
    await notionConnector.create(context, {
      ...article,
      featuredImage: { ...article.featuredImage!, url: 'http://app.example.com/media/a.png' },
    })
    const [page] = notionMock.pages
    expect(page?.cover).toBeNull()
    expect(page?.children).toEqual([
      expect.objectContaining({
        type: 'paragraph',
        paragraph: {
          rich_text: [expect.objectContaining({ text: { content: 'Chart', link: { url: 'http://app.example.com/media/chart.png' } } })],
        },
      }),
    ])
  })

  it('waits as long as Retry-After says on 429, then publishes', async () => {
    const { context, sleeps } = notion()
    injectFault('notion', { kind: 'rate-limit', retryAfterSeconds: 1, times: 1 })
    await notionConnector.create(context, publishableArticle())
    expect(sleeps).toEqual([1000])
    expect(notionMock.pages).toHaveLength(1)
  })

  it('gives up with a server error when Notion keeps failing', async () => {
    const { context } = notion()
    injectFault('notion', { kind: 'status', status: 503 })
    const error = await providerErrorOf(notionConnector.find(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'server', status: 503, attempts: 3 })
    expect(mockRequestCount('notion')).toBe(3)
  })

  it('reports a timeout when Notion does not answer in time', async () => {
    const { context } = notion({ timeoutMs: 50 })
    injectFault('notion', { kind: 'slow', delayMs: 400 })
    expect((await providerErrorOf(notionConnector.test(context))).kind).toBe('timeout')
  })
})
