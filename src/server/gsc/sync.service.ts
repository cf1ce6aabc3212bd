import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { gscData, gscSearchAnalytics } from '~/server/db/schema'
import { logger } from '~/server/logger'
import type { GscRow, SearchConsoleClient } from '~/server/providers/gsc/client'
import { ProviderError } from '~/server/providers/http'
import { addDays, addMonths, endOfMonth, HISTORY_MONTHS, isoDay, LAG_DAYS, maxDay, minDay } from './dates'
import { recordHistory } from '~/server/history/record'

/**
 * The Search Console sync of a business's property (docs/product/search-console.md): Search
 * Analytics by date × query × page into gsc_search_analytics.
 *
 * One algorithm for the backfill and the daily run. The range starts 3 days (the lag window)
 * before `syncedThrough`, so the days Google was still filling in are fetched again; without a
 * `syncedThrough` it starts 16 months back. It ends yesterday. The range goes in calendar-month
 * chunks, oldest first; each chunk's rows are paged 25,000 at a time by the client, upserted on
 * their natural key, and then `syncedThrough` moves to the chunk's end: a retried job continues
 * from the last chunk it finished, and rewriting a row is harmless (the job rule in
 * src/server/jobs/define.ts). 429 and 5xx are retried with backoff by the provider fetch; tokens
 * are refreshed by better-auth before each request. When Google refuses the saved access (revoked,
 * refresh token no longer valid, property access removed) the connection is marked `reconnect`
 * and the daily sync leaves it alone until the property is chosen again.
 */

/** Rows per insert statement, sent as one JSON parameter: a few megabytes at most. */
const INSERT_BATCH = 10_000

export interface SyncRange {
  startDate: string
  endDate: string
}

/** The first day the backfill asks for, on a given day. */
export const backfillStart = (today: string) => addMonths(addDays(today, -1), -HISTORY_MONTHS)

/** The days the next sync fetches, in month chunks (see the module comment). Empty when up to date. */
export function syncChunks(syncedThrough: string | null, today: string): SyncRange[] {
  const end = addDays(today, -1)
  const start = maxDay(syncedThrough ? addDays(syncedThrough, -LAG_DAYS) : backfillStart(today), backfillStart(today))
  const chunks: SyncRange[] = []
  for (let from = start; from <= end; from = addDays(endOfMonth(from), 1)) {
    chunks.push({ startDate: from, endDate: minDay(endOfMonth(from), end) })
  }
  return chunks
}

/**
 * Upserts rows of `date, query, page` on the natural key: a second write of a row replaces the
 * first. Each batch travels as one JSON parameter (jsonb_to_recordset): far cheaper to send and
 * parse than eight parameters a row.
 */
export async function storeRows(db: Database, businessId: string, rows: GscRow[]) {
  for (let at = 0; at < rows.length; at += INSERT_BATCH) {
    const batch = rows.slice(at, at + INSERT_BATCH).map((row) => ({
      date: row.keys[0],
      query: row.keys[1],
      page: row.keys[2],
      clicks: Math.round(row.clicks),
      impressions: Math.round(row.impressions),
      ctr: row.ctr,
      position: row.position,
    }))
    await db.execute(sql`
      insert into ${gscSearchAnalytics} (business_id, date, query, page, clicks, impressions, ctr, position)
      select ${businessId}, r.date, r.query, r.page, r.clicks, r.impressions, r.ctr, r.position
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as r(date text, query text, page text, clicks integer, impressions integer, ctr double precision, position double precision)
      on conflict (business_id, date, query, page) do update set
        clicks = excluded.clicks, impressions = excluded.impressions, ctr = excluded.ctr, position = excluded.position
    `)
  }
}

export type SyncOutcome =
  | { status: 'synced'; chunks: number; rows: number; syncedThrough: string | null }
  | { status: 'not-connected' }
  | { status: 'reconnect'; message: string }

/** The sentence stored and shown when Google refuses the saved access. */
const reconnectMessage = (error: ProviderError) =>
  /Reconnect/i.test(error.message)
    ? error.message
    : `${error.message} Reconnect Search Console on Integrations and choose the property again.`

export interface SyncOptions {
  client: SearchConsoleClient
  now?: Date
  signal?: AbortSignal
  progress?: (done: number, total: number) => void
}

/**
 * One run of the sync for a business (re-runnable; see the module comment). A property chosen
 * while it runs (gsc.select joins this job, one per business) is synced in the same run: the pass
 * for the old one stops at its next month and a pass for the new one follows.
 */
export async function runGscSync(db: Database, businessId: string, options: SyncOptions): Promise<SyncOutcome> {
  for (let pass = 0; ; pass++) {
    const outcome = await syncPass(db, businessId, options)
    if (outcome !== 'property-changed') return outcome
    if (pass >= 4) throw new Error(`search console: the property of business ${businessId} kept changing during the sync`)
  }
}

const stillConnected = async (db: Database, connection: { id: string; siteUrl: string }) => {
  const [current] = await db.select({ siteUrl: gscData.siteUrl }).from(gscData).where(eq(gscData.id, connection.id))
  return current?.siteUrl === connection.siteUrl
}

async function syncPass(db: Database, businessId: string, options: SyncOptions): Promise<SyncOutcome | 'property-changed'> {
  const [connection] = await db.select().from(gscData).where(eq(gscData.businessId, businessId))
  if (!connection) return { status: 'not-connected' }
  if (connection.syncStatus === 'reconnect') return { status: 'reconnect', message: connection.lastError ?? '' }
  const today = isoDay(options.now ?? new Date())
  const chunks = syncChunks(connection.syncedThrough, today)
  let rows = 0
  let syncedThrough = connection.syncedThrough
  try {
    for (const [index, chunk] of chunks.entries()) {
      options.signal?.throwIfAborted()
      options.progress?.(index, chunks.length)
      const fetched = await options.client.searchAnalytics({
        siteUrl: connection.siteUrl,
        ...chunk,
        dimensions: ['date', 'query', 'page'],
      })
      // Another property was chosen meanwhile: its rows must not get this one's.
      if (!(await stillConnected(db, connection))) return 'property-changed'
      await storeRows(db, businessId, fetched)
      rows += fetched.length
      syncedThrough = maxDay(syncedThrough ?? chunk.endDate, chunk.endDate)
      // Only while the same property is connected: choosing another meanwhile starts it afresh.
      await db
        .update(gscData)
        .set({ syncedThrough, updatedAt: new Date() })
        .where(and(eq(gscData.id, connection.id), eq(gscData.siteUrl, connection.siteUrl)))
    }
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'auth') {
      const message = reconnectMessage(error)
      await db
        .update(gscData)
        .set({ syncStatus: 'reconnect', lastError: message, updatedAt: new Date() })
        .where(eq(gscData.id, connection.id))
      await recordHistory(db, {
        kind: 'search-console',
        action: 'revoked',
        status: 'failed',
        businessId,
        title: connection.siteUrl,
        error: message,
      })
      logger.warn(`search console: access refused for business ${businessId}: ${error.message}`)
      return { status: 'reconnect', message }
    }
    throw error
  }
  options.progress?.(chunks.length, chunks.length)
  const [finished] = await db
    .update(gscData)
    .set({ syncStatus: 'working', lastError: null, lastSyncAt: new Date(), updatedAt: new Date() })
    .where(and(eq(gscData.id, connection.id), eq(gscData.siteUrl, connection.siteUrl)))
    .returning({ id: gscData.id })
  if (!finished) return 'property-changed'
  await recordHistory(db, {
    kind: 'search-console',
    action: 'synced',
    businessId,
    title: connection.siteUrl,
    detail: { rows, syncedThrough },
  })
  return { status: 'synced', chunks: chunks.length, rows, syncedThrough }
}
