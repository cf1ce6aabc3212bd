import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { article, business, excludedKeyword, keyword } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { KEYWORD_STATUS_OF_ARTICLE } from '~/shared/keyword-status'
import { RESEARCH_ERRORS } from './research.errors'
import { normalizeKeyword, variantKey } from './normalize'
import { recordArticleHistory } from '~/server/history/record'

/**
 * The user's say over what research plans (docs/product/pipeline.md §3): negative terms (no
 * keyword containing one is planned), keywords excluded for good, and a keyword's date.
 */

export async function researchExclusions(db: Database, businessId: string) {
  const [row] = await db.select({ negativeKeywords: business.negativeKeywords }).from(business).where(eq(business.id, businessId))
  const excluded = await db
    .select({ id: excludedKeyword.id, keyword: excludedKeyword.keyword, createdAt: excludedKeyword.createdAt })
    .from(excludedKeyword)
    .where(eq(excludedKeyword.businessId, businessId))
    .orderBy(asc(excludedKeyword.keyword))
  return { negativeKeywords: row?.negativeKeywords ?? [], excluded }
}

/** Saves the negative terms: trimmed, lower case, without duplicates or blanks. */
export async function setNegativeKeywords(db: Database, businessId: string, terms: readonly string[]) {
  const clean = [...new Set(terms.map(normalizeKeyword).filter(Boolean))]
  await db.update(business).set({ negativeKeywords: clean }).where(eq(business.id, businessId))
  return researchExclusions(db, businessId)
}

/**
 * Excludes keywords for good: they leave the plan (a published one stays where it is, being
 * already written) and research never plans them, or a singular/plural variant, again.
 */
export async function excludeKeywords(db: Database, businessId: string, ids: readonly string[]) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: keyword.id, keyword: keyword.keyword, status: keyword.status })
      .from(keyword)
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.id, [...ids])))
    if (rows.length !== new Set(ids).size) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_FOUND)
    await tx
      .insert(excludedKeyword)
      .values(rows.map((row) => ({ businessId, keyword: row.keyword, variantKey: variantKey(row.keyword) })))
      .onConflictDoNothing()
    const removable = rows.filter((row) => row.status !== 'published').map((row) => row.id)
    if (removable.length > 0) await tx.delete(keyword).where(and(eq(keyword.businessId, businessId), inArray(keyword.id, removable)))
    return { excluded: rows.length, removed: removable.length }
  })
}

/** Lets research plan an excluded keyword again. */
export async function allowKeyword(db: Database, businessId: string, id: string) {
  const deleted = await db
    .delete(excludedKeyword)
    .where(and(eq(excludedKeyword.id, id), eq(excludedKeyword.businessId, businessId)))
    .returning({ id: excludedKeyword.id })
  if (deleted.length === 0) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_FOUND)
  return researchExclusions(db, businessId)
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * Moves a planned keyword to another day (at the same publishing hour, 09:00 UTC). Only a keyword
 * not yet published, and only to a day from tomorrow on.
 */
export async function rescheduleKeyword(db: Database, businessId: string, input: { keywordId: string; date: string }, now = new Date()) {
  if (!ISO_DAY.test(input.date)) throw appError(RESEARCH_ERRORS.DATE_INVALID)
  const at = new Date(`${input.date}T09:00:00.000Z`)
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== input.date) throw appError(RESEARCH_ERRORS.DATE_INVALID)
  if (at < tomorrow) throw appError(RESEARCH_ERRORS.DATE_IN_PAST)
  const [row] = await db
    .select({ id: keyword.id, status: keyword.status, articleStatus: article.status, scheduledAt: keyword.scheduledAt })
    .from(keyword)
    .leftJoin(article, eq(article.keywordId, keyword.id))
    .where(and(eq(keyword.id, input.keywordId), eq(keyword.businessId, businessId)))
  if (!row) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_FOUND)
  if (row.status === 'published' || row.articleStatus === 'published') throw appError(RESEARCH_ERRORS.KEYWORD_PUBLISHED)
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(keyword)
      .set({
        scheduledAt: at,
        assignedMonth: input.date.slice(0, 7),
        // A date plans a keyword without an article; one with an article keeps showing the article's state.
        status: row.articleStatus ? KEYWORD_STATUS_OF_ARTICLE[row.articleStatus] : 'scheduled',
      })
      .where(eq(keyword.id, row.id))
      .returning({ id: keyword.id, scheduledAt: keyword.scheduledAt, assignedMonth: keyword.assignedMonth, status: keyword.status })
    await recordArticleHistory(tx, { kind: 'article', action: 'rescheduled', keywordId: row.id, detail: { from: row.scheduledAt, to: at } })
    return updated!
  })
}
