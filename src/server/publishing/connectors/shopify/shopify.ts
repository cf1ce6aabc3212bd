import { setTimeout as delay } from 'node:timers/promises'
import { z } from 'zod'
import { malformed, ProviderError, readJson, sanitizedExcerpt } from '~/server/providers/http'
import type { Connector, ConnectorContext, PublishableArticle, PublishableImage, PublishedPost } from '../../connector'
import { escapeHtml } from '~/shared/text'

/**
 * Shopify blog articles through the Admin GraphQL API (docs/product/publishing.md). GraphQL
 * answers HTTP 200 to most failures: top-level `errors` (throttling, missing access scope, a
 * query Shopify cannot run) and `userErrors` (the article or a file refused) are read here and
 * thrown as ProviderErrors like the HTTP ones. The article's address is the shop's primary
 * domain, the blog's handle and the article's handle; SEO title and description are the `global`
 * metafields Shopify's themes read, the JSON-LD a `json` metafield a theme can print.
 *
 * Images live in the shop's own Files: each is staged (`stagedUploadsCreate`), its bytes posted to
 * the staged target (Shopify's cloud storage, another host: no Shopify token goes there), made a
 * file (`fileCreate`) and waited for until Shopify has processed it; the body then points at the
 * Shopify CDN and the article's image is the featured file. What was uploaded is remembered per
 * publication by content hash (ConnectorContext.media), so publishing again uploads nothing twice.
 * Every document sent here is checked against Shopify's published schema for SHOPIFY_API_VERSION
 * (shopify-schema.test.ts, beside this file).
 */

const PROVIDER = 'Shopify'
/** What the app's token needs: articles (`articleCreate`, `articleUpdate`) and files (`fileCreate`); each write scope includes its read. */
export const SHOPIFY_ACCESS_SCOPES = ['write_content', 'write_files'] as const
/** A stable version inside Shopify's 12-month support window; an older one is silently served as the oldest supported. */
export const SHOPIFY_API_VERSION = '2026-07'

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
      message: `Shopify refused the request (${detail}). Give the app the ${SHOPIFY_ACCESS_SCOPES.join(' and ')} access scopes (Settings → Apps → Develop apps), then install it again.`,
    })
  return new ProviderError({ provider: PROVIDER, kind: 'rejected', message: `Shopify rejected the request: ${detail}` })
}

/** userErrors are Shopify refusing this input: final, in its own words (`what`: "the article", "the image “x.png”"). */
function rejectUserErrors(userErrors: z.output<typeof userErrorsSchema>, what = 'the article') {
  if (userErrors.length === 0) return
  const detail = sanitizedExcerpt(userErrors.map((error) => error.message).join('; '))
  throw new ProviderError({ provider: PROVIDER, kind: 'rejected', message: `Shopify refused ${what}: ${detail}` })
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

/** Shopify's limit for an image file (Files, article images): 20 MB. */
export const SHOPIFY_MAX_IMAGE_BYTES = 20 * 1024 * 1024
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

/** How long a new file may take to be processed: the waits between reads of its status. */
export interface FileWait {
  delaysMs: number[]
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}
const FILE_WAIT: FileWait = { delaysMs: [500, 1000, 1000, 2000, 2000, 3000, 5000, 5000, 10_000] }

const STAGE = `mutation StageImage($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`

const CREATE_FILE = `mutation CreateFile($files: [FileCreateInput!]!) {
  fileCreate(files: $files) {
    files { id fileStatus }
    userErrors { field message code }
  }
}`

const FILE = `query File($id: ID!) {
  node(id: $id) {
    ... on MediaImage { id fileStatus fileErrors { code message details } image { url width height } }
  }
}`

const stagedSchema = z.object({
  stagedUploadsCreate: z.object({
    stagedTargets: z
      .array(
        z.object({
          url: z.string().nullable(),
          resourceUrl: z.string().nullable(),
          parameters: z.array(z.object({ name: z.string(), value: z.string() })),
        }),
      )
      .nullable(),
    userErrors: userErrorsSchema,
  }),
})
const createdFileSchema = z.object({
  fileCreate: z.object({ files: z.array(z.object({ id: z.string(), fileStatus: z.string() })).nullable(), userErrors: userErrorsSchema }),
})
const fileSchema = z.object({
  node: z
    .object({
      id: z.string().optional(),
      fileStatus: z.string().optional(),
      fileErrors: z.array(z.object({ code: z.string(), message: z.string(), details: z.string().nullish() })).optional(),
      image: z.object({ url: z.string(), width: z.number().nullish(), height: z.number().nullish() }).nullish(),
    })
    .nullable(),
})

const named = (image: PublishableImage) => `the image “${image.filename}”`

/** The file's bytes to the staged target: a multipart form of its parameters, the file last, and no Shopify credentials. */
async function postToStagedTarget(
  context: Context,
  image: PublishableImage,
  target: { url: string; parameters: Array<{ name: string; value: string }> },
) {
  const form = new FormData()
  for (const { name, value } of target.parameters) form.append(name, value)
  form.append('file', new Blob([image.bytes], { type: image.contentType }), image.filename)
  try {
    await context.fetch(target.url, { method: 'POST', body: form, signal: context.signal })
  } catch (error) {
    // The storage answers for the staged target, not for the shop's token: its 4xx (403 on a
    // policy or signature it refuses) is this file refused, never the connection broken.
    if (error instanceof ProviderError && (error.kind === 'auth' || error.kind === 'rejected') && error.status) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'rejected',
        status: error.status,
        message: `Shopify’s file storage refused ${named(image)} (HTTP ${error.status}). Use a PNG, JPEG or WebP image under 20 MB, then publish the article again.`,
        cause: error,
      })
    }
    throw error
  }
}

/** Stages the image, posts its bytes and makes it a file: answers the new file's id. */
async function uploadImage(context: Context, image: PublishableImage) {
  if (!IMAGE_TYPES.has(image.contentType) || image.bytes.byteLength > SHOPIFY_MAX_IMAGE_BYTES) {
    throw new ProviderError({
      provider: PROVIDER,
      kind: 'rejected',
      message: `Shopify does not take ${named(image)} (${image.contentType}, ${Math.ceil(image.bytes.byteLength / 1024)} KB): images must be PNG, JPEG or WebP under 20 MB. Change the article's image, then publish it again.`,
    })
  }
  const staged = await graphql(
    context,
    STAGE,
    {
      input: [
        {
          resource: 'IMAGE',
          httpMethod: 'POST',
          filename: image.filename,
          mimeType: image.contentType,
          fileSize: String(image.bytes.byteLength),
        },
      ],
    },
    stagedSchema,
  )
  rejectUserErrors(staged.stagedUploadsCreate.userErrors, named(image))
  const target = staged.stagedUploadsCreate.stagedTargets?.[0]
  if (!target?.url || !target.resourceUrl)
    throw new ProviderError({
      provider: PROVIDER,
      kind: 'malformed',
      message: `Shopify answered stagedUploadsCreate without a target for ${named(image)}.`,
    })
  await postToStagedTarget(context, image, { url: target.url, parameters: target.parameters })
  const created = await graphql(
    context,
    CREATE_FILE,
    { files: [{ originalSource: target.resourceUrl, alt: image.alt, contentType: 'IMAGE' }] },
    createdFileSchema,
  )
  rejectUserErrors(created.fileCreate.userErrors, named(image))
  const file = created.fileCreate.files?.[0]
  if (!file)
    throw new ProviderError({
      provider: PROVIDER,
      kind: 'malformed',
      message: `Shopify answered fileCreate without the file for ${named(image)}.`,
    })
  return file.id
}

/**
 * The file once Shopify has processed it: its CDN address and size. A file that failed is final
 * (Shopify's words); one still processing after the wait is a timeout, retried later; one that no
 * longer exists (deleted from Files) is null.
 */
async function readyFile(context: Context, image: PublishableImage, id: string, wait: FileWait) {
  const sleep = wait.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }))
  for (let attempt = 0; ; attempt++) {
    const { node } = await graphql(context, FILE, { id }, fileSchema)
    if (!node || !node.id) return null
    if (node.fileStatus === 'FAILED') {
      const said = sanitizedExcerpt((node.fileErrors ?? []).map((error) => error.details || error.message).join('; '))
      const detail = said.replace(/[.!?…]$/, '') || 'processing failed'
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'rejected',
        message: `Shopify could not process ${named(image)}: ${detail}. Use a PNG, JPEG or WebP image under 20 MB, then publish the article again.`,
      })
    }
    if (node.fileStatus === 'READY' && node.image?.url) return { id: node.id, url: node.image.url }
    const pause = wait.delaysMs[attempt]
    if (pause === undefined) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'timeout',
        message: `Shopify was still processing ${named(image)} after ${Math.round(wait.delaysMs.reduce((sum, ms) => sum + ms, 0) / 1000)} seconds. Publishing tries again later.`,
      })
    }
    await sleep(pause, context.signal)
  }
}

/**
 * Every image of the article in the shop's Files, by content hash: a file this publication made
 * before is reused while Shopify still has it (one deleted from Files is uploaded again); a new
 * one is remembered as soon as it exists, so a retry after a timeout waits for it instead of
 * uploading it twice.
 */
async function shopifyImages(context: Context, article: PublishableArticle, wait: FileWait) {
  const ledger = context.media
  const files = new Map<string, string>()
  for (const image of article.images) {
    if (files.has(image.hash)) continue
    let recorded = ledger?.uploaded[image.hash]
    let file = recorded ? await readyFile(context, image, recorded.id, wait) : null
    if (recorded && !file) await ledger?.remember(image.hash, null)
    if (!file) {
      const id = await uploadImage(context, image)
      recorded = { id, url: '' }
      await ledger?.remember(image.hash, recorded)
      file = await readyFile(context, image, id, wait)
      if (!file)
        throw new ProviderError({ provider: PROVIDER, kind: 'malformed', message: `Shopify lost ${named(image)} right after creating it.` })
    }
    if (file.url !== recorded?.url || file.id !== recorded.id) await ledger?.remember(image.hash, file)
    files.set(image.hash, file.url)
  }
  return files
}

/** The JSON-LD blocks as one JSON value: the block itself, or the array of several. */
function jsonLdValue(jsonLd: unknown[]) {
  if (jsonLd.length === 0) return ''
  return JSON.stringify(jsonLd.length === 1 ? jsonLd[0] : jsonLd)
}

/** Single-line text: Shopify refuses line breaks in a single_line_text_field. */
const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ').trim()

function articleInput(article: PublishableArticle, files: Map<string, string>) {
  const featured = article.featuredImage
  const featuredUrl = featured ? files.get(featured.hash) : undefined
  return {
    title: article.title,
    handle: article.slug,
    // Our image addresses become the files in the shop's Files (Shopify's CDN).
    body: article.images.reduce(
      (html, image) => html.replaceAll(`src="${image.url}"`, `src="${files.get(image.hash) ?? image.url}"`),
      article.html,
    ),
    summary: article.excerpt ? `<p>${escapeHtml(article.excerpt)}</p>` : null,
    tags: article.tags,
    isPublished: true,
    publishDate: article.publishedAt.toISOString(),
    image: featured && featuredUrl ? { url: featuredUrl, altText: featured.alt } : null,
    metafields: [
      { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: oneLine(article.metaTitle || article.title) },
      {
        namespace: 'global',
        key: 'description_tag',
        type: 'single_line_text_field',
        value: oneLine(article.metaDescription || article.excerpt),
      },
      { namespace: 'rankpilot', key: 'json_ld', type: 'json', value: jsonLdValue(article.jsonLd) },
    ].filter((metafield) => metafield.value),
  }
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

/** Every GraphQL document the connector sends, for the schema test. */
export const SHOPIFY_DOCUMENTS = { STOREFRONT, FIND, CREATE, UPDATE, STAGE, CREATE_FILE, FILE }

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

/** The connector; `fileWait` is how long a new image may take to be processed (tests shorten it). */
export function createShopifyConnector(options: { fileWait?: FileWait } = {}): Connector<'shopify'> {
  const wait = options.fileWait ?? FILE_WAIT
  return {
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
      const files = await shopifyImages(context, article, wait)
      const created = await writeArticle(context, 'articleCreate', CREATE, {
        article: {
          ...articleInput(article, files),
          blogId: blogGid(context),
          author: { name: context.config.authorName || store.shop.name },
        },
      })
      return { externalId: created.id, url: articleUrl(store, created.handle) } satisfies PublishedPost
    },

    async update(context, externalId, article) {
      const store = await storefront(context)
      const files = await shopifyImages(context, article, wait)
      const input = {
        ...articleInput(article, files),
        ...(context.config.authorName ? { author: { name: context.config.authorName } } : {}),
      }
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
}

export const shopifyConnector = createShopifyConnector()
