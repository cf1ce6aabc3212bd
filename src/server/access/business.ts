import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business, user } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { pickCurrentBusiness } from '~/shared/current-business'
import { BUSINESS_ACCESS_ERRORS } from './access.errors'

/**
 * Which business a call works on, and whether it is the caller's: the business checks of the
 * procedure builders (src/server/rpc/procedures.ts), and of the services that take a business id.
 */

export type Business = typeof business.$inferSelect

/** The user's businesses, oldest first. */
export const businessesOf = (db: Database, userId: string) =>
  db.select().from(business).where(eq(business.userId, userId)).orderBy(asc(business.createdAt), asc(business.id))

export async function selectionOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ selectedBusiness: user.selectedBusiness }).from(user).where(eq(user.id, userId))
  return row?.selectedBusiness ?? null
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
  if (!row) throw appError(BUSINESS_ACCESS_ERRORS.BUSINESS_NOT_FOUND)
  return row
}

/**
 * The business the user is working on: the selected one, else the oldest. Read from the user
 * row, not the session, because the session cookie cache can be a minute stale after a switch.
 * Undefined when the user has no business yet; a selection that is not the user's own (a forged
 * or corrupted value) is FORBIDDEN.
 */
export async function findCurrentBusiness(db: Database, userId: string): Promise<Business | undefined> {
  const [rows, selection] = await Promise.all([businessesOf(db, userId), selectionOf(db, userId)])
  const current = pickCurrentBusiness(rows, selection)
  if (!current && selection) throw appError(BUSINESS_ACCESS_ERRORS.BUSINESS_ACCESS_DENIED)
  return current
}

/** Like findCurrentBusiness, but a user without any business is sent to /setup. */
export async function resolveCurrentBusiness(db: Database, userId: string): Promise<Business> {
  const current = await findCurrentBusiness(db, userId)
  if (!current) throw appError(BUSINESS_ACCESS_ERRORS.BUSINESS_REQUIRED, { redirectTo: '/setup' })
  return current
}
