import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business, competitor, user } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { BUSINESS_ERRORS } from './business.errors'

export type Business = typeof business.$inferSelect

export interface CompetitorSummary {
  id: string
  url: string
  name: string | null
}

/** A business with its competitors list, which the setup view reads (spec §3, §4 step 2). */
export type BusinessWithCompetitors = Business & { competitors: CompetitorSummary[] }

/** The user's businesses, oldest first: the first one is current when none is selected (spec §3). */
export async function listBusinesses(db: Database, userId: string): Promise<BusinessWithCompetitors[]> {
  const rows = await db.select().from(business).where(eq(business.userId, userId)).orderBy(asc(business.createdAt), asc(business.id))
  if (rows.length === 0) return []
  const competitors = await db
    .select({ id: competitor.id, url: competitor.url, name: competitor.name, businessId: competitor.businessId })
    .from(competitor)
    .where(inArray(competitor.businessId, rows.map((row) => row.id)))
    .orderBy(asc(competitor.createdAt), asc(competitor.id))
  return rows.map((row) => ({
    ...row,
    competitors: competitors.filter((c) => c.businessId === row.id).map(({ id, url, name }) => ({ id, url, name })),
  }))
}

/** One of the user's businesses, or undefined when it is missing or someone else's. */
export async function findOwnedBusiness(db: Database, userId: string, businessId: string): Promise<Business | undefined> {
  const [row] = await db
    .select()
    .from(business)
    .where(and(eq(business.id, businessId), eq(business.userId, userId)))
    .limit(1)
  return row
}

/** Like findOwnedBusiness, but a missing or foreign business is NOT_FOUND. */
export async function getOwnedBusiness(db: Database, userId: string, businessId: string): Promise<Business> {
  const row = await findOwnedBusiness(db, userId, businessId)
  if (!row) throw appError(BUSINESS_ERRORS.BUSINESS_NOT_FOUND)
  return row
}

/** Makes one of the user's own businesses the selected one. */
export async function selectBusiness(db: Database, userId: string, businessId: string): Promise<Business> {
  const row = await getOwnedBusiness(db, userId, businessId)
  await db.update(user).set({ selectedBusiness: row.id }).where(eq(user.id, userId))
  return row
}

/**
 * The business the user is working on: the selected one, else the oldest. Read from the user
 * row, not the session, because the session cookie cache can be a minute stale after a switch.
 *
 * - a selection that is not the user's own (a forged or corrupted value) is FORBIDDEN;
 * - a user without any business is sent to /setup (spec §4).
 */
export async function resolveCurrentBusiness(db: Database, userId: string): Promise<Business> {
  // One round trip on every business-scoped call: the user's selection joined to the business it
  // names (only if it is theirs), or, without a selection, to their oldest business.
  const oldest = db
    .select({ id: business.id })
    .from(business)
    .where(eq(business.userId, userId))
    .orderBy(asc(business.createdAt), asc(business.id))
    .limit(1)
  const [row] = await db
    .select({ selectedBusiness: user.selectedBusiness, business })
    .from(user)
    .leftJoin(
      business,
      and(
        eq(business.userId, user.id),
        or(eq(business.id, user.selectedBusiness), and(isNull(user.selectedBusiness), eq(business.id, oldest))),
      ),
    )
    .where(eq(user.id, userId))
    .limit(1)
  if (row?.business) return row.business
  if (row?.selectedBusiness) throw appError(BUSINESS_ERRORS.BUSINESS_ACCESS_DENIED)
  throw appError(BUSINESS_ERRORS.BUSINESS_REQUIRED, { redirectTo: '/setup' })
}
