import { createHash } from 'node:crypto'
import { HttpResponse } from 'msw'

/** The stand-in Webflow's records and what its routes share (mock.ts lists the routes). */

export interface WebflowItem {
  id: string
  collectionId: string
  isDraft: boolean
  /** Whether the item is on the published site. */
  isLive: boolean
  fieldData: Record<string, unknown>
  lastPublished: string | null
  lastUpdated: string
  createdOn: string
}

export interface WebflowField {
  slug: string
  displayName: string
  type: 'PlainText' | 'RichText' | 'Image' | 'Link' | 'DateTime' | 'Switch' | 'Option' | 'Reference' | 'MultiReference'
  isRequired?: boolean
  /** A plain-text field's limit (characters), as Webflow's `validations.maxLength`. */
  maxLength?: number
}

export interface WebflowAsset {
  id: string
  siteId: string
  fileName: string
  /** As the upload request stated it. */
  fileHash: string
  contentType: string
  /** The S3 key the presigned POST allows. */
  key: string
  hostedUrl: string
  /** The file S3 received; null until it is uploaded. */
  bytes: Uint8Array | null
  deleted: boolean
}

/** The site holding the blog collection, and another site of the same token. */
export const WEBFLOW_SITE_ID = '6512c0ffee0000000000a51e'
export const WEBFLOW_OTHER_SITE_ID = '6512c0ffee0000000000b0b0'
/** The blog collection the tests connect to. */
export const WEBFLOW_COLLECTION_ID = '6512c0ffee0000000000abcd'
/** Where the presigned POST goes, and where Webflow serves the asset from. */
export const WEBFLOW_ASSET_BUCKET = 'https://webflow-prod-assets.s3.amazonaws.com'
export const WEBFLOW_ASSET_CDN = 'https://cdn.prod.website-files.com'
/** Webflow's limit on an image asset (bytes): 4 MB. */
export const WEBFLOW_IMAGE_LIMIT = 4 * 1024 * 1024
export const WEBFLOW_DOCUMENT_LIMIT = 10 * 1024 * 1024

/** The fields of Webflow's blog template ("Blog Posts"). */
export const WEBFLOW_BLOG_FIELDS: WebflowField[] = [
  { slug: 'name', displayName: 'Name', type: 'PlainText', isRequired: true },
  { slug: 'slug', displayName: 'Slug', type: 'PlainText', isRequired: true },
  { slug: 'post-body', displayName: 'Post Body', type: 'RichText' },
  { slug: 'post-summary', displayName: 'Post Summary', type: 'PlainText' },
  { slug: 'main-image', displayName: 'Main Image', type: 'Image' },
  { slug: 'thumbnail-image', displayName: 'Thumbnail image', type: 'Image' },
  { slug: 'featured', displayName: 'Featured?', type: 'Switch' },
]

export const state = { items: [] as WebflowItem[], assets: [] as WebflowAsset[] }

export const webflowMock = {
  get items(): readonly WebflowItem[] {
    return state.items
  },
  /** Every asset created, uploaded or not. */
  get assets(): readonly WebflowAsset[] {
    return state.assets
  },
  /** Deletes an asset as a user would in the Assets panel. */
  deleteAsset(id: string) {
    const asset = state.assets.find((candidate) => candidate.id === id)
    if (asset) asset.deleted = true
  },
  reset() {
    state.items = []
    state.assets = []
  },
}

export const webflowError = (status: number, code: string, message: string, details: unknown[] = []) =>
  HttpResponse.json({ code, message, externalReference: null, details }, { status })

export const hexId = (...parts: string[]) => createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)

/** Webflow ids are 24 hex chars; a collection id of another form does not exist. */
const COLLECTION_ID = /^[0-9a-f]{24}$/

export interface WebflowMockOptions {
  baseUrl?: string
  fields?: WebflowField[]
  collectionId?: string
  siteId?: string
}

/** One stand-in account: its sites and collections, and the refusals its routes share. */
export type WebflowSite = ReturnType<typeof webflowSite>

export function webflowSite(options: WebflowMockOptions) {
  const base = (options.baseUrl ?? 'https://api.webflow.com').replace(/\/$/, '')
  const fields = options.fields ?? WEBFLOW_BLOG_FIELDS
  const blogCollection = options.collectionId ?? WEBFLOW_COLLECTION_ID
  const blogSite = options.siteId ?? WEBFLOW_SITE_ID
  const otherCollection = hexId('portfolio', blogSite)
  const sites = [
    { id: WEBFLOW_OTHER_SITE_ID, displayName: 'Portfolio', shortName: 'portfolio', collections: [otherCollection] },
    { id: blogSite, displayName: 'Roastery Blog', shortName: 'roastery-blog', collections: [blogCollection] },
  ]

  const tokenRefused = (request: Request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
    return !token || token === 'wrong' ? webflowError(401, 'not_authorized', 'Request not authorized') : undefined
  }
  /** The error answer for a bad token or an unknown collection, or undefined. */
  const refuse = (request: Request, collectionId: string) => {
    const refused = tokenRefused(request)
    if (refused) return refused
    if (!COLLECTION_ID.test(collectionId) || !sites.some((site) => site.collections.includes(collectionId)))
      return webflowError(404, 'resource_not_found', 'Requested resource not found: The collection was not found')
    return undefined
  }
  const siteOf = (siteId: string) => sites.find((site) => site.id === siteId)
  const siteNotFound = () => webflowError(404, 'resource_not_found', 'Requested resource not found: The site was not found')
  const itemOf = (collectionId: string, itemId: string) =>
    state.items.find((item) => item.collectionId === collectionId && item.id === itemId)
  const itemNotFound = () => webflowError(404, 'resource_not_found', 'Requested resource not found: The item was not found')
  const fieldsOf = (collectionId: string) => (collectionId === blogCollection ? fields : WEBFLOW_BLOG_FIELDS)
  const siteAssets = (collectionId: string) => {
    const site = sites.find((candidate) => candidate.collections.includes(collectionId))
    return state.assets.filter((asset) => asset.siteId === site?.id)
  }
  const stamp = '2024-01-10T09:00:00.000Z'

  return {
    base,
    fields,
    blogCollection,
    sites,
    tokenRefused,
    refuse,
    siteOf,
    siteNotFound,
    itemOf,
    itemNotFound,
    fieldsOf,
    siteAssets,
    stamp,
  }
}
