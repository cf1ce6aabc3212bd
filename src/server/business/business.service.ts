import { ORPCError } from '@orpc/server'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business, competitor, user } from '~/server/db/schema'
import { assertCanCreateBusiness } from '~/server/billing/plan-limits'
import { appError, type AppErrorData } from '~/server/rpc/errors'
import { pickCurrentBusiness } from '~/shared/current-business'
import { businessesOf, getOwnedBusiness, selectionOf, type Business } from '~/server/access/business'
import { BUSINESS_ERRORS, BUSINESS_SAVE_ERRORS } from './business.errors'
import { recordHistory } from '~/server/history/record'

export interface CompetitorSummary {
  id: string
  url: string
  name: string | null
}

/** A business with its competitors list (the setup view counts it) and whether it is the current one. */
export type BusinessWithCompetitors = Business & { competitors: CompetitorSummary[]; isCurrent: boolean }

/**
 * The user's businesses, oldest first, each with its competitors; the current one (see
 * pickCurrentBusiness) is marked, so no client works the rule out again.
 */
export async function listBusinesses(db: Database, userId: string): Promise<BusinessWithCompetitors[]> {
  const [rows, selection] = await Promise.all([businessesOf(db, userId), selectionOf(db, userId)])
  if (rows.length === 0) return []
  const current = pickCurrentBusiness(rows, selection)
  const competitors = await db
    .select({ id: competitor.id, url: competitor.url, name: competitor.name, businessId: competitor.businessId })
    .from(competitor)
    .where(
      inArray(
        competitor.businessId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(competitor.createdAt), asc(competitor.id))
  return rows.map((row) => ({
    ...row,
    isCurrent: row.id === current?.id,
    competitors: competitors.filter((c) => c.businessId === row.id).map(({ id, url, name }) => ({ id, url, name })),
  }))
}

/** Makes one of the user's own businesses (ownership already checked) the selected one. */
export async function selectBusiness(db: Database, userId: string, owned: Business): Promise<Business> {
  await db
    .update(user)
    .set({ selectedBusiness: owned.id })
    .where(and(eq(user.id, userId), eq(user.id, owned.userId)))
  return owned
}

/** Every profile field of a business, as onboarding saves it. */
export interface BusinessProfileValues {
  name: string
  url: string
  description: string
  industry: string
  businessModel: string
  valueProposition: string
  targetAudiences: string[]
  services: string[]
  primaryServices: string[]
  coreProducts: string[]
  customerProblems: string[]
  competitiveAdvantages: string[]
  targetOutcomes: string[]
  seeds: string[]
}

/** The analysis a profile came from: links the business to its crawl. */
export interface AnalysisLink {
  crawlId: string
  analyzedAt: Date
}

/** The address is one of the user's other businesses' (userId plus url is unique). */
export function urlTakenError(url: string) {
  const { reason, code } = BUSINESS_SAVE_ERRORS.BUSINESS_URL_TAKEN
  const message = `You already have a business with this website address (${url}).`
  // The issue's path lets a form put the sentence under its website field.
  const data: AppErrorData = { reason, issues: [{ message, path: ['url'] }] }
  return new ORPCError(code, { message, data })
}

/** Postgres unique violation (business_user_url_unique): a concurrent save took the address. */
export function isUniqueViolation(error: unknown) {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true
  }
  return false
}

async function assertUrlFree(db: Pick<Database, 'select'>, userId: string, url: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: business.id })
    .from(business)
    .where(and(eq(business.userId, userId), eq(business.url, url), exceptId ? ne(business.id, exceptId) : undefined))
    .limit(1)
  if (clash) throw urlTakenError(url)
}

const profileColumns = (values: BusinessProfileValues, analysis: AnalysisLink | undefined) => ({
  ...values,
  industry: values.industry || null,
  businessModel: values.businessModel || null,
  valueProposition: values.valueProposition || null,
  ...(analysis ? { crawlId: analysis.crawlId, lastAnalyzedAt: analysis.analyzedAt } : {}),
})

/**
 * Creates a business within the plan's businessLimit, as one atomic reservation: the check takes
 * the user's lock (lockPlanLimits) inside the transaction that inserts the business, so two saves
 * at once cannot both see room for one more business.
 */
export async function createBusiness(
  db: Database,
  userId: string,
  values: BusinessProfileValues,
  analysis?: AnalysisLink,
  market?: { keywordRegion: string; language: string },
): Promise<Business> {
  try {
    return await db.transaction(async (tx) => {
      await assertCanCreateBusiness(tx, userId)
      await assertUrlFree(tx, userId, values.url)
      const [row] = await tx
        .insert(business)
        .values({ userId, ...profileColumns(values, analysis), ...market })
        .returning()
      await recordHistory(tx, {
        kind: 'business',
        action: 'added',
        businessId: row.id,
        title: row.name ?? row.url,
        detail: { url: row.url },
      })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw urlTakenError(values.url)
    throw error
  }
}

/** Replaces the profile of one of the user's businesses in one UPDATE: all fields or none. */
export async function updateBusinessProfile(
  db: Database,
  userId: string,
  businessId: string,
  values: BusinessProfileValues,
  analysis?: AnalysisLink,
): Promise<Business> {
  await getOwnedBusiness(db, userId, businessId)
  await assertUrlFree(db, userId, values.url, businessId)
  try {
    const [row] = await db
      .update(business)
      .set({ ...profileColumns(values, analysis), updatedAt: new Date() })
      .where(and(eq(business.id, businessId), eq(business.userId, userId)))
      .returning()
    if (!row) throw appError(BUSINESS_ERRORS.BUSINESS_NOT_FOUND)
    return row
  } catch (error) {
    if (isUniqueViolation(error)) throw urlTakenError(values.url)
    throw error
  }
}
