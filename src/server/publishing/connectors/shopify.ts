import { z } from 'zod'
import { malformed, ProviderError, readJson } from '~/server/providers/http'
import type { Connector, ConnectorContext, PublishableArticle, PublishedPost } from '../connector'

/**
 * Shopify blog articles through the Admin GraphQL API (docs/product/publishing.md). GraphQL
 * answers HTTP 200 to most failures: top-level `errors` (throttling, missing access scope, a
 * query Shopify cannot run) and `userErrors` (the article refused) are read here and thrown as
 * ProviderErrors like the HTTP ones. The article's address is the shop's primary domain, the
 * blog's handle and the article's handle; SEO title and description are the `global`
 * metafields Shopify's themes read.
 */

const PROVIDER = 'Shopify'
export const SHOPIFY_API_VERSION = '2025-07'

type Context = ConnectorContext<'shopify'>

const graphqlErrorSchema = z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).passthrough().optional() })
const userErrorsSchema = z.array(z.object({ field: z.array(z.string()).nullish(), message: z.string(), code: z.string().nullish() }))

const blogGid = (context: Context) => `gid://shopify/Blog/${context.config.blogId}`

/** Sends one GraphQL document and returns its `data`, read with the schema. */
async function graphql<T extends z.ZodType>(context: Context, query: string, variables: Record<string, unknown>, schema: T) {
  const response = await context.fetch(`https://${context.config.shopDomain}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: {
      'X-Shopify-Access-Token': context.secrets.accessToken,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ query, variables }),
    signal: context.signal,
  })
  const body = await readJson(
    response,
    PROVIDER,
    z.object({ data: z.unknown().optional(), errors: z.array(graphqlErrorSchema).optional() }),
  )
  if (body.errors && body.errors.length > 0) throw graphqlFailure(body.errors)
  const parsed = schema.safeParse(body.data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw malformed(PROVIDER, `data.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'unexpected shape'}`)
  }
  return parsed.data as z.output<T>
}

function graphqlFailure(errors: Array<z.output<typeof graphqlErrorSchema>>) {
  const codes = errors.map((error) => error.extensions?.code)
  const detail = errors.map((error) => error.message).join('; ')
  if (codes.includes('THROTTLED'))
    return new ProviderError({
      provider: PROVIDER,
      kind: 'rate_limited',
      message: `Shopify is limiting how fast we can call it (${detail}). Try again in a few minutes.`,
    })
  if (codes.includes('ACCESS_DENIED'))
    return new ProviderError({
      provider: PROVIDER,
      kind: 'auth',
      message: `Shopify refused the request (${detail}). Give the app the read_content and write_content access scopes.`,
    })
  return new ProviderError({ provider: PROVIDER, kind: 'rejected', message: `Shopify rejected the request: ${detail}` })
}

function rejectUserErrors(userErrors: z.output<typeof userErrorsSchema>) {
  if (userErrors.length === 0) return
  const detail = userErrors.map((error) => error.message).join('; ')
  throw new ProviderError({ provider: PROVIDER, kind: 'rejected', message: `Shopify refused the article: ${detail}` })
}

const STOREFRONT = `query Storefront($blogId: ID!) {
  shop { name primaryDomain { url } }
  blog(id: $blogId) { title handle }
}`

const storefrontSchema = z.object({
  shop: z.object({ name: z.string(), primaryDomain: z.object({ url: z.string() }) }),
  blog: z.object({ title: z.string(), handle: z.string() }).nullable(),
})

/** The shop and the configured blog; a blog that is not in this store is the user's to fix. */
async function storefront(context: Context) {
  const data = await graphql(context, STOREFRONT, { blogId: blogGid(context) }, storefrontSchema)
  if (!data.blog)
    throw new ProviderError({
      provider: PROVIDER,
      kind: 'rejected',
      message: `The Shopify store “${data.shop.name}” has no blog with ID ${context.config.blogId}. Check the blog ID in the integration.`,
    })
  return { shop: data.shop, blog: data.blog }
}

type Storefront = Awaited<ReturnType<typeof storefront>>

const articleUrl = (store: Storefront, handle: string) =>
  `${store.shop.primaryDomain.url.replace(/\/$/, '')}/blogs/${store.blog.handle}/${handle}`

const articleSchema = z.object({ id: z.string(), handle: z.string() })

function articleInput(article: PublishableArticle) {
  return {
    title: article.title,
    handle: article.slug,
    body: article.html,
    summary: article.excerpt ? `<p>${escapeHtml(article.excerpt)}</p>` : null,
    tags: article.tags,
    isPublished: true,
    publishDate: article.publishedAt.toISOString(),
    image: article.featuredImage ? { url: article.featuredImage.url, altText: article.featuredImage.alt } : null,
    metafields: [
      { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: article.metaTitle || article.title },
      { namespace: 'global', key: 'description_tag', type: 'multi_line_text_field', value: article.metaDescription || article.excerpt },
    ].filter((metafield) => metafield.value),
  }
}

function escapeHtml(value: string) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

const CREATE = `mutation CreateArticle($article: ArticleCreateInput!) {
  articleCreate(article: $article) {
    article { id handle }
    userErrors { field message code }
  }
}`

const UPDATE = `mutation UpdateArticle($id: ID!, $article: ArticleUpdateInput!) {
  articleUpdate(id: $id, article: $article) {
    article { id handle }
    userErrors { field message code }
  }
}`

const FIND = `query FindArticle($query: String!) {
  articles(first: 5, query: $query) { nodes { id handle blog { id } } }
}`

const payloadSchema = z.object({ article: articleSchema.nullable(), userErrors: userErrorsSchema })
const MUTATIONS = {
  articleCreate: z.object({ articleCreate: payloadSchema }).transform((data) => data.articleCreate),
  articleUpdate: z.object({ articleUpdate: payloadSchema }).transform((data) => data.articleUpdate),
}

async function writeArticle(context: Context, name: keyof typeof MUTATIONS, document: string, variables: Record<string, unknown>) {
  const payload = await graphql(context, document, variables, MUTATIONS[name])
  rejectUserErrors(payload.userErrors)
  if (!payload.article)
    throw new ProviderError({ provider: PROVIDER, kind: 'malformed', message: `Shopify answered ${name} without the article or an error.` })
  return payload.article
}

export const shopifyConnector: Connector<'shopify'> = {
  type: 'shopify',

  async test(context) {
    const store = await storefront(context)
    return { account: `Shopify store “${store.shop.name}”, blog “${store.blog.title}”` }
  },

  async find(context, article) {
    const query = `blog_id:${context.config.blogId} AND handle:${article.slug}`
    const data = await graphql(
      context,
      FIND,
      { query },
      z.object({ articles: z.object({ nodes: z.array(articleSchema.extend({ blog: z.object({ id: z.string() }) })) }) }),
    )
    const found = data.articles.nodes.find((node) => node.handle === article.slug && node.blog.id === blogGid(context))
    if (!found) return null
    return { externalId: found.id, url: articleUrl(await storefront(context), found.handle) }
  },

  async create(context, article) {
    const store = await storefront(context)
    const created = await writeArticle(context, 'articleCreate', CREATE, {
      article: { ...articleInput(article), blogId: blogGid(context), author: { name: context.config.authorName || store.shop.name } },
    })
    return { externalId: created.id, url: articleUrl(store, created.handle) } satisfies PublishedPost
  },

  async update(context, externalId, article) {
    const store = await storefront(context)
    const input = { ...articleInput(article), ...(context.config.authorName ? { author: { name: context.config.authorName } } : {}) }
    const updated = await writeArticle(context, 'articleUpdate', UPDATE, { id: externalId, article: input })
    return { externalId: updated.id, url: articleUrl(store, updated.handle) }
  },

  async unpublish(context, externalId) {
    const payload = await graphql(context, UPDATE, { id: externalId, article: { isPublished: false } }, MUTATIONS.articleUpdate)
    // An article deleted in Shopify is already off the site.
    if (payload.userErrors.some((error) => error.code === 'NOT_FOUND')) return
    rejectUserErrors(payload.userErrors)
  },
}
