import { afterEach, describe, expect, it } from 'vitest'
import { parseSelection, shopifyHandlers, shopifyMock } from './mock'
import { useMockServer } from '../../../../tests/fixtures/mock-server'

const base = 'https://outdoor-shop.myshopify.com'
useMockServer(...shopifyHandlers({ baseUrl: base, accessToken: 'shpat_demo' }))

afterEach(() => {
  shopifyMock.reset()
})

const mutation = `mutation CreateArticle($article: ArticleCreateInput!) {
  articleCreate(article: $article) {
    article { id handle }
    userErrors { field message }
  }
}`

const send = (article: Record<string, unknown>, token = 'shpat_demo') =>
  fetch(`${base}/admin/api/2025-07/graphql.json`, {
    method: 'POST',
    headers: { 'X-Shopify-Access-Token': token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: mutation, variables: { article } }),
  })

const article = {
  blogId: 'gid://shopify/Blog/1001',
  title: 'Packing List for Alps',
  author: { name: 'Rankpilot' },
  body: '<p>Pack</p>',
  isPublished: true,
}

describe('Shopify mock', () => {
  it('creates an article and answers only the selected fields', async () => {
    const response = await send(article)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: unknown; extensions: unknown }
    expect(body.data).toEqual({
      articleCreate: { article: { id: 'gid://shopify/Article/580000000001', handle: 'packing-list-for-alps' }, userErrors: [] },
    })
    expect(shopifyMock.articles).toEqual([
      expect.objectContaining({ title: 'Packing List for Alps', isPublished: true, author: 'Rankpilot' }),
    ])
  })

  it('reports a missing title as userErrors inside HTTP 200, creating nothing', async () => {
    const response = await send({ ...article, title: '' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      data: { articleCreate: { article: null, userErrors: [{ field: ['article', 'title'], message: "Title can't be blank" }] } },
    })
    expect(shopifyMock.articles).toEqual([])
  })

  it('reports an unknown blog as a userError', async () => {
    const body = (await (await send({ ...article, blogId: 'blog-1' })).json()) as { data: { articleCreate: { userErrors: unknown[] } } }
    expect(body.data.articleCreate.userErrors).toEqual([{ field: ['article', 'blogId'], message: 'Blog does not exist' }])
  })

  it('refuses a wrong access token with 401 in Shopify error shape', async () => {
    const response = await send(article, 'shpat_wrong')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' })
  })

  it('parses a document’s selections, skipping arguments and strings', () => {
    expect(
      parseSelection('query Q($id: ID!) { blog(id: $id) { title } articles(first: 1, query: "a { b }") { nodes { id blog { id } } } }'),
    ).toEqual({
      blog: { title: {} },
      articles: { nodes: { id: {}, blog: { id: {} } } },
    })
  })

  it('finds articles by blog and handle, and updates one with articleUpdate', async () => {
    await send(article)
    const graphql = (query: string, variables: Record<string, unknown>) =>
      fetch(`${base}/admin/api/2025-07/graphql.json`, {
        method: 'POST',
        headers: { 'X-Shopify-Access-Token': 'shpat_demo', 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      }).then((response) => response.json() as Promise<{ data: Record<string, unknown> }>)
    const find = 'query F($query: String!) { articles(first: 5, query: $query) { nodes { id handle } } }'
    expect((await graphql(find, { query: 'blog_id:1001 AND handle:packing-list-for-alps' })).data).toEqual({
      articles: { nodes: [{ id: 'gid://shopify/Article/580000000001', handle: 'packing-list-for-alps' }] },
    })
    expect((await graphql(find, { query: 'blog_id:1002 AND handle:packing-list-for-alps' })).data).toEqual({ articles: { nodes: [] } })

    const update =
      'mutation U($id: ID!, $article: ArticleUpdateInput!) { articleUpdate(id: $id, article: $article) { article { id isPublished } userErrors { message code } } }'
    expect((await graphql(update, { id: 'gid://shopify/Article/580000000001', article: { isPublished: false } })).data).toEqual({
      articleUpdate: { article: { id: 'gid://shopify/Article/580000000001', isPublished: false }, userErrors: [] },
    })
    expect((await graphql(update, { id: 'gid://shopify/Article/1', article: {} })).data).toEqual({
      articleUpdate: { article: null, userErrors: [{ message: 'Article does not exist', code: 'NOT_FOUND' }] },
    })
  })
})
