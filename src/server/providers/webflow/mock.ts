import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * Webflow Data API v2, the CMS item endpoint our publisher calls: Bearer site token, create and
 * publish in one step (`/items/live` → 202), errors as {code, message, externalReference, details}.
 */

export interface WebflowItem {
  id: string
  collectionId: string
  isDraft: boolean
  fieldData: Record<string, unknown>
}

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

export function webflowHandlers(options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://api.webflow.com').replace(/\/$/, '')

  return [
    http.post(
      `${base}/v2/collections/:collectionId/items/live`,
      withFaults('webflow', async ({ request, params }) => {
        const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
        if (!token || token === 'wrong') return webflowError(401, 'not_authorized', 'Request not authorized')
        const collectionId = String(params.collectionId)
        if (!COLLECTION_ID.test(collectionId))
          return webflowError(404, 'resource_not_found', 'Requested resource not found: The collection was not found')
        const input = (await request.json().catch(() => null)) as { isDraft?: boolean; fieldData?: Record<string, unknown> } | null
        const fieldData = input?.fieldData
        const details: Array<{ param: string; description: string }> = []
        if (!fieldData || typeof fieldData.name !== 'string' || !fieldData.name)
          details.push({ param: 'fieldData.name', description: 'Field is required' })
        if (!fieldData || typeof fieldData.slug !== 'string' || !fieldData.slug)
          details.push({ param: 'fieldData.slug', description: 'Field is required' })
        else if (!/^[a-z0-9-]+$/.test(fieldData.slug))
          details.push({ param: 'fieldData.slug', description: 'Slug must only contain lowercase letters, numbers and hyphens' })
        if (details.length > 0 || !fieldData) return webflowError(400, 'validation_error', 'Validation Error', details)
        if (state.items.some((item) => item.collectionId === collectionId && item.fieldData.slug === fieldData.slug)) {
          return webflowError(409, 'duplicate_value', `Unique value is already in database: '${String(fieldData.slug)}'`, [
            { param: 'fieldData.slug', description: 'Unique value is already in database' },
          ])
        }
        const item: WebflowItem = {
          id: hexId(collectionId, String(fieldData.slug)),
          collectionId,
          isDraft: input?.isDraft ?? false,
          fieldData,
        }
        state.items.push(item)
        const now = new Date().toISOString()
        return HttpResponse.json(
          {
            id: item.id,
            cmsLocaleId: hexId('locale', collectionId),
            lastPublished: item.isDraft ? null : now,
            lastUpdated: now,
            createdOn: now,
            isArchived: false,
            isDraft: item.isDraft,
            fieldData,
          },
          { status: 202 },
        )
      }),
    ),
  ]
}
