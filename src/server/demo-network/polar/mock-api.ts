import { HttpResponse } from 'msw'
import { withFaults } from '../mock-faults'
import { polarStore } from './store'

/** What the stand-in Polar's routes share: its refusals, paging, body reading and the org-token check. */

export type Json = Record<string, unknown>
export type Metadata = Record<string, string | number | boolean>

export const unauthorized = () =>
  HttpResponse.json(
    { error: 'Unauthorized', detail: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.' },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="polar", error="invalid_token"' } },
  )

export const notFound = () => HttpResponse.json({ error: 'ResourceNotFound', detail: 'Not found' }, { status: 404 })

export function validationError(loc: Array<string | number>, msg: string, input: unknown = null) {
  return HttpResponse.json({ detail: [{ loc, msg, type: 'value_error', input }] }, { status: 422 })
}

export function bearer(request: Request) {
  const match = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')
  return match?.[1]
}

/** Any organization token works, except the literal "wrong" that tests use for a bad key. */
const authorized = (request: Request) => {
  const token = bearer(request)
  return Boolean(token) && token !== 'wrong'
}

export function page<T>(items: T[], url: URL) {
  const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 10))
  const pageNumber = Math.max(1, Number(url.searchParams.get('page') ?? 1))
  return {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    pagination: { total_count: items.length, max_page: Math.max(1, Math.ceil(items.length / limit)) },
  }
}

export async function body(request: Request): Promise<Json> {
  const parsed: unknown = await request.json().catch(() => ({}))
  return parsed && typeof parsed === 'object' ? (parsed as Json) : {}
}

export const nowIso = () => new Date().toISOString()

export interface PolarMockOptions {
  baseUrl?: string
  appUrl: string
}

/** One stand-in Polar: its API address, the app whose pages it links to, and the org-token gate. */
export type PolarApi = ReturnType<typeof polarApi>

export function polarApi(options: PolarMockOptions) {
  const base = (options.baseUrl ?? 'https://sandbox-api.polar.sh').replace(/\/$/, '')
  const appUrl = options.appUrl.replace(/\/$/, '')
  const store = polarStore

  const authed = (resolver: (args: { request: Request; params: Record<string, string> }) => Promise<Response> | Response) =>
    withFaults('polar', async ({ request, params }) =>
      authorized(request) ? resolver({ request, params: params as Record<string, string> }) : unauthorized(),
    )

  return { base, appUrl, store, authed }
}
