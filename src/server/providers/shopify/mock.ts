import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * Shopify Admin GraphQL, the operations our publisher sends: the query of `shop`, `blog(id:)`
 * and `articles(first:, query:)` (search syntax `blog_id:… AND handle:…`), and the
 * `articleCreate` / `articleUpdate` mutations with their input in `variables.article`. Like
 * GraphQL it answers only the fields the document selects; a business rule failure comes back as
 * HTTP 200 with `userErrors`, an unknown operation as HTTP 200 with top-level `errors`.
 */

export interface ShopifyArticle {
  id: string
  handle: string
  blogId: string
  title: string
  body: string
  summary: string | null
  author: string
  tags: string[]
  image: { url: string; altText: string | null } | null
  metafields: Array<{ namespace: string; key: string; type: string; value: string }>
  isPublished: boolean
  publishedAt: string | null
}

const state = { nextId: 1, articles: [] as ShopifyArticle[] }

export const shopifyMock = {
  get articles(): readonly ShopifyArticle[] {
    return state.articles
  },
  reset() {
    state.nextId = 1
    state.articles = []
  },
}

const BLOG_GID = /^gid:\/\/shopify\/Blog\/(\d+)$/

function handleize(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** A document's selections as a tree of field names (arguments, variables and strings skipped). */
export interface Selection {
  [field: string]: Selection
}

export function parseSelection(document: string): Selection {
  const tokens = document.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/[A-Za-z_][A-Za-z0-9_]*|[{}()]/g) ?? []
  const root: Selection = {}
  const stack: Selection[] = []
  let current: Selection | undefined
  let last: string | undefined
  let depthInArguments = 0
  for (const token of tokens) {
    if (token === '(') depthInArguments++
    else if (token === ')') depthInArguments--
    else if (depthInArguments > 0) continue
    else if (token === '{') {
      const parent = current
      current = parent && last ? (parent[last] ??= {}) : root
      if (parent) stack.push(parent)
      last = undefined
    } else if (token === '}') {
      current = stack.pop()
      last = undefined
    } else if (current) {
      current[token] ??= {}
      last = token
    }
  }
  return root
}

/** The value as GraphQL answers it: only the selected fields, recursively. */
function project(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((entry) => project(entry, selection))
  if (value === null || typeof value !== 'object' || Object.keys(selection).length === 0) return value
  const source = value as Record<string, unknown>
  return Object.fromEntries(Object.entries(selection).map(([key, sub]) => [key, project(source[key] ?? null, sub)]))
}

type UserError = { field: string[]; message: string; code: string }

export function shopifyHandlers(
  options: { baseUrl?: string; accessToken?: string; shopName?: string; blogs?: Record<string, { title: string; handle: string }> } = {},
): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://demo-shop.myshopify.com').replace(/\/$/, '')
  const shopName = options.shopName ?? 'Demo Shop'
  /** Every numeric blog id exists unless the test lists the blogs. */
  const blogOf = (gid: unknown) => {
    const numeric = typeof gid === 'string' ? BLOG_GID.exec(gid)?.[1] : undefined
    if (!numeric) return null
    const blog = options.blogs ? options.blogs[numeric] : { title: 'News', handle: 'news' }
    return blog ? { id: `gid://shopify/Blog/${numeric}`, ...blog } : null
  }
  const articleView = (article: ShopifyArticle) => ({
    ...article,
    author: { name: article.author },
    blog: blogOf(article.blogId),
  })

  /** Shopify search syntax, the terms we use: `blog_id:123`, `handle:abc` joined by AND. */
  const search = (query: string) => {
    const blogId = /\bblog_id:(\d+)/.exec(query)?.[1]
    const handle = /\bhandle:(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(query)
    const wanted = handle ? (handle[1] ?? handle[2] ?? handle[3]) : undefined
    return state.articles.filter(
      (article) => (!blogId || article.blogId === `gid://shopify/Blog/${blogId}`) && (wanted === undefined || article.handle === wanted),
    )
  }

  const articleFields = (article: ShopifyArticle, input: Record<string, unknown>) => {
    if (typeof input.title === 'string') article.title = input.title.trim()
    if (typeof input.body === 'string') article.body = input.body
    if ('summary' in input) article.summary = typeof input.summary === 'string' ? input.summary : null
    if (Array.isArray(input.tags)) article.tags = input.tags.map(String)
    if ('image' in input) {
      const image = input.image as { url?: string; altText?: string } | null
      article.image = image?.url ? { url: image.url, altText: image.altText ?? null } : null
    }
    if (Array.isArray(input.metafields)) {
      for (const metafield of input.metafields as ShopifyArticle['metafields']) {
        article.metafields = [
          ...article.metafields.filter((m) => !(m.namespace === metafield.namespace && m.key === metafield.key)),
          metafield,
        ]
      }
    }
    const author = (input.author as { name?: string } | undefined)?.name
    if (author) article.author = author
    if (typeof input.isPublished === 'boolean') {
      if (input.isPublished && !article.isPublished)
        article.publishedAt = typeof input.publishDate === 'string' ? input.publishDate : new Date().toISOString()
      article.isPublished = input.isPublished
    }
  }

  const uniqueHandle = (wanted: string, except?: ShopifyArticle) =>
    state.articles.some((existing) => existing !== except && existing.handle === wanted) ? `${wanted}-${state.nextId}` : wanted

  const createArticle = (input: Record<string, unknown>) => {
    const userErrors: UserError[] = []
    const title = typeof input.title === 'string' ? input.title.trim() : ''
    if (!title) userErrors.push({ field: ['article', 'title'], message: "Title can't be blank", code: 'BLANK' })
    if (!blogOf(input.blogId)) userErrors.push({ field: ['article', 'blogId'], message: 'Blog does not exist', code: 'NOT_FOUND' })
    const author = (input.author as { name?: string } | undefined)?.name
    if (!author) userErrors.push({ field: ['article', 'author'], message: 'Author must be specified', code: 'AUTHOR_FIELD_REQUIRED' })
    if (userErrors.length > 0) return { article: null, userErrors }
    const numeric = 580_000_000_000 + state.nextId++
    const stored: ShopifyArticle = {
      id: `gid://shopify/Article/${numeric}`,
      handle: uniqueHandle(handleize(typeof input.handle === 'string' && input.handle ? input.handle : title)),
      blogId: String(input.blogId),
      title,
      body: '',
      summary: null,
      author: String(author),
      tags: [],
      image: null,
      metafields: [],
      isPublished: false,
      publishedAt: null,
    }
    articleFields(stored, input)
    state.articles.push(stored)
    return { article: articleView(stored), userErrors }
  }

  const updateArticle = (id: unknown, input: Record<string, unknown>) => {
    const article = state.articles.find((candidate) => candidate.id === id)
    if (!article) return { article: null, userErrors: [{ field: ['id'], message: 'Article does not exist', code: 'NOT_FOUND' }] }
    if ('title' in input && (typeof input.title !== 'string' || !input.title.trim()))
      return { article: null, userErrors: [{ field: ['article', 'title'], message: "Title can't be blank", code: 'BLANK' }] }
    if (typeof input.handle === 'string' && input.handle) article.handle = uniqueHandle(handleize(input.handle), article)
    articleFields(article, input)
    return { article: articleView(article), userErrors: [] as UserError[] }
  }

  return [
    http.post(
      `${base}/admin/api/:version/graphql.json`,
      withFaults('shopify', async ({ request }) => {
        const token = request.headers.get('x-shopify-access-token')
        const valid = options.accessToken !== undefined ? token === options.accessToken : Boolean(token) && token !== 'wrong'
        if (!valid)
          return HttpResponse.json(
            { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
            { status: 401 },
          )
        const input = (await request.json().catch(() => null)) as { query?: string; variables?: Record<string, unknown> } | null
        const query = input?.query ?? ''
        const variables = input?.variables ?? {}
        const selection = parseSelection(query)
        const data: Record<string, unknown> = {}
        for (const field of Object.keys(selection)) {
          switch (field) {
            case 'shop':
              data.shop = {
                name: shopName,
                primaryDomain: { url: `https://${new URL(base).host.replace('.myshopify.com', '.example.com')}`, host: '' },
              }
              break
            case 'blog':
              data.blog = blogOf(variables.blogId)
              break
            case 'articles': {
              const first = Math.min(250, Number(variables.first ?? 10) || 10)
              data.articles = {
                nodes: search(String(variables.query ?? ''))
                  .slice(0, first)
                  .map(articleView),
              }
              break
            }
            case 'articleCreate':
              data.articleCreate = createArticle((variables.article ?? {}) as Record<string, unknown>)
              break
            case 'articleUpdate':
              data.articleUpdate = updateArticle(variables.id, (variables.article ?? {}) as Record<string, unknown>)
              break
            default:
              return HttpResponse.json({
                errors: [
                  {
                    message: `Field '${field}' doesn't exist on type 'QueryRoot'`,
                    locations: [{ line: 1, column: 1 }],
                    extensions: { code: 'undefinedField' },
                  },
                ],
              })
          }
        }
        const cost = 10 + ((createHash('md5').update(query).digest()[0] ?? 0) % 3)
        return HttpResponse.json({
          data: project(data, selection),
          extensions: {
            cost: {
              requestedQueryCost: cost,
              actualQueryCost: cost,
              throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - cost, restoreRate: 100 },
            },
          },
        })
      }),
    ),
  ]
}
