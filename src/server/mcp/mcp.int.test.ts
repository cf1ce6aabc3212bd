import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiKeyFor } from '~tests/fixtures/api'
import { insertArticle, insertBusiness, insertKeyword, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { resetApiKeyRateLimit } from '~/server/access/api-key'
import { publication, publishing } from '~/server/db/schema'
import { withApiKeyCredentials } from '~/server/rpc/context'
import type { LiveCheck } from '~/shared/live-check'
import { resetMutationRateLimit } from '~/server/rpc/procedures'
import { handleMcpRequest, MCP_PATH } from './mcp-handler'

/**
 * The MCP server at /mcp through the SDK's own client and Streamable HTTP transport, its requests
 * answered in-process by the real handler on the test database: the tools it lists, and that a
 * tool answers what the app's own procedures answer the same user, with the API's refusals.
 */

let app: TestApp
let owner: { userId: string; cookie: string; key: string; readKey: string; businessId: string; articleId: string; liveArticleId: string }
let other: { businessId: string; articleId: string }
const clients: Client[] = []
/** What the live check found on the WordPress post: one image of three not loading. */
const LIVE_CHECK: LiveCheck = {
  checkedAt: '2026-03-04T09:00:09.000Z',
  url: 'https://blog.morning.example/cold-brew-at-home/',
  revision: 1,
  live: true,
  pageStatus: 200,
  pageError: null,
  imagesTotal: 3,
  imagesChecked: 3,
  imagesLoaded: 2,
  broken: [{ url: 'https://blog.morning.example/wp-content/uploads/jar.png', status: 404, reason: 'HTTP 404 (Not Found)' }],
}

/** A fetch that answers /mcp with the app's handler on the test database, as the route does. */
function mcpFetch(): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    return handleMcpRequest(
      request,
      withApiKeyCredentials({ db: app.db, auth: app.auth, providers: app.providers, headers: request.headers }),
    )
  }
}

async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: 'rankpilot-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${TEST_APP_URL}${MCP_PATH}`), {
    fetch: mcpFetch(),
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
  })
  clients.push(client)
  await client.connect(transport)
  return client
}

const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult

/** What the app answered, as it travels (dates as ISO strings). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

beforeAll(async () => {
  app = await createTestApp()
  const account = await app.signUp({ plan: 'Growth' })
  const business = await insertBusiness(app, account.userId, { name: 'Morning Roasters' })
  await insertKeyword(app, business.id, { keyword: 'cold brew ratio', status: 'scheduled', searchVolume: 900 })
  await insertKeyword(app, business.id, { keyword: 'espresso grind size', status: 'scheduled', searchVolume: 1400 })
  const written = await insertKeyword(app, business.id, { keyword: 'pour over guide', searchVolume: 300 })
  const article = await insertArticle(app, business.id, {
    keywordId: written.id,
    title: 'The pour-over guide',
    slug: 'pour-over-guide',
    status: 'draft',
    metaDescription: 'Everything about pour-over coffee.',
    markdown: '# The pour-over guide\n\nBloom the grounds for **30 seconds**, then pour in circles.\n',
  })
  // Published: live on WordPress at the address it answered, refused by the webhook.
  const live = await insertArticle(app, business.id, {
    title: 'Cold brew at home',
    slug: 'cold-brew-at-home',
    status: 'published',
    publishedAt: new Date('2026-03-04T09:00:00Z'),
  })
  const [wordpress, webhook] = await app.db
    .insert(publishing)
    .values([
      { businessId: business.id, type: 'wordpress', config: { siteUrl: 'https://blog.morning.example' }, status: 'working' },
      { businessId: business.id, type: 'webhook', config: { url: 'https://hooks.morning.example/rankpilot' }, status: 'working' },
    ])
    .returning()
  await app.db.insert(publication).values([
    {
      businessId: business.id,
      articleId: live.id,
      integrationId: wordpress!.id,
      status: 'published',
      externalId: '42',
      url: 'https://blog.morning.example/cold-brew-at-home/',
      publishedRevision: live.revision,
      lastSyncedAt: new Date('2026-03-04T09:00:05Z'),
      createdAt: new Date('2026-03-04T09:00:01Z'),
      liveCheck: LIVE_CHECK,
    },
    {
      businessId: business.id,
      articleId: live.id,
      integrationId: webhook!.id,
      status: 'failed',
      lastError: 'Webhook rejected the request (HTTP 410): Gone',
      createdAt: new Date('2026-03-04T09:00:02Z'),
    },
  ])
  const { key } = await createApiKeyFor(app, account.cookie, { name: 'MCP' })
  const { key: readKey } = await createApiKeyFor(app, account.cookie, { name: 'Read only', scopes: ['read'] })
  owner = { ...account, key, readKey, businessId: business.id, articleId: article.id, liveArticleId: live.id }

  const stranger = await app.signUp({ plan: 'Growth' })
  const theirs = await insertBusiness(app, stranger.userId, { name: 'Stranger Coffee' })
  const theirArticle = await insertArticle(app, theirs.id, { title: 'Their secret article', slug: 'their-secret-article' })
  other = { businessId: theirs.id, articleId: theirArticle.id }
})

beforeEach(() => {
  resetApiKeyRateLimit()
  resetMutationRateLimit()
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

afterAll(async () => {
  await app.close()
})

describe('the MCP server', () => {
  it('lists its ten tools, each with the operation’s input schema and scope', async () => {
    const client = await connect(owner.key)
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'add_keywords',
        'approve_article',
        'generate_article',
        'get_article',
        'list_articles',
        'list_businesses',
        'list_keywords',
        'publish_article',
        'research_status',
        'start_research',
      ].sort(),
    )
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object')
      expect(tool.description, tool.name).toMatch(/Needs a key with the "(read|write|publish)" scope\.$/)
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    const listKeywords = byName.get('list_keywords')!
    expect(listKeywords.inputSchema.required).toEqual(['businessId'])
    expect(Object.keys(listKeywords.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['businessId', 'page', 'perPage', 'sort', 'filters', 'joinOperator']),
    )
    expect(listKeywords.annotations?.readOnlyHint).toBe(true)
    expect(byName.get('add_keywords')!.inputSchema.required).toEqual(expect.arrayContaining(['businessId', 'keywords']))
    expect(byName.get('get_article')!.inputSchema.required).toEqual(expect.arrayContaining(['businessId', 'articleId']))
    expect(byName.get('publish_article')!.description).toContain('"publish" scope')
    // The REST-only notes (query-string brackets) stay out of the tools' descriptions.
    expect(listKeywords.description).not.toContain('filters[0]')
  })

  it('list_businesses and list_keywords answer what the app shows the same user', async () => {
    const client = await connect(owner.key)
    const businesses = await callTool(client, 'list_businesses')
    expect(businesses.isError).toBeFalsy()
    const listed = JSON.parse((businesses.content[0] as { text: string }).text) as { id: string; name: string }[]
    expect(listed.map(({ id, name }) => ({ id, name }))).toEqual([{ id: owner.businessId, name: 'Morning Roasters' }])

    const query = { businessId: owner.businessId, perPage: 10, sort: [{ id: 'searchVolume', desc: true }] }
    const result = await callTool(client, 'list_keywords', query)
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
    const page = result.structuredContent as { items: Record<string, unknown>[]; total: number }
    const shown = asJson(await rpcClient(app, owner.cookie).keyword.list(query)) as typeof page
    expect(page.total).toBe(3)
    expect(page.total).toBe(shown.total)
    expect(page.items.map((row) => row.keyword)).toEqual(['espresso grind size', 'cold brew ratio', 'pour over guide'])
    expect(page.items).toHaveLength(shown.items.length)
    // Every field the tool answers is the app's, value for value.
    page.items.forEach((row, index) => {
      const appRow = shown.items[index]!
      expect(row).toEqual(Object.fromEntries(Object.keys(row).map((name) => [name, appRow[name]])))
    })
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(page)
  })

  it('get_article answers the article’s Markdown with its title, meta and status, as the app has them', async () => {
    const client = await connect(owner.key)
    const result = await callTool(client, 'get_article', { businessId: owner.businessId, articleId: owner.articleId })
    expect(result.isError).toBeFalsy()
    const shown = await rpcClient(app, owner.cookie).article.get({ businessId: owner.businessId, articleId: owner.articleId })
    expect(result.structuredContent).toMatchObject({
      id: shown.id,
      title: shown.title,
      slug: shown.slug,
      status: 'draft',
      metaTitle: shown.metaTitle,
      metaDescription: 'Everything about pour-over coffee.',
      keyword: shown.keyword,
      markdown: shown.markdown,
    })
    const text = (result.content[0] as { text: string }).text
    expect(text).toContain('Title: The pour-over guide')
    expect(text).toContain('Status: draft')
    expect(text).not.toContain('Live on')
    expect(text.endsWith(shown.markdown)).toBe(true)
    expect(result.structuredContent).toMatchObject({ publications: [] })
  })

  it('get_article says where a published article is live, and where it was refused', async () => {
    const client = await connect(owner.readKey)
    const result = await callTool(client, 'get_article', { businessId: owner.businessId, articleId: owner.liveArticleId })
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
    expect(result.structuredContent).toMatchObject({
      status: 'published',
      publishedAt: '2026-03-04T09:00:00.000Z',
      publications: [
        {
          type: 'wordpress',
          status: 'published',
          url: 'https://blog.morning.example/cold-brew-at-home/',
          upToDate: true,
          lastSyncedAt: '2026-03-04T09:00:05.000Z',
          lastError: null,
          liveCheck: LIVE_CHECK,
        },
        {
          type: 'webhook',
          status: 'failed',
          url: null,
          upToDate: false,
          lastSyncedAt: null,
          lastError: 'Webhook rejected the request (HTTP 410): Gone',
        },
      ],
    })
    const text = (result.content[0] as { text: string }).text
    const header = text.slice(0, text.indexOf('\n\n---\n\n'))
    expect(header.split('\n').slice(-2)).toEqual([
      'Live on WordPress: https://blog.morning.example/cold-brew-at-home/ (checked 2026-03-04T09:00:09.000Z: Live · 1 of 3 images broken)',
      'Failed on Webhook: Webhook rejected the request (HTTP 410): Gone',
    ])
    // The app's own article.get answers the same places.
    const shown = await rpcClient(app, owner.cookie).article.get({ businessId: owner.businessId, articleId: owner.liveArticleId })
    expect(shown.publications.map(({ type, status, url }) => ({ type, status, url }))).toEqual([
      { type: 'wordpress', status: 'published', url: 'https://blog.morning.example/cold-brew-at-home/' },
      { type: 'webhook', status: 'failed', url: null },
    ])
  })

  it('approve_article approves the draft as the app’s “Approve” does', async () => {
    const client = await connect(owner.key)
    const result = await callTool(client, 'approve_article', { businessId: owner.businessId, articleId: owner.articleId })
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ id: owner.articleId, status: 'approved' })
    const shown = await rpcClient(app, owner.cookie).article.get({ businessId: owner.businessId, articleId: owner.articleId })
    expect(shown.status).toBe('approved')
    expect(result.structuredContent).toMatchObject({ approvedAt: shown.approvedAt!.toISOString() })
  })

  it('answers a procedure’s refusal as a tool error with the app’s message and code', async () => {
    const client = await connect(owner.readKey)
    const refused = await callTool(client, 'add_keywords', { businessId: owner.businessId, keywords: ['decaf beans'] })
    expect(refused.isError).toBe(true)
    expect(refused.content).toEqual([{ type: 'text', text: 'This API key does not have the "write" scope this needs.' }])
    expect(refused.structuredContent).toMatchObject({ code: 'FORBIDDEN', status: 403, data: { reason: 'API_KEY_SCOPE_MISSING' } })
    // Nothing was added.
    const page = await rpcClient(app, owner.cookie).keyword.list({ businessId: owner.businessId })
    expect(page.items.map((row) => row.keyword)).not.toContain('decaf beans')

    const invalid = await callTool(client, 'list_keywords', { businessId: owner.businessId, perPage: 500 })
    expect(invalid).toMatchObject({ isError: true, structuredContent: { code: 'BAD_REQUEST', data: { reason: 'INVALID_INPUT' } } })
    expect((invalid.content[0] as { text: string }).text).toMatch(/50/)
  })

  it('answers another account’s business and article as not found', async () => {
    const client = await connect(owner.key)
    const theirBusiness = await callTool(client, 'list_keywords', { businessId: other.businessId })
    expect(theirBusiness).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Business not found.' }],
      structuredContent: { code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } },
    })
    const theirArticle = await callTool(client, 'get_article', { businessId: owner.businessId, articleId: other.articleId })
    expect(theirArticle).toMatchObject({ isError: true, structuredContent: { code: 'NOT_FOUND' } })
    expect(JSON.stringify(theirArticle)).not.toContain('Their secret article')
    const underTheirs = await callTool(client, 'get_article', { businessId: other.businessId, articleId: other.articleId })
    expect(underTheirs).toMatchObject({ isError: true, structuredContent: { code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } } })
  })

  it('answers 401 with WWW-Authenticate: Bearer without a key, and when the key is revoked', async () => {
    const noKey = await mcpFetch()(`${TEST_APP_URL}${MCP_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(noKey.status).toBe(401)
    expect(noKey.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect(await noKey.json()).toMatchObject({ code: 'UNAUTHORIZED', data: { reason: 'API_KEY_REQUIRED' } })
    await expect(connect(null)).rejects.toSatisfy((error) => error instanceof StreamableHTTPError && error.code === 401)

    const { key, id } = await createApiKeyFor(app, owner.cookie, { name: 'Soon revoked' })
    const client = await connect(key)
    expect((await callTool(client, 'list_businesses')).isError).toBeFalsy()
    await rpcClient(app, owner.cookie).apiKey.revoke({ id })
    const refused = await client.callTool({ name: 'list_businesses', arguments: {} }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(StreamableHTTPError)
    expect((refused as StreamableHTTPError).code).toBe(401)
    expect((refused as StreamableHTTPError).message).toContain('This API key is not valid')
  })

  it('refuses GET and DELETE: the server keeps no session and opens no stream', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await mcpFetch()(`${TEST_APP_URL}${MCP_PATH}`, { method, headers: { authorization: `Bearer ${owner.key}` } })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
    }
  })
})
