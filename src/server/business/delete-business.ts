import { and, asc, count, eq, inArray, isNotNull, notExists } from 'drizzle-orm'
import { removeBusinessMedia } from '~/server/media/media-store'
import type { Database } from '~/server/db'
import { business, competitor, crawl, user } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { appError } from '~/server/rpc/errors'
import { businessLabel } from '~/shared/business-name'
import { isDemoAccount } from '~/shared/demo-account'
import { initialSetupStep } from '~/shared/setup-step'
import { BUSINESS_ERRORS } from './business.errors'
import type { Business } from '~/server/access/business'
import { forgetCurrentBusiness } from '~/server/access/current-business-cache'
import { recordHistory } from '~/server/history/record'

export interface DeletedBusiness {
  deletedId: string
  /** The business the user works on now; null when none with a finished setup is left (the gate sends them to /setup). */
  selectedBusiness: string | null
}

/** The typed confirmation matches the name the screen shows (surrounding spaces ignored, case kept). */
export const confirmsBusinessName = (owned: Pick<Business, 'name' | 'url'>, typed: string) => typed.trim() === businessLabel(owned)

/**
 * Deletes one of the user's businesses (ownership already checked) after the typed confirmation,
 * with everything that belongs to it (docs/product/entities.md: keywords, research, clusters,
 * articles and their versions, competitors, Search Console and publishing rows, job runs cascade
 * from the business; its crawls and media folder are removed here). Usage rows stay, without the
 * business: they were billed.
 *
 * The user row is locked first, as business creation does, so a deletion and a creation never
 * interleave. When the deleted business was the one the user worked on, the oldest business with
 * a finished setup becomes current; none left clears the selection.
 */
export async function deleteBusiness(
  db: Database,
  owner: { id: string; email: string },
  owned: Business,
  confirmation: string,
  dataDir: string,
): Promise<DeletedBusiness> {
  if (!confirmsBusinessName(owned, confirmation)) throw appError(BUSINESS_ERRORS.BUSINESS_NAME_MISMATCH)
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ selected: user.selectedBusiness }).from(user).where(eq(user.id, owner.id)).for('update')
    const rows = await tx
      .select({ id: business.id })
      .from(business)
      .where(eq(business.userId, owner.id))
      .orderBy(asc(business.createdAt), asc(business.id))
    if (!rows.some((row) => row.id === owned.id)) throw appError(BUSINESS_ERRORS.BUSINESS_NOT_FOUND)
    // The demo's own business is what every visitor comes to see; what they add themselves may go.
    if (isDemoAccount(owner) && rows[0]?.id === owned.id) throw appError(BUSINESS_ERRORS.DEMO_BUSINESS_LOCKED)

    const crawlIds = await crawlsOf(tx, owned.id)
    await recordHistory(tx, {
      kind: 'business',
      action: 'deleted',
      userId: owner.id,
      title: owned.name ?? owned.url,
      detail: { url: owned.url },
    })
    await tx.delete(business).where(and(eq(business.id, owned.id), eq(business.userId, owner.id)))
    if (crawlIds.length > 0) {
      // A crawl is kept while another business or competitor still points at it.
      await tx
        .delete(crawl)
        .where(
          and(
            inArray(crawl.id, crawlIds),
            notExists(tx.select({ id: business.id }).from(business).where(eq(business.crawlId, crawl.id))),
            notExists(tx.select({ id: competitor.id }).from(competitor).where(eq(competitor.crawlId, crawl.id))),
          ),
        )
    }

    const wasCurrent = locked?.selected ? locked.selected === owned.id : rows[0]?.id === owned.id
    let selectedBusiness = locked?.selected && !wasCurrent ? locked.selected : null
    if (wasCurrent) {
      selectedBusiness = await firstSetUpBusiness(tx, owner.id)
      await tx.update(user).set({ selectedBusiness }).where(eq(user.id, owner.id))
    }
    return { deletedId: owned.id, selectedBusiness }
  })
  forgetCurrentBusiness(owner.id)
  try {
    await removeBusinessMedia(dataDir, owned.id)
  } catch (error) {
    // The rows are gone; a folder left behind is served to nobody (no article links it) and is logged.
    logger.error(`could not remove the media of deleted business ${owned.id}`, error)
  }
  return result
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

async function crawlsOf(tx: Transaction, businessId: string): Promise<string[]> {
  const own = await tx
    .select({ id: business.crawlId })
    .from(business)
    .where(and(eq(business.id, businessId), isNotNull(business.crawlId)))
  const rivals = await tx
    .select({ id: competitor.crawlId })
    .from(competitor)
    .where(and(eq(competitor.businessId, businessId), isNotNull(competitor.crawlId)))
  return [...own, ...rivals].flatMap((row) => (row.id ? [row.id] : []))
}

/** The oldest of the user's businesses whose setup is finished, or null. */
async function firstSetUpBusiness(tx: Transaction, userId: string): Promise<string | null> {
  const rows = await tx
    .select({
      id: business.id,
      name: business.name,
      url: business.url,
      description: business.description,
      sitemapUrl: business.sitemapUrl,
      blogUrl: business.blogUrl,
      siteStructureSavedAt: business.siteStructureSavedAt,
      language: business.language,
      tone: business.tone,
      competitors: count(competitor.id),
    })
    .from(business)
    .leftJoin(competitor, eq(competitor.businessId, business.id))
    .where(eq(business.userId, userId))
    .groupBy(business.id)
    .orderBy(asc(business.createdAt), asc(business.id))
  return rows.find((row) => initialSetupStep(row, row.competitors) === 5)?.id ?? null
}
