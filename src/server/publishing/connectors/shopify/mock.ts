import { createHash, createHmac } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { sniffImageType } from '~/server/articles/media-store'
import { rasterSize } from '~/server/articles/raster'
import { withFaults } from '~/server/demo-network/mock-faults'

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

type FileStatus = 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED'

export interface ShopifyFile {
  id: string
  alt: string
  filename: string
  originalSource: string
  bytes: Uint8Array | null
  mimeType: string | null
  status: FileStatus
  errors: Array<{ code: string; message: string; details: string | null }>
  url: string | null
  width: number | null
  height: number | null
  reads: number
}

/** A staged target: what stagedUploadsCreate declared, and the bytes once the storage got them. */
interface StagedUpload {
  key: string
  mimeType: string
  bytes: Uint8Array | null
}

/** A request the storage host received, as a test checks it (no Shopify credentials may reach it). */
export interface StorageRequest {
  method: string
  headers: Record<string, string>
  fields: string[]
}

/** Shopify's cloud storage for staged uploads. */
export const SHOPIFY_STAGED_UPLOADS = 'https://shopify-staged-uploads.storage.googleapis.com'
const CDN = 'https://cdn.shopify.com/s/files/1/0700/0000/0001/files'
const MAX_IMAGE_BYTES = 20 * 1024 * 1024
const SIGNING_KEY = 'shopify-mock-storage'

const state = {
  nextId: 1,
  nextFileId: 1,
  articles: [] as ShopifyArticle[],
  files: [] as ShopifyFile[],
  staged: new Map<string, StagedUpload>(),
  storageRequests: [] as StorageRequest[],
  processingReads: 1,
}

export const shopifyMock = {
  get articles(): readonly ShopifyArticle[] {
    return state.articles
  },
  get files(): readonly ShopifyFile[] {
    return state.files
  },
  get storageRequests(): readonly StorageRequest[] {
    return state.storageRequests
  },
  /** How many reads of a new file answer PROCESSING before it is READY (Infinity: never). */
  processFilesAfter(reads: number) {
    state.processingReads = reads
  },
  /** A file deleted from Files in the Shopify admin. */
  removeFile(id: string) {
    state.files = state.files.filter((file) => file.id !== id)
  },
  reset() {
    state.nextId = 1
    state.nextFileId = 1
    state.articles = []
    state.files = []
    state.staged = new Map()
    state.storageRequests = []
    state.processingReads = 1
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
  const tokens = document.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/\.\.\.|[A-Za-z_][A-Za-z0-9_]*|[{}()]/g) ?? []
  const root: Selection = {}
  const stack: Selection[] = []
  let current: Selection | undefined
  let last: string | undefined
  let depthInArguments = 0
  // An inline fragment (`... on MediaImage { … }`): its fields are the enclosing selection's.
  let fragment = 0
  for (const token of tokens) {
    if (token === '(') depthInArguments++
    else if (token === ')') depthInArguments--
    else if (depthInArguments > 0) continue
    else if (token === '...') fragment = 3
    else if (fragment > 1 && token !== '{') fragment--
    else if (fragment === 1 && token === '{') {
      // `... on Type {`: the fragment's braces open no new field.
      fragment = 0
      stack.push(current!)
      last = undefined
    } else if (token === '{') {
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

const STAGED_RESOURCES = new Set([
  'BULK_MUTATION_VARIABLES',
  'COLLECTION_IMAGE',
  'FILE',
  'IMAGE',
  'MODEL_3D',
  'PRODUCT_IMAGE',
  'SHOP_IMAGE',
  'VIDEO',
])

function isJson(value: string) {
  try {
    JSON.parse(value)
    return true
  } catch {
    return false
  }
}

function fail(file: ShopifyFile, code: string, message: string, details: string) {
  file.status = 'FAILED'
  file.errors = [{ code, message, details }]
}

/** A file as `MediaImage` answers it. */
function fileView(file: ShopifyFile) {
  return {
    __typename: 'MediaImage',
    id: file.id,
    alt: file.alt,
    fileStatus: file.status,
    fileErrors: file.errors,
    mimeType: file.mimeType,
    image: file.status === 'READY' ? { url: file.url, width: file.width, height: file.height, altText: file.alt } : null,
  }
}

/** Cloud storage's XML error answer. */
function storageError(status: number, code: string, message: string, details: string) {
  return new HttpResponse(
    `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message><Details>${details}</Details></Error>`,
    {
      status,
      headers: { 'Content-Type': 'application/xml; charset=UTF-8' },
    },
  )
}

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

  /**
   * What Shopify refuses in an article's input beyond the blank title: an image that is not an
   * absolute https URL or not a raster file, a publish date that is not ISO 8601, metafields with
   * a namespace or key out of format, an unknown type or a value its type does not allow.
   */
  const inputErrors = (input: Record<string, unknown>): UserError[] => {
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
      else if (type === 'json' && !isJson(value))
        errors.push({ field: at('value'), message: 'Value is invalid JSON', code: 'INVALID_VALUE' })
    })
    return errors
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

  const stagedUploads = (inputs: unknown) => {
    const stagedTargets: Array<{ url: string; resourceUrl: string; parameters: Array<{ name: string; value: string }> }> = []
    const userErrors: Array<{ field: string[]; message: string }> = []
    const list = Array.isArray(inputs) ? (inputs as Array<Record<string, unknown>>) : []
    list.forEach((input, index) => {
      const filename = typeof input.filename === 'string' ? input.filename.trim() : ''
      const mimeType = typeof input.mimeType === 'string' ? input.mimeType.trim() : ''
      if (!filename) userErrors.push({ field: ['input', String(index), 'filename'], message: "Filename can't be blank" })
      if (!mimeType) userErrors.push({ field: ['input', String(index), 'mimeType'], message: "Mime type can't be blank" })
      if (!STAGED_RESOURCES.has(String(input.resource)))
        userErrors.push({ field: ['input', String(index), 'resource'], message: 'Resource is not a valid upload resource' })
      if (!filename || !mimeType || !STAGED_RESOURCES.has(String(input.resource))) return
      const key = `tmp/70000000001/files/${createHash('md5').update(`${state.nextFileId++}`).digest('hex')}/${encodeURIComponent(filename)}`
      state.staged.set(key, { key, mimeType, bytes: null })
      const signature = createHmac('sha256', SIGNING_KEY).update(key).digest('hex')
      const resourceUrl = `${SHOPIFY_STAGED_UPLOADS}/${key}`
      if (input.httpMethod === 'POST') {
        stagedTargets.push({
          url: `${SHOPIFY_STAGED_UPLOADS}/`,
          resourceUrl,
          parameters: [
            { name: 'Content-Type', value: mimeType },
            { name: 'success_action_status', value: '201' },
            { name: 'acl', value: 'private' },
            { name: 'key', value: key },
            { name: 'x-goog-date', value: '20261129T000000Z' },
            {
              name: 'x-goog-credential',
              value: 'merchant-assets@shopify-tiers.iam.gserviceaccount.com/20261129/auto/storage/goog4_request',
            },
            { name: 'x-goog-algorithm', value: 'GOOG4-RSA-SHA256' },
            { name: 'x-goog-signature', value: signature },
            {
              name: 'policy',
              value: Buffer.from(JSON.stringify({ conditions: [['content-length-range', 0, MAX_IMAGE_BYTES]] })).toString('base64'),
            },
          ],
        })
      } else {
        stagedTargets.push({
          url: `${resourceUrl}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=${signature}`,
          resourceUrl,
          parameters: [
            { name: 'content_type', value: mimeType },
            { name: 'acl', value: 'private' },
          ],
        })
      }
    })
    return { stagedTargets: userErrors.length > 0 ? null : stagedTargets, userErrors }
  }

  const createFiles = (inputs: unknown) => {
    const list = Array.isArray(inputs) ? (inputs as Array<Record<string, unknown>>) : []
    const userErrors: Array<UserError> = []
    list.forEach((input, index) => {
      const source = typeof input.originalSource === 'string' ? URL.parse(input.originalSource) : null
      if (!source || source.protocol !== 'https:')
        userErrors.push({
          field: ['files', String(index), 'originalSource'],
          message: 'Image URL is invalid',
          code: 'INVALID_IMAGE_SOURCE_URL',
        })
      if (typeof input.alt === 'string' && input.alt.length > 512)
        userErrors.push({
          field: ['files', String(index), 'alt'],
          message: 'Alt value exceeds the 512 character limit',
          code: 'ALT_VALUE_LIMIT_EXCEEDED',
        })
    })
    if (userErrors.length > 0) return { files: null, userErrors }
    const files = list.map((input) => {
      const source = new URL(String(input.originalSource))
      const staged = source.origin === SHOPIFY_STAGED_UPLOADS ? state.staged.get(source.pathname.slice(1)) : undefined
      const id = 31_000_000_000 + state.nextFileId++
      // duplicateResolutionMode APPEND_UUID (the default): a name already in Files gets a suffix.
      const wanted = decodeURIComponent(source.pathname.split('/').pop() ?? 'file')
      const taken = state.files.some((existing) => existing.filename === wanted)
      const file: ShopifyFile = {
        id: `gid://shopify/MediaImage/${id}`,
        alt: typeof input.alt === 'string' ? input.alt : '',
        filename: taken
          ? wanted.replace(
              /(\.[A-Za-z0-9]+)?$/,
              (extension) => `_${createHash('md5').update(String(id)).digest('hex').slice(0, 8)}${extension}`,
            )
          : wanted,
        originalSource: source.href,
        bytes: staged?.bytes ?? null,
        mimeType: staged?.mimeType ?? null,
        status: 'UPLOADED',
        errors: [],
        url: null,
        width: null,
        height: null,
        reads: 0,
      }
      state.files.push(file)
      return file
    })
    return { files: files.map(fileView), userErrors }
  }

  /** Processing, as Shopify does it in the background: each read of the file moves it on. */
  const processFile = (file: ShopifyFile) => {
    if (file.status === 'READY' || file.status === 'FAILED') return
    file.reads++
    if (!file.bytes)
      return fail(file, 'IMAGE_DOWNLOAD_FAILURE', 'Image could not be downloaded', `No file was uploaded to ${file.originalSource}`)
    if (file.bytes.byteLength > MAX_IMAGE_BYTES)
      return fail(file, 'INVALID_IMAGE_FILE_SIZE', 'Image file size is invalid', 'Images must be smaller than 20 MB')
    const size = sniffImageType(file.bytes) ? rasterSize(file.bytes) : undefined
    if (!size)
      return fail(file, 'UNSUPPORTED_IMAGE_FILE_TYPE', 'Image file type is unsupported', 'Accepted image types are JPEG, PNG, GIF and WebP')
    if (file.reads <= state.processingReads) {
      file.status = 'PROCESSING'
      return
    }
    file.status = 'READY'
    file.url = `${CDN}/${encodeURIComponent(file.filename)}?v=${1_764_000_000 + Number(file.id.split('/').pop())}`
    file.width = size.width
    file.height = size.height
  }

  return [
    http.post(`${SHOPIFY_STAGED_UPLOADS}/`, async ({ request }) => {
      const form = await request.formData().catch(() => null)
      const entries = form ? [...form.entries()] : []
      state.storageRequests.push({
        method: 'POST',
        headers: Object.fromEntries(request.headers.entries()),
        fields: entries.map(([name]) => name),
      })
      const field = (name: string) => entries.find(([entry]) => entry === name)?.[1]
      const key = String(field('key') ?? '')
      const staged = state.staged.get(key)
      const fileIndex = entries.findIndex(([name]) => name === 'file')
      // The storage reads the form up to the file: a field after it is not part of the upload.
      if (!staged || fileIndex !== entries.length - 1)
        return storageError(400, 'InvalidArgument', 'Invalid argument.', 'POST object expects the file as the last field of the form.')
      if (field('x-goog-signature') !== createHmac('sha256', SIGNING_KEY).update(key).digest('hex') || !field('policy'))
        return storageError(
          403,
          'SignatureDoesNotMatch',
          'Access denied.',
          'The request signature we calculated does not match the signature you provided.',
        )
      if (field('Content-Type') !== staged.mimeType)
        return storageError(
          403,
          'AccessDenied',
          'Access denied.',
          `Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "${staged.mimeType}"]`,
        )
      const file = field('file')
      if (!(file instanceof File)) return storageError(400, 'InvalidArgument', 'Invalid argument.', 'The form has no file.')
      if (file.size > MAX_IMAGE_BYTES)
        return storageError(
          400,
          'EntityTooLarge',
          'Your proposed upload is larger than the maximum object size specified in your Policy Document.',
          'Content-length exceeds upper bound on range',
        )
      staged.bytes = new Uint8Array(await file.arrayBuffer())
      return new HttpResponse(
        `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${SHOPIFY_STAGED_UPLOADS}/${key}</Location><Bucket>shopify-staged-uploads</Bucket><Key>${key}</Key><ETag>"${createHash('md5').update(staged.bytes).digest('hex')}"</ETag></PostResponse>`,
        { status: 201, headers: { 'Content-Type': 'application/xml; charset=UTF-8' } },
      )
    }),
    http.put(`${SHOPIFY_STAGED_UPLOADS}/*`, async ({ request }) => {
      const url = new URL(request.url)
      state.storageRequests.push({ method: 'PUT', headers: Object.fromEntries(request.headers.entries()), fields: [] })
      const key = url.pathname.slice(1)
      const staged = state.staged.get(key)
      if (!staged || url.searchParams.get('X-Goog-Signature') !== createHmac('sha256', SIGNING_KEY).update(key).digest('hex'))
        return storageError(
          403,
          'SignatureDoesNotMatch',
          'Access denied.',
          'The request signature we calculated does not match the signature you provided.',
        )
      const bytes = new Uint8Array(await request.arrayBuffer())
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        return storageError(
          400,
          'EntityTooLarge',
          'Your proposed upload is larger than the maximum object size specified in your Policy Document.',
          'Content-length exceeds upper bound on range',
        )
      staged.bytes = bytes
      return new HttpResponse(null, { status: 200 })
    }),
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
