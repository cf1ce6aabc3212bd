import { HttpResponse } from 'msw'

/** The stand-in shop's records and what its routes share (mock.ts lists the routes). */

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
export const CDN = 'https://cdn.shopify.com/s/files/1/0700/0000/0001/files'
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024
export const SIGNING_KEY = 'shopify-mock-storage'

export const state = {
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

export const BLOG_GID = /^gid:\/\/shopify\/Blog\/(\d+)$/

export function handleize(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export type UserError = { field: string[]; message: string; code: string }

/** A file as `MediaImage` answers it. */
export function fileView(file: ShopifyFile) {
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
export function storageError(status: number, code: string, message: string, details: string) {
  return new HttpResponse(
    `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message><Details>${details}</Details></Error>`,
    {
      status,
      headers: { 'Content-Type': 'application/xml; charset=UTF-8' },
    },
  )
}

export interface ShopifyMockOptions {
  baseUrl?: string
  accessToken?: string
  shopName?: string
  blogs?: Record<string, { title: string; handle: string }>
}

/** One stand-in shop: its address, name, blogs and how an article reads. */
export type ShopifyShop = ReturnType<typeof shopifyShop>

export function shopifyShop(options: ShopifyMockOptions) {
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

  return { base, shopName, blogOf, articleView, search }
}
