import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { articleMutations } from './mock-articles'
import { createFiles, processFile, stagedUploads, storageHandlers } from './mock-files'
import { parseSelection, project } from './mock-graphql'
import { fileView, shopifyShop, state, type ShopifyMockOptions } from './mock-store'

/**
 * Shopify Admin GraphQL, the operations our publisher sends: the query of `shop`, `blog(id:)`,
 * `articles(first:, query:)` (search syntax `blog_id:… AND handle:…`) and `node(id:)` (a file, as
 * `... on MediaImage`), and the mutations `articleCreate` / `articleUpdate` (input in
 * `variables.article`), `stagedUploadsCreate` and `fileCreate`. Like GraphQL it answers only the
 * fields the document selects; a business rule failure comes back as HTTP 200 with `userErrors`,
 * an unknown operation as HTTP 200 with top-level `errors`. Error codes are the schema's enum
 * values (tests/fixtures/vendor/shopify/); the messages are this mock's.
 *
 * Files as Shopify makes them: a staged target on Shopify's cloud storage (another host, answered
 * here too) takes the bytes as a multipart POST of its parameters with the file last, or a PUT;
 * its policy refuses another content type or more than 20 MB. `fileCreate` from the staged
 * `resourceUrl` (or another absolute https URL) makes a MediaImage that is processed
 * asynchronously: read with `node(id:)` it is PROCESSING for `processingReads` reads, then READY
 * with its CDN URL and size, or FAILED with `fileErrors` for what Shopify does not take as an
 * image (SVG and other non-raster files, over 20 MB, never uploaded).
 */

export { parseSelection, type Selection } from './mock-graphql'
export {
  SHOPIFY_STAGED_UPLOADS,
  shopifyMock,
  type ShopifyArticle,
  type ShopifyFile,
  type ShopifyMockOptions,
  type StorageRequest,
} from './mock-store'

/** The staged-upload storage, then the Admin GraphQL endpoint, in the order MSW matches them. */
export function shopifyHandlers(options: ShopifyMockOptions = {}): RequestHandler[] {
  const shop = shopifyShop(options)
  const { base, shopName, blogOf, articleView, search } = shop
  const { createArticle, updateArticle } = articleMutations(shop)

  return [
    ...storageHandlers(),
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
            case 'stagedUploadsCreate':
              data.stagedUploadsCreate = stagedUploads(variables.input)
              break
            case 'fileCreate':
              data.fileCreate = createFiles(variables.files)
              break
            case 'node': {
              const file = state.files.find((candidate) => candidate.id === variables.id)
              if (file) processFile(file)
              data.node = file ? fileView(file) : null
              break
            }
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
