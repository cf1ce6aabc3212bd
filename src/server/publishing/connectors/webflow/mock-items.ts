import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { hexId, state, webflowError, type WebflowAsset, type WebflowField, type WebflowItem, type WebflowSite } from './mock-store'

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

/** A collection's items: list (staged), create live, update live, unpublish. */
export function itemHandlers(site: WebflowSite): RequestHandler[] {
  const { base, refuse, itemOf, itemNotFound, fieldsOf, siteAssets } = site
  return [
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
