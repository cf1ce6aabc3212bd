import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * Shopify Admin GraphQL, the `articleCreate` mutation our publisher sends with its input in
 * `variables.article`. Like GraphQL it answers only the fields the query selects; a business
 * rule failure comes back as HTTP 200 with `userErrors`, not as an HTTP error.
 */

export interface ShopifyArticle {
  id: string
  handle: string
  blogId: string
  title: string
  body: string
  author: string
  isPublished: boolean
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

const BLOG_GID = /^gid:\/\/shopify\/Blog\/\d+$/

function handleize(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The sub-fields a query selects inside `name { … }` (flat selection, which is all we send). */
function selected(query: string, name: string) {
  const match = new RegExp(`\\b${name}\\s*\\{([^{}]*)\\}`).exec(query)
  return new Set((match?.[1] ?? '').split(/[\s,]+/).filter(Boolean))
}

function pick(source: Record<string, unknown>, fields: Set<string>) {
  return Object.fromEntries(Object.entries(source).filter(([key]) => fields.has(key)))
}

export function shopifyHandlers(options: { baseUrl?: string; accessToken?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://demo-shop.myshopify.com').replace(/\/$/, '')

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
        if (!/\barticleCreate\s*\(/.test(query)) {
          return HttpResponse.json({
            errors: [{ message: 'This mock answers only the articleCreate mutation', locations: [{ line: 1, column: 1 }] }],
          })
        }
        const article = (input?.variables?.article ?? {}) as Record<string, unknown>
        const userErrors: Array<{ field: string[]; message: string; code: string }> = []
        const title = typeof article.title === 'string' ? article.title.trim() : ''
        if (!title) userErrors.push({ field: ['article', 'title'], message: "Title can't be blank", code: 'BLANK' })
        if (typeof article.blogId !== 'string' || !BLOG_GID.test(article.blogId)) {
          userErrors.push({ field: ['article', 'blogId'], message: 'Blog does not exist', code: 'NOT_FOUND' })
        }
        const author = (article.author as { name?: string } | undefined)?.name
        if (!author) userErrors.push({ field: ['article', 'author'], message: 'Author must be specified', code: 'AUTHOR_FIELD_REQUIRED' })

        const errorFields = selected(query, 'userErrors')
        let created: Record<string, unknown> | null = null
        if (userErrors.length === 0) {
          let handle = handleize(typeof article.handle === 'string' && article.handle ? article.handle : title)
          if (state.articles.some((existing) => existing.handle === handle)) handle = `${handle}-${state.nextId}`
          const numeric = 580_000_000_000 + state.nextId++
          const stored: ShopifyArticle = {
            id: `gid://shopify/Article/${numeric}`,
            handle,
            blogId: String(article.blogId),
            title,
            body: String(article.body ?? ''),
            author: String(author),
            isPublished: Boolean(article.isPublished),
          }
          state.articles.push(stored)
          created = pick({ id: stored.id, handle, title, body: stored.body, isPublished: stored.isPublished }, selected(query, 'article'))
        }
        const cost = 10 + ((createHash('md5').update(query).digest()[0] ?? 0) % 3)
        return HttpResponse.json({
          data: { articleCreate: { article: created, userErrors: userErrors.map((error) => pick(error, errorFields)) } },
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
