import { http, HttpResponse, type RequestHandler } from 'msw'
import { verifyAccessToken } from '../google/demo-identity'
import { withFaults } from '../mock-faults'
import { GSC_BASE_URL, GSC_SCOPE, type GscDimension } from '~/server/providers/gsc/client'
import { demoFacts, demoSitemaps, demoSites, groupFacts, type DemoPage } from './demo-data'
import { globalSlot } from '~/server/singleton'

/**
 * What the mock may learn from the app about a Google account's sites, so demo mode serves data
 * derived from the user's own site (src/server/demo/demo-search-console.ts answers it from the
 * database). Without one, every property is the stand-in site demo-data.ts derives from its name.
 */
export interface DemoSiteDirectory {
  /** Hosts of the sites this Google account's user owns in the app (their businesses). */
  ownedHosts(identity: { sub: string; email: string }): Promise<string[]>
  /** The pages of one of those sites, or null when the app knows none (the stand-in site is served). */
  pagesOf(identity: { sub: string; email: string }, siteUrl: string): Promise<DemoPage[] | null>
}

const directorySlot = globalSlot<DemoSiteDirectory | null>('__rankpilotGscDirectory')

/** Installs (or with null, removes) the process's site directory for the Search Console mock. */
export function setDemoSiteDirectory(directory: DemoSiteDirectory | null) {
  directorySlot.set(directory)
}
const currentDirectory = () => directorySlot.get() ?? null

/** Google APIs' error envelope: `{error:{code, message, status}}`. */
const googleError = (code: number, status: string, message: string) =>
  HttpResponse.json(
    { error: { code, message, errors: [{ message, domain: 'global', reason: status.toLowerCase() }], status } },
    { status: code },
  )

const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.'

/** The caller behind the Bearer token, or the 401/403 Google answers instead. */
function authorize(request: Request) {
  const token = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
  const identity = verifyAccessToken(token)
  if (!identity) return { denied: googleError(401, 'UNAUTHENTICATED', UNAUTHENTICATED) }
  if (!identity.scope.split(' ').includes(GSC_SCOPE)) {
    return { denied: googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.') }
  }
  return { identity }
}

async function sitesOf(identity: { sub: string; email: string }) {
  return demoSites(identity.email, (await currentDirectory()?.ownedHosts(identity)) ?? [])
}

/** The property named in the path (`sites/{urlencoded siteUrl}/…`), if this user may see it. */
async function siteFor(request: Request, identity: { sub: string; email: string }, base: string) {
  const rest = new URL(request.url).pathname.slice(new URL(`${base}/sites/`).pathname.length)
  const siteUrl = decodeURIComponent(rest.split('/')[0] ?? '')
  const site = (await sitesOf(identity)).find((candidate) => candidate.siteUrl === siteUrl)
  if (site) return { site }
  return {
    denied: googleError(
      403,
      'PERMISSION_DENIED',
      `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
    ),
  }
}

const DIMENSIONS = new Set<GscDimension>(['query', 'page', 'date', 'country', 'device'])
const DATE = /^\d{4}-\d{2}-\d{2}$/

interface QueryBody {
  startDate?: unknown
  endDate?: unknown
  dimensions?: unknown
  rowLimit?: unknown
  startRow?: unknown
}

function searchAnalytics(body: QueryBody, siteUrl: string, hasData: boolean, pages: DemoPage[] | null) {
  const { startDate, endDate } = body
  if (typeof startDate !== 'string' || !DATE.test(startDate) || typeof endDate !== 'string' || !DATE.test(endDate)) {
    return googleError(400, 'INVALID_ARGUMENT', 'startDate and endDate are required in YYYY-MM-DD format.')
  }
  if (startDate > endDate) return googleError(400, 'INVALID_ARGUMENT', 'startDate must be earlier than or equal to endDate.')
  const dimensions = (Array.isArray(body.dimensions) ? body.dimensions : []) as GscDimension[]
  const unknown = dimensions.find((dimension) => !DIMENSIONS.has(dimension))
  if (unknown) return googleError(400, 'INVALID_ARGUMENT', `Invalid value at 'dimensions': "${String(unknown)}"`)
  const rowLimit = typeof body.rowLimit === 'number' ? body.rowLimit : 1000
  const startRow = typeof body.startRow === 'number' ? body.startRow : 0
  if (rowLimit < 1 || rowLimit > 25_000) return googleError(400, 'INVALID_ARGUMENT', 'rowLimit must be between 1 and 25000.')

  const aggregation = dimensions.includes('page') ? 'byPage' : 'byProperty'
  const rows = hasData
    ? groupFacts(demoFacts(siteUrl, startDate, endDate, Date.now(), pages), dimensions).slice(startRow, startRow + rowLimit)
    : []
  // Search Console omits `rows` entirely when nothing matches.
  return HttpResponse.json(rows.length ? { rows, responseAggregationType: aggregation } : { responseAggregationType: aggregation })
}

/**
 * Search Console (webmasters v3) for demo mode and tests: the properties, search analytics and
 * sitemaps of the user behind the demo access token, in Google's wire shapes.
 */
export function gscHandlers(options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? GSC_BASE_URL).replace(/\/+$/, '')
  return [
    http.get(
      `${base}/sites`,
      withFaults('gsc', async ({ request }) => {
        const auth = authorize(request)
        if (auth.denied) return auth.denied
        const siteEntry = (await sitesOf(auth.identity)).map(({ siteUrl, permissionLevel }) => ({ siteUrl, permissionLevel }))
        return HttpResponse.json({ siteEntry })
      }),
    ),
    http.post(
      `${base}/sites/:site/searchAnalytics/query`,
      withFaults('gsc', async ({ request }) => {
        const auth = authorize(request)
        if (auth.denied) return auth.denied
        const found = await siteFor(request, auth.identity, base)
        if (found.denied) return found.denied
        const body = (await request.json().catch(() => null)) as QueryBody | null
        if (!body || typeof body !== 'object') return googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.')
        const pages = found.site.hasData ? ((await currentDirectory()?.pagesOf(auth.identity, found.site.siteUrl)) ?? null) : null
        return searchAnalytics(body, found.site.siteUrl, found.site.hasData, pages)
      }),
    ),
    http.get(
      `${base}/sites/:site/sitemaps`,
      withFaults('gsc', async ({ request }) => {
        const auth = authorize(request)
        if (auth.denied) return auth.denied
        const found = await siteFor(request, auth.identity, base)
        if (found.denied) return found.denied
        // Like the real API: `{}` for a property without sitemaps.
        return HttpResponse.json(found.site.hasData ? { sitemap: demoSitemaps(found.site.siteUrl) } : {})
      }),
    ),
  ]
}
