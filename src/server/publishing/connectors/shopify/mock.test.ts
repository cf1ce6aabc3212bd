import { afterEach, describe, expect, it } from 'vitest'
import { gradientPng } from '~/server/demo-network/images/png'
import { parseSelection, SHOPIFY_STAGED_UPLOADS, shopifyHandlers, shopifyMock } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

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

  it('parses an inline fragment’s fields into the enclosing selection', () => {
    expect(parseSelection('query F($id: ID!) { node(id: $id) { ... on MediaImage { id image { url } } } }')).toEqual({
      node: { id: {}, image: { url: {} } },
    })
  })

  it('refuses an article image that is not an absolute https URL or is an SVG, a bad publish date and metafields out of format', async () => {
    const errors = async (input: Record<string, unknown>) => {
      const body = (await (await send({ ...article, ...input })).json()) as {
        data: { articleCreate: { userErrors: Array<{ field: string[] }> } }
      }
      return body.data.articleCreate.userErrors.map((error) => error.field.join('.'))
    }
    expect(await errors({ image: { url: '/media/a.png' } })).toEqual(['article.image.url'])
    expect(await errors({ image: { url: 'http://example.com/a.png' } })).toEqual(['article.image.url'])
    expect(await errors({ image: { url: 'https://example.com/a.svg' } })).toEqual(['article.image.url'])
    expect(await errors({ publishDate: 'tomorrow' })).toEqual(['article.publishDate'])
    expect(
      await errors({
        metafields: [
          { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: 'Two\nlines' },
          { namespace: 'rankpilot', key: 'json_ld', type: 'json', value: '{not json' },
          { namespace: 'x', key: 'k', type: 'text', value: 'v' },
        ],
      }),
    ).toEqual([
      'article.metafields.0.value',
      'article.metafields.1.value',
      'article.metafields.2.namespace',
      'article.metafields.2.key',
      'article.metafields.2.type',
    ])
    expect(shopifyMock.articles).toEqual([])
    expect(await errors({ image: { url: 'https://cdn.shopify.com/s/files/1/a.png' }, publishDate: '2025-05-01T08:00:00Z' })).toEqual([])
  })

  describe('files', () => {
    const graphql = (query: string, variables: Record<string, unknown>) =>
      fetch(`${base}/admin/api/2026-07/graphql.json`, {
        method: 'POST',
        headers: { 'X-Shopify-Access-Token': 'shpat_demo', 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      }).then((response) => response.json() as Promise<{ data: Record<string, { [key: string]: unknown }> }>)
    const stage = async (mimeType = 'image/png', httpMethod = 'POST') => {
      const { data } = await graphql(
        'mutation S($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } } }',
        { input: [{ resource: 'IMAGE', filename: 'chart.png', mimeType, httpMethod }] },
      )
      return (
        data.stagedUploadsCreate!.stagedTargets as Array<{
          url: string
          resourceUrl: string
          parameters: Array<{ name: string; value: string }>
        }>
      )[0]!
    }
    const post = (target: { url: string; parameters: Array<{ name: string; value: string }> }, bytes: Uint8Array, fileFirst = false) => {
      const form = new FormData()
      const file = new Blob([new Uint8Array(bytes)], { type: 'image/png' })
      if (fileFirst) form.append('file', file, 'chart.png')
      for (const { name, value } of target.parameters) form.append(name, value)
      if (!fileFirst) form.append('file', file, 'chart.png')
      return fetch(target.url, { method: 'POST', body: form })
    }
    const createFile = async (originalSource: string) => {
      const { data } = await graphql(
        'mutation C($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id fileStatus } userErrors { field message code } } }',
        { files: [{ originalSource, alt: 'Chart', contentType: 'IMAGE' }] },
      )
      return data.fileCreate as { files: Array<{ id: string; fileStatus: string }> | null; userErrors: Array<{ code: string }> }
    }
    const read = async (id: string) =>
      (
        await graphql(
          'query F($id: ID!) { node(id: $id) { ... on MediaImage { id fileStatus fileErrors { code } image { url width height } } } }',
          {
            id,
          },
        )
      ).data.node as {
        fileStatus: string
        fileErrors: Array<{ code: string }>
        image: { url: string; width: number; height: number } | null
      }

    it('stages, stores and processes a PNG: PROCESSING first, then READY on the CDN with its size', async () => {
      const target = await stage()
      expect(target.url).toBe(`${SHOPIFY_STAGED_UPLOADS}/`)
      const stored = await post(target, gradientPng(8, 6, [0, 0, 0], [255, 255, 255]))
      expect(stored.status).toBe(201)
      expect(await stored.text()).toContain('<PostResponse>')
      const created = await createFile(target.resourceUrl)
      expect(created.files![0]!.fileStatus).toBe('UPLOADED')
      const id = created.files![0]!.id
      expect(await read(id)).toMatchObject({ fileStatus: 'PROCESSING', image: null })
      expect(await read(id)).toMatchObject({
        fileStatus: 'READY',
        image: { url: expect.stringMatching(/^https:\/\/cdn\.shopify\.com\/.+\/chart\.png\?v=\d+$/), width: 8, height: 6 },
      })
    })

    it('refuses at the storage: the file not last, another content type than staged, more than 20 MB', async () => {
      const target = await stage()
      const pixel = gradientPng(1, 1, [0, 0, 0], [0, 0, 0])
      expect((await post(target, pixel, true)).status).toBe(400)
      const retyped = {
        ...target,
        parameters: target.parameters.map((p) => (p.name === 'Content-Type' ? { ...p, value: 'image/svg+xml' } : p)),
      }
      const mismatch = await post(retyped, pixel)
      expect(mismatch.status).toBe(403)
      expect(await mismatch.text()).toContain('Policy Condition failed')
      const large = await post(target, new Uint8Array(20 * 1024 * 1024 + 1))
      expect(large.status).toBe(400)
      expect(await large.text()).toContain('<Code>EntityTooLarge</Code>')
    })

    it('an SVG made a file as IMAGE ends FAILED; a source that is not absolute https is a userError; a staged file never uploaded fails', async () => {
      const target = await stage('image/svg+xml')
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
      const form = new FormData()
      for (const { name, value } of target.parameters) form.append(name, value)
      form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'chart.svg')
      expect((await fetch(target.url, { method: 'POST', body: form })).status).toBe(201)
      const svgFile = (await createFile(target.resourceUrl)).files![0]!
      expect(await read(svgFile.id)).toMatchObject({
        fileStatus: 'FAILED',
        fileErrors: [{ code: 'UNSUPPORTED_IMAGE_FILE_TYPE' }],
        image: null,
      })

      expect((await createFile('/media/chart.png')).userErrors).toEqual([expect.objectContaining({ code: 'INVALID_IMAGE_SOURCE_URL' })])
      const never = await stage()
      const missing = (await createFile(never.resourceUrl)).files![0]!
      expect(await read(missing.id)).toMatchObject({ fileStatus: 'FAILED', fileErrors: [{ code: 'IMAGE_DOWNLOAD_FAILURE' }] })
    })

    it('takes a PUT to a PUT target', async () => {
      const target = await stage('image/png', 'PUT')
      expect(target.url).toMatch(/\?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=/)
      expect((await fetch(target.url, { method: 'PUT', body: new Uint8Array(gradientPng(2, 2, [0, 0, 0], [0, 0, 0])) })).status).toBe(200)
      const file = (await createFile(target.resourceUrl)).files![0]!
      await read(file.id)
      expect(await read(file.id)).toMatchObject({ fileStatus: 'READY', image: { width: 2, height: 2 } })
    })
  })
})
