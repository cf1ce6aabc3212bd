import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * Webflow Data API v2, the CMS endpoints our publisher calls: Bearer site token, errors as
 * {code, message, externalReference, details}. The collection has a schema (GET
 * /collections/{id}) and an item's fieldData may hold only the fields it describes.
 * Items: list (staged, `?slug=` / `?name=` exact filters), create live (`/items/live` → 202),
 * update live (PATCH `/items/{itemId}/live`), unpublish (DELETE `/items/{itemId}/live` → 204:
 * the item stays in the CMS, off the site).
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
}

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

const state = { items: [] as WebflowItem[] }

export const webflowMock = {
  get items(): readonly WebflowItem[] {
    return state.items
  },
  reset() {
    state.items = []
  },
}

const webflowError = (status: number, code: string, message: string, details: unknown[] = []) =>
  HttpResponse.json({ code, message, externalReference: null, details }, { status })

const hexId = (...parts: string[]) => createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)

/** Webflow ids are 24 hex chars; a collection id of another form does not exist. */
const COLLECTION_ID = /^[0-9a-f]{24}$/

/** Webflow's checks on an item's fieldData, as {param, description} details. */
function fieldProblems(fields: WebflowField[], fieldData: Record<string, unknown> | undefined, creating: boolean) {
  const details: Array<{ param: string; description: string }> = []
  const data = fieldData ?? {}
  for (const field of fields) {
    const value = data[field.slug]
    if (field.isRequired && (creating || field.slug in data) && (typeof value !== 'string' || !value))
      details.push({ param: `fieldData.${field.slug}`, description: 'Field is required' })
  }
  if (typeof data.slug === 'string' && data.slug && !/^[a-z0-9-]+$/.test(data.slug))
    details.push({ param: 'fieldData.slug', description: 'Slug must only contain lowercase letters, numbers and hyphens' })
  for (const [key, value] of Object.entries(data)) {
    const field = fields.find((candidate) => candidate.slug === key)
    if (!field) details.push({ param: `fieldData.${key}`, description: 'Field not described in schema' })
    else if (
      field.type === 'Image' &&
      value !== null &&
      (typeof value !== 'object' || typeof (value as { url?: unknown }).url !== 'string')
    )
      details.push({ param: `fieldData.${key}`, description: 'Image must be an object with a url' })
    else if ((field.type === 'PlainText' || field.type === 'RichText') && value !== null && typeof value !== 'string')
      details.push({ param: `fieldData.${key}`, description: 'Value must be a string' })
  }
  return details
}

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

export function webflowHandlers(options: { baseUrl?: string; fields?: WebflowField[] } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://api.webflow.com').replace(/\/$/, '')
  const fields = options.fields ?? WEBFLOW_BLOG_FIELDS

  /** The error answer for a bad token or an unknown collection, or undefined. */
  const refuse = (request: Request, collectionId: string) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
    if (!token || token === 'wrong') return webflowError(401, 'not_authorized', 'Request not authorized')
    if (!COLLECTION_ID.test(collectionId))
      return webflowError(404, 'resource_not_found', 'Requested resource not found: The collection was not found')
    return undefined
  }
  const itemOf = (collectionId: string, itemId: string) =>
    state.items.find((item) => item.collectionId === collectionId && item.id === itemId)
  const itemNotFound = () => webflowError(404, 'resource_not_found', 'Requested resource not found: The item was not found')

  return [
    http.get(
      `${base}/v2/collections/:collectionId`,
      withFaults('webflow', ({ request, params }) => {
        const collectionId = String(params.collectionId)
        const refused = refuse(request, collectionId)
        if (refused) return refused
        return HttpResponse.json({
          id: collectionId,
          displayName: 'Blog Posts',
          singularName: 'Blog Post',
          slug: 'post',
          createdOn: '2024-01-10T09:00:00.000Z',
          lastUpdated: '2024-01-10T09:00:00.000Z',
          fields: fields.map((field) => ({
            id: hexId('field', collectionId, field.slug),
            isEditable: true,
            isRequired: field.isRequired ?? false,
            type: field.type,
            slug: field.slug,
            displayName: field.displayName,
            helpText: null,
          })),
        })
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
        const input = (await request.json().catch(() => null)) as { isDraft?: boolean; fieldData?: Record<string, unknown> } | null
        const fieldData = input?.fieldData
        const details = fieldProblems(fields, fieldData, true)
        if (details.length > 0 || !fieldData) return webflowError(400, 'validation_error', 'Validation Error', details)
        if (state.items.some((item) => item.collectionId === collectionId && item.fieldData.slug === fieldData.slug)) {
          return webflowError(409, 'duplicate_value', `Unique value is already in database: '${String(fieldData.slug)}'`, [
            { param: 'fieldData.slug', description: 'Unique value is already in database' },
          ])
        }
        const now = new Date().toISOString()
        const isDraft = input?.isDraft ?? false
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
        const input = (await request.json().catch(() => null)) as { isDraft?: boolean; fieldData?: Record<string, unknown> } | null
        const details = fieldProblems(fields, input?.fieldData, false)
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
        item.isDraft = input?.isDraft ?? item.isDraft
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
