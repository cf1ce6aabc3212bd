import { createHmac } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { eq, sql } from 'drizzle-orm'
import type { Env } from '~/env'
import { businessIdsOf, removeBusinessMedia } from '~/server/media/media-store'
import type { Database } from '~/server/db'
import { account, business, competitor, jobRun, plan, user } from '~/server/db/schema'
import { competitorAnalyzeJob } from '~/server/setup/setup.jobs'
import { DAY_MS } from '~/shared/time'
import { analyzeCompetitorRankings } from '~/server/competitors/competitor-rankings'
import { createId } from '~/server/ids'
import type { Providers } from '~/server/providers'
import { isFullDemo, type providerModes } from '~/server/providers/modes'
import { DEMO_EMAIL } from '~/shared/demo-account'
import { DEMO_BUSINESS, DEMO_COMPETITORS } from '~/server/providers/demo-business'
import { DEMO_VOICE } from './demo-voice'
import { recordHistory, recordPlanChange } from '~/server/history/record'

/**
 * The shared demo account (docs/product/services.md): "Explore the demo" on the sign-in page signs into it.
 * It exists only in demo mode, and only while the paid engines (AI writing, images, keyword data,
 * billing) are simulated: an anonymous visitor must never spend a real provider's credit.
 * Re-created on every start, so whatever a visitor changed is gone after a restart. Its keyword
 * plan is then made by the research pipeline on the mocks (replayDemoResearch, demo-research.ts).
 */

export { DEMO_EMAIL }
export const DEMO_NAME = 'Maya Lindqvist'
const DEMO_PLAN = 'Growth'
// Any constant: only tells the advisory lock of this seed apart from other locks.
const SEED_LOCK_KEY = 7_310_442

type DemoEnv = Parameters<typeof providerModes>[0] & Pick<Env, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>

export function demoAccountEnabled(env: Parameters<typeof providerModes>[0]) {
  return isFullDemo(env)
}

/**
 * Nobody types this password: the demo sign-in route uses it server-side. Derived from the auth
 * secret, so every process of one deployment agrees on it and nobody outside can guess it.
 */
export function demoPassword(env: Pick<Env, 'BETTER_AUTH_SECRET'>) {
  return createHmac('sha256', env.BETTER_AUTH_SECRET).update('rankpilot demo account password').digest('base64url')
}

export async function isDemoUser(db: Database, userId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId))
  return row?.email === DEMO_EMAIL
}

export interface DemoAccount {
  userId: string
  businessId: string
}

/** When the demo's owner signed up: two weeks before the first keyword they added (demo-research.ts) was written. */
export const demoJoinedAt = (now: Date) => new Date(now.getTime() - 190 * DAY_MS)

/** Deletes the demo account (everything cascades from the user, its media folders after) and creates it afresh, without keywords yet. */
export async function recreateDemoAccount(db: Database, env: DemoEnv, now = new Date()): Promise<DemoAccount> {
  const passwordHash = await hashPassword(demoPassword(env))
  const userId = createId()
  const businessId = createId()
  const [previous] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL))
  const previousBusinesses = previous ? await businessIdsOf(db, previous.id) : []
  await db.transaction(async (tx) => {
    // Several processes may start at once on one PostgreSQL: one seeds, the others wait and redo it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    await tx.delete(user).where(eq(user.email, DEMO_EMAIL))
    const [growth] = await tx.select({ id: plan.id }).from(plan).where(eq(plan.name, DEMO_PLAN))
    await tx.insert(user).values({ id: userId, name: DEMO_NAME, email: DEMO_EMAIL, emailVerified: true, plan: growth?.id ?? null })
    await tx.insert(account).values({ id: createId(), accountId: userId, providerId: 'credential', userId, password: passwordHash })
    await tx.insert(business).values({ id: businessId, userId, ...DEMO_BUSINESS, ...DEMO_VOICE, voiceDerivedAt: now, lastAnalyzedAt: now })
    await tx.insert(competitor).values(DEMO_COMPETITORS.map((row) => ({ id: createId(), businessId, lastAnalyzedAt: now, ...row })))
    await tx.update(user).set({ selectedBusiness: businessId }).where(eq(user.id, userId))
    // Its History starts when the owner chose the plan and added the business, before its first keyword.
    const joined = demoJoinedAt(now)
    await recordPlanChange(tx, userId, null, joined)
    const added = { title: DEMO_BUSINESS.name, detail: { url: DEMO_BUSINESS.url }, at: new Date(joined.getTime() + 10 * 60 * 1000) }
    await recordHistory(tx, { kind: 'business', action: 'added', businessId, ...added })
    const voiced = new Date(joined.getTime() + 20 * 60 * 1000)
    await recordHistory(tx, {
      kind: 'settings',
      action: 'changed',
      businessId,
      title: DEMO_BUSINESS.name,
      detail: { section: 'voice' },
      at: voiced,
    })
  })
  // The previous account's article images (the new one writes its own).
  await Promise.all(previousBusinesses.map((id) => removeBusinessMedia(env.DATA_DIR, id)))
  return { userId, businessId }
}

/**
 * The demo's competitors analysed the way any competitor is (competitor-rankings.ts): what each
 * ranks for, from the keyword-data mock, so /competitors shows their rankings and a keyword gap.
 * Their profiles are written above; their sites are simulated (providers/demo-sites.ts) for a re-analysis.
 */
export async function analyzeDemoCompetitors(db: Database, providers: Pick<Providers, 'keywordData'>, businessId: string): Promise<number> {
  const [owner] = await db.select().from(business).where(eq(business.id, businessId))
  if (!owner) return 0
  const rows = await db.select({ id: competitor.id, url: competitor.url }).from(competitor).where(eq(competitor.businessId, businessId))
  let keywords = 0
  for (const row of rows) keywords += (await analyzeCompetitorRankings(db, providers.keywordData, owner, row)).keywords
  const gearSite = rows.find((row) => row.url === DEMO_FAILED_REANALYSIS.url)
  if (gearSite) await recordFailedReanalysis(db, owner, gearSite)
  return keywords
}

/**
 * One competitor's card shows a failed re-analysis, dated and apart from the data of its last
 * successful analysis (docs/product/competitors.md): analysed nine days ago, re-analysed yesterday
 * when its site did not answer.
 */
export const DEMO_FAILED_REANALYSIS = { url: 'https://brewgeargeek.example', analysedDaysAgo: 9 } as const

async function recordFailedReanalysis(db: Database, owner: { id: string; userId: string }, site: { id: string; url: string }) {
  const now = Date.now()
  const analysedAt = new Date(now - DEMO_FAILED_REANALYSIS.analysedDaysAgo * DAY_MS)
  const startedAt = new Date(now - DAY_MS)
  const attempts = competitorAnalyzeJob.retry.retryLimit + 1
  await db.update(competitor).set({ lastAnalyzedAt: analysedAt }).where(eq(competitor.id, site.id))
  await db.insert(jobRun).values({
    id: crypto.randomUUID(),
    kind: competitorAnalyzeJob.name,
    userId: owner.userId,
    businessId: owner.id,
    state: 'failed',
    step: 'Crawling the site',
    error: `We could not reach ${new URL(site.url).host}: it did not answer within 15 seconds.`,
    attempts,
    singletonKey: site.id,
    input: competitorAnalyzeJob.input.parse({ competitorId: site.id, businessId: owner.id }),
    createdAt: startedAt,
    startedAt,
    finishedAt: new Date(startedAt.getTime() + 70 * 1000),
    updatedAt: new Date(startedAt.getTime() + 70 * 1000),
  })
}
