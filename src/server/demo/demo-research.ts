import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business, historyEvent, keyword, researchRun } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { addManualKeywords } from '~/server/research/manual-keywords'
import { runResearch } from '~/server/research/research.run'
import { DAY_MS } from '~/shared/time'

/**
 * The demo business's keyword plan, made by the research pipeline itself on the mocks
 * (docs/product/services.md): the runs a real account of its age would have had, replayed in
 * order. It was set up on the 20th of last month (that run planned this month), and the monthly
 * run on this month's 20th, once passed, planned the next. Keywords whose day has passed are
 * published (a few archived), the ones due within the article lead time are drafts, the rest
 * scheduled: what the account would look like had it run on autopilot since.
 *
 * Before its plan, its owner tried Rankpilot on one search of their own (DEMO_FIRST_KEYWORD), added
 * by hand about five and a half months ago and published the next day: the demo's one article old
 * enough for Search Console to show it growing after publishing and then losing clicks (the
 * decaying article /performance offers to refresh; src/server/demo/demo-search-console.ts).
 */
/** The monthly research's day and hour (MONTHLY_RESEARCH_CRON: 04:05 UTC on the 20th). */
const RUN_DAY = 20
const RUN_HOUR_UTC = 4
/** Articles are written this far ahead of their day (the default lead time). */
const LEAD_TIME_MS = 3 * DAY_MS
/** One past keyword in this many was archived by the owner rather than published. */
const ARCHIVED_ONE_IN = 12
/** The search its owner added by hand before the plan, and how long ago. */
export const DEMO_FIRST_KEYWORD = 'how to store coffee beans'
const FIRST_KEYWORD_DAYS_AGO = 170

export interface DemoRun {
  /** When it ran (replayed). */
  at: Date
  trigger: 'setup' | 'monthly'
  /** `YYYY-MM` it planned. */
  month: string
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7)

/** The runs such a business has had by `now`, oldest first. */
export function demoRunSchedule(now: Date): DemoRun[] {
  const runs: DemoRun[] = []
  for (const offset of [-1, 0]) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, RUN_DAY, RUN_HOUR_UTC, 5))
    if (at > now) break
    const planned = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
    runs.push({ at, trigger: runs.length === 0 ? 'setup' : 'monthly', month: monthOf(planned) })
  }
  return runs
}

/**
 * Replays the demo business's research runs and ages their plan to `now`. Answers how many
 * keywords the plan holds. A run whose business disappears meanwhile (another start re-created
 * the demo account) stops there: that start's own replay is the one that counts.
 */
export async function replayDemoResearch(db: Database, providers: Providers, businessId: string, now = new Date()): Promise<number> {
  const signal = new AbortController().signal
  await addFirstKeyword(db, providers, businessId, new Date(now.getTime() - FIRST_KEYWORD_DAYS_AGO * DAY_MS))
  for (const run of demoRunSchedule(now)) {
    if (!(await businessExists(db, businessId))) return 0
    const id = crypto.randomUUID()
    await db.insert(researchRun).values({ id, businessId, trigger: run.trigger, month: run.month, createdAt: run.at })
    const started = Date.now()
    try {
      await runResearch({ input: { businessId }, jobId: id, db, providers, signal, progress: () => {} }, { planningDate: run.at })
    } catch (error) {
      if (!(await businessExists(db, businessId))) return 0
      throw error
    }
    // As it would read had it run then: finished as long after it started as the replay took.
    const finishedAt = new Date(run.at.getTime() + Math.max(1000, Date.now() - started))
    await db.update(researchRun).set({ finishedAt }).where(eq(researchRun.id, id))
    await db.update(historyEvent).set({ at: finishedAt }).where(eq(historyEvent.jobId, id))
    await db
      .update(keyword)
      .set({ createdAt: run.at, assignedAt: run.at, updatedAt: finishedAt })
      .where(and(eq(keyword.businessId, businessId), sql`${keyword.metadata}->>'runId' = ${id}`))
  }
  return agePlan(db, businessId, now)
}

/**
 * The owner's own search, added by hand at `at` as keyword.add adds one (measured, in a topic of its
 * own, on the next publishing day of that month), dated then. Research, replayed after, plans
 * around it as it does around any keyword already there.
 */
async function addFirstKeyword(db: Database, providers: Providers, businessId: string, at: Date) {
  const [owner] = await db.select().from(business).where(eq(business.id, businessId))
  if (!owner) return
  const { added } = await addManualKeywords(db, providers, owner, [DEMO_FIRST_KEYWORD], at)
  for (const row of added) {
    await db.update(keyword).set({ createdAt: at, assignedAt: at, updatedAt: at }).where(eq(keyword.id, row.id))
  }
}

/** Whether the demo business is still there (another start may have re-created the account). */
export async function businessExists(db: Database, businessId: string) {
  const [row] = await db.select({ id: business.id }).from(business).where(eq(business.id, businessId))
  return Boolean(row)
}

/** Moves the plan to where autopilot would have left it at `now`. */
async function agePlan(db: Database, businessId: string, now: Date): Promise<number> {
  const rows = await db
    .select({ id: keyword.id, scheduledAt: keyword.scheduledAt })
    .from(keyword)
    .where(eq(keyword.businessId, businessId))
    .orderBy(keyword.scheduledAt, keyword.keyword)
  let past = 0
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const day = row.scheduledAt
      if (!day) continue
      const generatedAt = new Date(day.getTime() - LEAD_TIME_MS)
      if (day <= now) {
        past++
        const archived = past % ARCHIVED_ONE_IN === 0
        await tx
          .update(keyword)
          .set(
            archived
              ? { status: 'archived', generatedAt, updatedAt: day }
              : { status: 'published', generatedAt, completedAt: day, updatedAt: day },
          )
          .where(eq(keyword.id, row.id))
      } else if (generatedAt <= now) {
        await tx.update(keyword).set({ status: 'draft', generatedAt, updatedAt: generatedAt }).where(eq(keyword.id, row.id))
      }
    }
  })
  return rows.length
}
