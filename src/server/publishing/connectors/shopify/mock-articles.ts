import { handleize, state, type ShopifyArticle, type ShopifyShop, type UserError } from './mock-store'

/** The metafield types Shopify takes (the ones an article's metafields use, and their common kin). */
const METAFIELD_TYPES = new Set([
  'single_line_text_field',
  'multi_line_text_field',
  'rich_text_field',
  'json',
  'url',
  'boolean',
  'number_integer',
  'number_decimal',
  'date',
  'date_time',
  'color',
  'file_reference',
  'product_reference',
  'page_reference',
  'list.single_line_text_field',
])

function isJson(value: string) {
  try {
    JSON.parse(value)
    return true
  } catch {
    return false
  }
}

function articleFields(article: ShopifyArticle, input: Record<string, unknown>) {
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

/**
 * What Shopify refuses in an article's input beyond the blank title: an image that is not an
 * absolute https URL or not a raster file, a publish date that is not ISO 8601, metafields with
 * a namespace or key out of format, an unknown type or a value its type does not allow.
 */
function inputErrors(input: Record<string, unknown>): UserError[] {
  const errors: UserError[] = []
  const image = input.image as { url?: unknown } | null | undefined
  if (image && image.url !== undefined && image.url !== null) {
    const url = typeof image.url === 'string' ? URL.parse(image.url) : null
    if (!url || url.protocol !== 'https:')
      errors.push({ field: ['article', 'image', 'url'], message: 'Image URL must be an absolute https URL', code: 'INVALID' })
    else if (/\.svg$/i.test(url.pathname))
      errors.push({
        field: ['article', 'image', 'url'],
        message: 'Image could not be uploaded: SVG is not a supported image type',
        code: 'UPLOAD_FAILED',
      })
  }
  if (input.publishDate !== undefined && input.publishDate !== null && Number.isNaN(Date.parse(String(input.publishDate))))
    errors.push({ field: ['article', 'publishDate'], message: 'Publish date is invalid', code: 'INVALID_PUBLISH_DATE' })
  const metafields = Array.isArray(input.metafields) ? (input.metafields as Array<Record<string, unknown>>) : []
  metafields.forEach((metafield, index) => {
    const at = (name: string) => ['article', 'metafields', String(index), name]
    const { namespace, key, type, value } = metafield
    if (typeof namespace !== 'string' || !/^[A-Za-z0-9_-]{3,255}$/.test(namespace))
      errors.push({
        field: at('namespace'),
        message: 'Namespace must be 3-255 characters: letters, numbers, hyphens and underscores',
        code: 'INVALID',
      })
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{2,64}$/.test(key))
      errors.push({
        field: at('key'),
        message: 'Key must be 2-64 characters: letters, numbers, hyphens and underscores',
        code: 'INVALID',
      })
    if (typeof type !== 'string' || !METAFIELD_TYPES.has(type))
      errors.push({ field: at('type'), message: `Type ${String(type)} is not a valid metafield type`, code: 'INVALID_TYPE' })
    else if (typeof value !== 'string') errors.push({ field: at('value'), message: 'Value must be a string', code: 'INVALID_VALUE' })
    else if (type === 'single_line_text_field' && /[\r\n]/.test(value))
      errors.push({ field: at('value'), message: 'Value must be a single line of text', code: 'INVALID_VALUE' })
    else if (type === 'json' && !isJson(value)) errors.push({ field: at('value'), message: 'Value is invalid JSON', code: 'INVALID_VALUE' })
  })
  return errors
}

/** articleCreate and articleUpdate: the checks Shopify makes, then the stored article as Shopify answers it. */
export function articleMutations(shop: ShopifyShop) {
  const { blogOf, articleView } = shop

  const uniqueHandle = (wanted: string, except?: ShopifyArticle) =>
    state.articles.some((existing) => existing !== except && existing.handle === wanted) ? `${wanted}-${state.nextId}` : wanted

  const createArticle = (input: Record<string, unknown>) => {
    const userErrors: UserError[] = []
    const title = typeof input.title === 'string' ? input.title.trim() : ''
    if (!title) userErrors.push({ field: ['article', 'title'], message: "Title can't be blank", code: 'BLANK' })
    if (!blogOf(input.blogId)) userErrors.push({ field: ['article', 'blogId'], message: 'Blog does not exist', code: 'NOT_FOUND' })
    const author = (input.author as { name?: string } | undefined)?.name
    if (!author) userErrors.push({ field: ['article', 'author'], message: 'Author must be specified', code: 'AUTHOR_FIELD_REQUIRED' })
    userErrors.push(...inputErrors(input))
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
    const refused = inputErrors(input)
    if (refused.length > 0) return { article: null, userErrors: refused }
    if (typeof input.handle === 'string' && input.handle) article.handle = uniqueHandle(handleize(input.handle), article)
    articleFields(article, input)
    return { article: articleView(article), userErrors: [] as UserError[] }
  }

  return { createArticle, updateArticle }
}
