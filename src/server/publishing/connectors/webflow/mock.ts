import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'

/**
 * Webflow Data API v2, the endpoints our publisher calls: Bearer site token, errors as
 * {code, message, externalReference, details}. The collection has a schema (GET
 * /collections/{id}) and an item's fieldData may hold only the fields it describes, each of its
 * type (an image by an absolute URL, a rich text whose images are absolute, a boolean isDraft).
 * Items: list (staged, `?slug=` / `?name=` exact filters), create live (`/items/live` → 202),
 * update live (PATCH `/items/{itemId}/live`), unpublish (DELETE `/items/{itemId}/live` → 204:
 * the item stays in the CMS, off the site).
 * Sites: GET /sites (the token's sites), GET /sites/{id}/collections.
 * Assets, in two steps as Webflow has them: POST /sites/{id}/assets with `fileName` and `fileHash`
 * (the file's MD5) answers an S3 presigned POST (`uploadUrl`, `uploadDetails`) and the asset's
 * `hostedUrl`; the file then goes to that bucket as multipart form data, the policy's fields
 * first and the file last, without Webflow's token. The bucket refuses an image over Webflow's
 * 4 MB limit (`EntityTooLarge`) and fields that differ from the policy (`AccessDenied`), in
 * S3's XML. GET /assets/{id} answers an asset until it is deleted.
 */

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
const WEBFLOW_DOCUMENT_LIMIT = 10 * 1024 * 1024

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

const state = { items: [] as WebflowItem[], assets: [] as WebflowAsset[] }

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

const webflowError = (status: number, code: string, message: string, details: unknown[] = []) =>
  HttpResponse.json({ code, message, externalReference: null, details }, { status })

const hexId = (...parts: string[]) => createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)

/** Webflow ids are 24 hex chars; a collection id of another form does not exist. */
const COLLECTION_ID = /^[0-9a-f]{24}$/

const isAbsoluteUrl = (value: unknown) => {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The image addresses of a rich text that are not absolute (Webflow cannot fetch them). */
const relativeImages = (html: string) =>
  [...html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']([^"']*)["']/gi)].map((match) => match[1]!).filter((src) => !isAbsoluteUrl(src))

/** Webflow's checks on one field's value, or undefined when it is fine. */
function valueProblem(field: WebflowField, value: unknown, assets: readonly WebflowAsset[]) {
  if (value === null) return undefined
  switch (field.type) {
    case 'PlainText':
      if (typeof value !== 'string') return 'Value must be a string'
      if (field.maxLength !== undefined && value.length > field.maxLength) return `Value must be ${field.maxLength} characters or fewer`
      return undefined
    case 'RichText':
      if (typeof value !== 'string') return 'Value must be a string'
      return relativeImages(value).length > 0 ? `Image URL must be absolute: ${relativeImages(value)[0]}` : undefined
    case 'Image': {
      if (typeof value !== 'object' || Array.isArray(value)) return 'Image must be an object with a url'
      const { url, fileId, alt } = value as { url?: unknown; fileId?: unknown; alt?: unknown }
      if (typeof url !== 'string') return 'Image must be an object with a url'
      if (!isAbsoluteUrl(url)) return `Image URL must be absolute: ${url}`
      if (alt !== undefined && alt !== null && typeof alt !== 'string') return 'Image alt must be a string'
      if (fileId !== undefined && !assets.some((asset) => asset.id === fileId && !asset.deleted))
        return `Asset not found: ${String(fileId)}`
      return undefined
    }
    case 'Link':
      return isAbsoluteUrl(value) ? undefined : 'Value must be a valid URL'
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? undefined : 'Value must be an ISO 8601 date'
    default:
      return undefined
  }
}

/** Webflow's checks on an item's body, as {param, description} details. */
function itemProblems(
  fields: WebflowField[],
  input: { isDraft?: unknown; isArchived?: unknown; fieldData?: Record<string, unknown> } | null,
  creating: boolean,
  assets: readonly WebflowAsset[],
) {
  const details: Array<{ param: string; description: string }> = []
  for (const flag of ['isDraft', 'isArchived'] as const) {
    if (input && flag in input && typeof input[flag] !== 'boolean') details.push({ param: flag, description: 'Value must be a boolean' })
  }
  const data = input?.fieldData ?? {}
  for (const field of fields) {
    const value = data[field.slug]
    if (field.isRequired && (creating || field.slug in data) && (typeof value !== 'string' || !value))
      details.push({ param: `fieldData.${field.slug}`, description: 'Field is required' })
  }
  if (typeof data.slug === 'string' && data.slug && !/^[a-z0-9-]+$/.test(data.slug))
    details.push({ param: 'fieldData.slug', description: 'Slug must only contain lowercase letters, numbers and hyphens' })
  for (const [key, value] of Object.entries(data)) {
    const field = fields.find((candidate) => candidate.slug === key)
    const problem = field ? valueProblem(field, value, assets) : 'Field not described in schema'
    if (problem) details.push({ param: `fieldData.${key}`, description: problem })
  }
  return details
}

/** Webflow's asset types by file extension: images (4 MB at most) and documents. */
const ASSET_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  json: 'application/json',
}

/** S3's error document. */
const s3Error = (status: number, code: string, message: string) =>
  new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status,
    headers: { 'Content-Type': 'application/xml' },
  })

function serialize(item: WebflowItem) {
  return {
    id: item.id,
    cmsLocaleId: hexId('locale', item.collectionId),
    lastPublished: item.lastPublished,
    lastUpdated: item.lastUpdated,
    createdOn: item.createdOn,
    isArchived: false,
    isDraft: item.isDraft,
    fieldData: item.fieldData,
  }
}

export function webflowHandlers(
  options: { baseUrl?: string; fields?: WebflowField[]; collectionId?: string; siteId?: string } = {},
): RequestHandler[] {
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

  return [
    http.get(
      `${base}/v2/sites`,
      withFaults('webflow', ({ request }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        return HttpResponse.json({
          sites: sites.map((site) => ({
            id: site.id,
            workspaceId: hexId('workspace'),
            displayName: site.displayName,
            shortName: site.shortName,
            previewUrl: `https://screenshots.webflow.com/sites/${site.id}/preview.png`,
            timeZone: 'Europe/Paris',
            createdOn: stamp,
            lastUpdated: stamp,
            lastPublished: stamp,
            customDomains: [],
            locales: null,
          })),
        })
      }),
    ),

    http.get(
      `${base}/v2/sites/:siteId/collections`,
      withFaults('webflow', ({ request, params }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        const site = siteOf(String(params.siteId))
        if (!site) return siteNotFound()
        return HttpResponse.json({
          collections: site.collections.map((id) => ({
            id,
            displayName: id === blogCollection ? 'Blog Posts' : 'Projects',
            singularName: id === blogCollection ? 'Blog Post' : 'Project',
            slug: id === blogCollection ? 'post' : 'project',
            createdOn: stamp,
            lastUpdated: stamp,
          })),
        })
      }),
    ),

    http.get(
      `${base}/v2/collections/:collectionId`,
      withFaults('webflow', ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        const blog = collectionId === blogCollection
        return HttpResponse.json({
          id: collectionId,
          displayName: blog ? 'Blog Posts' : 'Projects',
          singularName: blog ? 'Blog Post' : 'Project',
          slug: blog ? 'post' : 'project',
          createdOn: stamp,
          lastUpdated: stamp,
          fields: fieldsOf(collectionId).map((field) => ({
            id: hexId('field', collectionId, field.slug),
            isEditable: true,
            isRequired: field.isRequired ?? false,
            type: field.type,
            slug: field.slug,
            displayName: field.displayName,
            helpText: null,
            ...(field.maxLength === undefined ? {} : { validations: { maxLength: field.maxLength } }),
          })),
        })
      }),
    ),

    http.post(
      `${base}/v2/sites/:siteId/assets`,
      withFaults('webflow', async ({ request, params }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        const site = siteOf(String(params.siteId))
        if (!site) return siteNotFound()
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        const details: Array<{ param: string; description: string }> = []
        const fileName = input?.fileName
        const fileHash = input?.fileHash
        if (typeof fileName !== 'string' || !fileName) details.push({ param: 'fileName', description: 'Field is required' })
        else if (fileName.length >= 100) details.push({ param: 'fileName', description: 'File names must be less than 100 characters' })
        if (typeof fileHash !== 'string' || !fileHash) details.push({ param: 'fileHash', description: 'Field is required' })
        else if (!/^[0-9a-f]{32}$/i.test(fileHash)) details.push({ param: 'fileHash', description: 'Must be an MD5 hash' })
        const extension = typeof fileName === 'string' ? (/\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '') : ''
        const contentType = ASSET_TYPES[extension]
        if (typeof fileName === 'string' && fileName && !contentType)
          details.push({ param: 'fileName', description: 'File type is not supported' })
        if (details.length > 0 || typeof fileName !== 'string' || typeof fileHash !== 'string' || !contentType)
          return webflowError(400, 'validation_error', 'Validation Error', details)
        const id = hexId('asset', site.id, fileHash, String(state.assets.length))
        const key = `${site.id}/${id}_${fileName}`
        const asset: WebflowAsset = {
          id,
          siteId: site.id,
          fileName,
          fileHash,
          contentType,
          key,
          hostedUrl: `${WEBFLOW_ASSET_CDN}/${key}`,
          bytes: null,
          deleted: false,
        }
        state.assets.push(asset)
        const now = new Date().toISOString()
        return HttpResponse.json({
          uploadDetails: uploadDetailsOf(asset),
          contentType,
          id,
          uploadUrl: `${WEBFLOW_ASSET_BUCKET}/`,
          assetUrl: `${WEBFLOW_ASSET_BUCKET}/${key}`,
          hostedUrl: asset.hostedUrl,
          originalFileName: fileName,
          createdOn: now,
          lastUpdated: now,
        })
      }),
    ),

    http.get(
      `${base}/v2/assets/:assetId`,
      withFaults('webflow', ({ request, params }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        const asset = state.assets.find((candidate) => candidate.id === params.assetId && !candidate.deleted && candidate.bytes)
        if (!asset) return webflowError(404, 'resource_not_found', 'Requested resource not found: The asset was not found')
        return HttpResponse.json({
          id: asset.id,
          contentType: asset.contentType,
          size: asset.bytes!.byteLength,
          siteId: asset.siteId,
          hostedUrl: asset.hostedUrl,
          originalFileName: asset.fileName,
          displayName: asset.fileName,
          lastUpdated: stamp,
          createdOn: stamp,
          variants: [],
          altText: null,
        })
      }),
    ),

    // The asset bucket: an S3 presigned POST (multipart), no Webflow credentials.
    http.post(
      `${WEBFLOW_ASSET_BUCKET}/`,
      withFaults('webflow', async ({ request }) => {
        if (request.headers.has('authorization'))
          return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm form field is supported')
        const form = await request.formData().catch(() => null)
        if (!form) return s3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
        const names = [...form.keys()]
        if (names.at(-1) !== 'file')
          return s3Error(400, 'InvalidArgument', 'Bucket POST must contain a field named file, and it must be the last field.')
        // S3 reads the form's field names without regard to case.
        const sent = new Map([...form.entries()].map(([name, value]) => [name.toLowerCase(), value]))
        const asset = state.assets.find((candidate) => candidate.key === sent.get('key'))
        if (!asset) return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed: ["eq", "$key"]')
        for (const [name, value] of Object.entries(uploadDetailsOf(asset))) {
          if (sent.get(name.toLowerCase()) !== value)
            return s3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${value}"]`)
        }
        const file = sent.get('file')
        if (!(file instanceof Blob)) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.')
        if (file.size > (asset.contentType.startsWith('image/') ? WEBFLOW_IMAGE_LIMIT : WEBFLOW_DOCUMENT_LIMIT))
          return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
        asset.bytes = new Uint8Array(await file.arrayBuffer())
        return new HttpResponse(
          `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${WEBFLOW_ASSET_BUCKET}/${asset.key}</Location><Bucket>webflow-prod-assets</Bucket><Key>${asset.key}</Key><ETag>"${createHash('md5').update(asset.bytes).digest('hex')}"</ETag></PostResponse>`,
          { status: 201, headers: { 'Content-Type': 'application/xml' } },
        )
      }),
    ),

    http.get(
      `${base}/v2/collections/:collectionId/items`,
      withFaults('webflow', ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        const search = new URL(request.url).searchParams
        const limit = Math.min(100, Number(search.get('limit') ?? 100) || 100)
        const offset = Number(search.get('offset') ?? 0) || 0
        const matching = state.items.filter(
          (item) =>
            item.collectionId === collectionId &&
            (!search.has('slug') || item.fieldData.slug === search.get('slug')) &&
            (!search.has('name') || item.fieldData.name === search.get('name')),
        )
        return HttpResponse.json({
          items: matching.slice(offset, offset + limit).map(serialize),
          pagination: { limit, offset, total: matching.length },
        })
      }),
    ),

    http.post(
      `${base}/v2/collections/:collectionId/items/live`,
      withFaults('webflow', async ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        const input = (await request.json().catch(() => null)) as { isDraft?: unknown; fieldData?: Record<string, unknown> } | null
        const fieldData = input?.fieldData
        const details = itemProblems(fieldsOf(collectionId), input, true, siteAssets(collectionId))
        if (details.length > 0 || !fieldData) return webflowError(400, 'validation_error', 'Validation Error', details)
        if (state.items.some((item) => item.collectionId === collectionId && item.fieldData.slug === fieldData.slug)) {
          return webflowError(409, 'duplicate_value', `Unique value is already in database: '${String(fieldData.slug)}'`, [
            { param: 'fieldData.slug', description: 'Unique value is already in database' },
          ])
        }
        const now = new Date().toISOString()
        const isDraft = input?.isDraft === true
        const item: WebflowItem = {
          id: hexId(collectionId, String(fieldData.slug)),
          collectionId,
          isDraft,
          isLive: !isDraft,
          fieldData,
          lastPublished: isDraft ? null : now,
          lastUpdated: now,
          createdOn: now,
        }
        state.items.push(item)
        return HttpResponse.json(serialize(item), { status: 202 })
      }),
    ),

    http.patch(
      `${base}/v2/collections/:collectionId/items/:itemId/live`,
      withFaults('webflow', async ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        const item = itemOf(collectionId, String(params.itemId))
        if (!item) return itemNotFound()
        const input = (await request.json().catch(() => null)) as { isDraft?: unknown; fieldData?: Record<string, unknown> } | null
        const details = itemProblems(fieldsOf(collectionId), input, false, siteAssets(collectionId))
        if (details.length > 0) return webflowError(400, 'validation_error', 'Validation Error', details)
        const slug = input?.fieldData?.slug
        if (
          slug !== undefined &&
          state.items.some((other) => other !== item && other.collectionId === collectionId && other.fieldData.slug === slug)
        ) {
          return webflowError(409, 'duplicate_value', `Unique value is already in database: '${String(slug)}'`, [
            { param: 'fieldData.slug', description: 'Unique value is already in database' },
          ])
        }
        const now = new Date().toISOString()
        item.fieldData = { ...item.fieldData, ...input?.fieldData }
        item.isDraft = typeof input?.isDraft === 'boolean' ? input.isDraft : item.isDraft
        item.isLive = !item.isDraft
        item.lastUpdated = now
        if (item.isLive) item.lastPublished = now
        return HttpResponse.json(serialize(item))
      }),
    ),

    http.delete(
      `${base}/v2/collections/:collectionId/items/:itemId/live`,
      withFaults('webflow', ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        const item = itemOf(collectionId, String(params.itemId))
        if (!item) return itemNotFound()
        item.isLive = false
        item.lastUpdated = new Date().toISOString()
        return new HttpResponse(null, { status: 204 })
      }),
    ),
  ]
}

/** The presigned POST's fields as Webflow answers them (the policy and signature are opaque here). */
function uploadDetailsOf(asset: WebflowAsset): Record<string, string> {
  return {
    acl: 'public-read',
    bucket: 'webflow-prod-assets',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': 'AKIAEXAMPLE/20240110/us-east-1/s3/aws4_request',
    'X-Amz-Date': '20240110T090000Z',
    key: asset.key,
    Policy: Buffer.from(JSON.stringify({ key: asset.key, contentType: asset.contentType })).toString('base64'),
    'X-Amz-Signature': hexId('signature', asset.key),
    success_action_status: '201',
    'content-type': asset.contentType,
    'Cache-Control': 'max-age=31536000, must-revalidate',
  }
}
