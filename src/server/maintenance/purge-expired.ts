import { and, inArray, lt } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { deletedKeyword, historyEvent, jobRun, keywordCache, notificationSent, TERMINAL_JOB_RUN_STATES } from '~/server/db/schema'
import { HISTORY_RETENTION_MONTHS } from '~/shared/history'
import { DAY_MS } from '~/shared/time'

export const KEYWORD_CACHE_RETENTION_DAYS = 30
export const FINISHED_JOB_RETENTION_DAYS = 90
/** Every once-only key of a notification is about a day or a month gone by then (docs/product/notifications.md). */
export const NOTIFICATION_SENT_RETENTION_DAYS = 90
/** How long keyword.delete keeps deleted keywords for an undo. */
export const DELETED_KEYWORD_RETENTION_DAYS = 7

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS)
/** The same moment `months` calendar months earlier (UTC). */
export const monthsAgo = (months: number, now: Date) => {
  const then = new Date(now)
  then.setUTCMonth(then.getUTCMonth() - months)
  return then
}

/**
 * Deletes keyword-data answers past their 30-day freshness (they would be fetched again anyway),
 * finished job runs older than 90 days, deleted keywords kept for an undo longer than a week and
 * History events older than HISTORY_RETENTION_MONTHS (docs/product/history.md) and the
 * notification sent-log older than 90 days.
 * Deleting is naturally re-runnable.
 */
export async function purgeExpired(db: Database, now = new Date()) {
  const keywordRows = await db
    .delete(keywordCache)
    .where(lt(keywordCache.updatedAt, daysAgo(KEYWORD_CACHE_RETENTION_DAYS, now)))
    .returning({ id: keywordCache.id })
  const jobRows = await db
    .delete(jobRun)
    .where(and(inArray(jobRun.state, [...TERMINAL_JOB_RUN_STATES]), lt(jobRun.finishedAt, daysAgo(FINISHED_JOB_RETENTION_DAYS, now))))
    .returning({ id: jobRun.id })
  const deletedKeywordRows = await db
    .delete(deletedKeyword)
    .where(lt(deletedKeyword.deletedAt, daysAgo(DELETED_KEYWORD_RETENTION_DAYS, now)))
    .returning({ id: deletedKeyword.id })
  const historyRows = await db
    .delete(historyEvent)
    .where(lt(historyEvent.at, monthsAgo(HISTORY_RETENTION_MONTHS, now)))
    .returning({ id: historyEvent.id })
  const notificationRows = await db
    .delete(notificationSent)
    .where(lt(notificationSent.createdAt, daysAgo(NOTIFICATION_SENT_RETENTION_DAYS, now)))
    .returning({ id: notificationSent.id })
  return {
    keywordCache: keywordRows.length,
    jobRuns: jobRows.length,
    deletedKeywords: deletedKeywordRows.length,
    historyEvents: historyRows.length,
    notificationsSent: notificationRows.length,
  }
}
