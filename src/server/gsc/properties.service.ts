import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import type { Business } from '~/server/access/business'
import { account, business, gscData, gscSearchAnalytics, jobRun, TERMINAL_JOB_RUN_STATES } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { GSC_SCOPE, type GscSite, type SearchConsoleClient } from '~/server/providers/gsc/client'
import { ProviderError } from '~/server/providers/http'
import { appError } from '~/server/rpc/errors'
import { enqueueGscSync, gscSyncJob } from './gsc.jobs'
import { recordHistory } from '~/server/history/record'
import { GSC_ERRORS } from './gsc.errors'

/**
 * Choosing the business's Search Console property (docs/product/search-console.md): the linked
 * Google account's properties, the one matching the business's site suggested, and the choice
 * saved with its sync started. Every failure of Google's is one of the errors below, with the way
 * back (reconnecting on /integrations); a library's error never reaches the user.
 */

const RECONNECT_ACTION = { label: 'Reconnect Search Console', path: '/integrations' }
const CONNECT_ACTION = { label: 'Connect Search Console', path: '/integrations' }

export interface PropertyView {
  siteUrl: string
  /** `domain` (sc-domain:host) or `url-prefix`. */
  type: 'domain' | 'url-prefix'
  permissionLevel: GscSite['permissionLevel']
  /** The property that covers the business's site. */
  suggested: boolean
  /** The property chosen for this business. */
  selected: boolean
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}

/**
 * Whether a property covers a site: a domain property for its host (or a parent domain of it), or
 * a URL-prefix property that is a prefix of its address (with or without www).
 */
export function propertyCovers(siteUrl: string, businessUrl: string) {
  const host = hostOf(businessUrl)
  if (!host) return false
  if (siteUrl.startsWith('sc-domain:')) {
    const domain = siteUrl.slice('sc-domain:'.length).toLowerCase()
    return host === domain || host.endsWith(`.${domain}`)
  }
  const normalize = (url: string) => url.toLowerCase().replace(/^(https?:\/\/)www\./, '$1')
  const prefix = normalize(siteUrl)
  const address = normalize(businessUrl.endsWith('/') ? businessUrl : `${businessUrl}/`)
  return address.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)
}

/** The property to suggest: a domain property first (it covers every protocol and subdomain), then the longest prefix. */
export function suggestedProperty<Site extends Pick<GscSite, 'siteUrl'>>(sites: Site[], businessUrl: string): Site | null {
  const covering = sites.filter((site) => propertyCovers(site.siteUrl, businessUrl))
  const domain = covering.find((site) => site.siteUrl.startsWith('sc-domain:'))
  return domain ?? covering.sort((a, b) => b.siteUrl.length - a.siteUrl.length)[0] ?? null
}

/** Whether the user linked a Google account, and whether it granted the Search Console scope. */
export type GoogleLink = 'not-linked' | 'scope-missing' | 'granted'

async function googleLinkOf(db: Database, userId: string): Promise<GoogleLink> {
  const [linked] = await db
    .select({ scope: account.scope })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'google')))
    .orderBy(asc(account.createdAt))
    .limit(1)
  if (!linked) return 'not-linked'
  return linked.scope?.split(/[ ,]+/).includes(GSC_SCOPE) ? 'granted' : 'scope-missing'
}

/** Before calling Google: is a Google account linked, and did it grant the Search Console scope? */
async function requireGoogleLink(db: Database, userId: string) {
  const link = await googleLinkOf(db, userId)
  if (link === 'not-linked') throw appError(GSC_ERRORS.GSC_NOT_LINKED, { action: CONNECT_ACTION })
  if (link === 'scope-missing') throw appError(GSC_ERRORS.GSC_SCOPE_MISSING, { action: CONNECT_ACTION })
}

/** Google's refusals as the app's errors: access gone → reconnect; anything else → try later. */
function searchConsoleError(error: unknown) {
  if (error instanceof ProviderError && error.kind === 'auth') return appError(GSC_ERRORS.GSC_RECONNECT, { action: RECONNECT_ACTION })
  if (error instanceof ProviderError) return appError(GSC_ERRORS.GSC_UNAVAILABLE, { message: error.message })
  logger.error('search console: unexpected error', error instanceof Error ? (error.stack ?? error.message) : error)
  return appError(GSC_ERRORS.GSC_UNAVAILABLE)
}

async function sitesOf(db: Database, userId: string, client: SearchConsoleClient) {
  await requireGoogleLink(db, userId)
  try {
    return await client.listSites()
  } catch (error) {
    throw searchConsoleError(error)
  }
}

/** What /integrations shows of the link: the chosen property and its sync state. */
export async function connectionOf(db: Database, businessId: string) {
  const [row] = await db
    .select({
      siteUrl: gscData.siteUrl,
      syncStatus: gscData.syncStatus,
      lastError: gscData.lastError,
      lastSyncAt: gscData.lastSyncAt,
      syncedThrough: gscData.syncedThrough,
      // The sync job running now, if any, for its progress (months done of the backfill).
      // (Names written out: drizzle leaves a one-table select's columns unqualified, which a subquery would misread.)
      syncJobId: sql<string | null>`(select j.id::text from ${jobRun} j
        where j.kind = ${gscSyncJob.name} and j.business_id = ${businessId}
          and j.state not in (${sql.join(
            TERMINAL_JOB_RUN_STATES.map((state) => sql`${state}`),
            sql`, `,
          )})
        order by j.created_at desc limit 1)`,
    })
    .from(gscData)
    .where(eq(gscData.businessId, businessId))
  return row ? { ...row, needsReconnect: row.syncStatus === 'reconnect' } : null
}

/**
 * The linked Google account's properties, the one covering the business's site suggested. Without
 * a Google account with the Search Console scope there is nothing to list yet: an empty answer that
 * says which (`google`), not an error, since /integrations asks on every visit before connecting.
 */
export async function listProperties(db: Database, owned: Business, client: SearchConsoleClient) {
  const [connection, google] = await Promise.all([connectionOf(db, owned.id), googleLinkOf(db, owned.userId)])
  if (google !== 'granted') return { google, properties: [] as PropertyView[], suggested: null, connection }
  const sites = await sitesOf(db, owned.userId, client)
  if (sites.length === 0) throw appError(GSC_ERRORS.GSC_NO_PROPERTIES, { action: RECONNECT_ACTION })
  const suggestion = suggestedProperty(sites, owned.url)
  const properties: PropertyView[] = sites.map((site) => ({
    siteUrl: site.siteUrl,
    type: site.siteUrl.startsWith('sc-domain:') ? 'domain' : 'url-prefix',
    permissionLevel: site.permissionLevel,
    suggested: site.siteUrl === suggestion?.siteUrl,
    selected: site.siteUrl === connection?.siteUrl,
  }))
  return { google, properties, suggested: suggestion?.siteUrl ?? null, connection }
}

/**
 * Chooses the business's property: checked against the account's own list, saved (one per
 * business; choosing another one clears the rows of the previous), `gscConnected` set, and its
 * sync started: the 16-month backfill, then the daily run.
 */
export async function selectProperty(db: Database, owned: Business, siteUrl: string, client: SearchConsoleClient) {
  const sites = await sitesOf(db, owned.userId, client)
  const site = sites.find((candidate) => candidate.siteUrl === siteUrl)
  if (!site) throw appError(GSC_ERRORS.GSC_PROPERTY_NOT_IN_ACCOUNT, { action: RECONNECT_ACTION })
  await saveProperty(db, owned.id, site)
  const sync = await enqueueGscSync(db, { userId: owned.userId, businessId: owned.id })
  return { connection: await connectionOf(db, owned.id), jobId: sync.jobId }
}

/** Saves the chosen property (a new choice, or the same one after reconnecting). Re-runnable. */
export async function saveProperty(db: Database, businessId: string, site: GscSite) {
  await db.transaction(async (tx) => {
    const [previous] = await tx.select({ siteUrl: gscData.siteUrl }).from(gscData).where(eq(gscData.businessId, businessId))
    const sameProperty = previous?.siteUrl === site.siteUrl
    const fields = {
      siteUrl: site.siteUrl,
      propertyType: site.siteUrl.startsWith('sc-domain:') ? 'domain' : 'url-prefix',
      permissionLevel: site.permissionLevel,
      verificationStatus: site.permissionLevel === 'siteUnverifiedUser' ? 'unverified' : 'verified',
      syncStatus: 'syncing' as const,
      lastError: null,
    }
    await tx
      .insert(gscData)
      .values({ businessId, ...fields })
      .onConflictDoUpdate({
        target: gscData.businessId,
        set: {
          ...fields,
          // Another property's data is not this one's: its rows go, and the backfill starts over.
          ...(sameProperty ? {} : { syncedThrough: null, lastSyncAt: null, connectedAt: sql`now()` }),
          updatedAt: sql`now()`,
        },
      })
    if (previous && !sameProperty) await tx.delete(gscSearchAnalytics).where(eq(gscSearchAnalytics.businessId, businessId))
    await recordHistory(tx, { kind: 'search-console', action: 'connected', businessId, title: site.siteUrl })
    await tx
      .update(business)
      .set({ gscConnected: true, updatedAt: sql`now()` })
      .where(eq(business.id, businessId))
  })
}
