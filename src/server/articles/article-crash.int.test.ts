import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ResearchChildEvent, ResearchChildSettings } from '~tests/fixtures/research-worker-child'
import { noProviders } from '~tests/fixtures/no-providers'
import { startTestWorker } from '~tests/fixtures/test-worker'
import { retriedAtOnce, workerProcesses } from '~tests/fixtures/worker-process'
import type { DatabaseHandle } from '~/server/db/client'
import { article, articleVersion, business, jobRun, keyword, plan, usage, user } from '~/server/db/schema'
import { seedPlans } from '~/server/db/seed'
import { createId } from '~/server/ids'
import { ARTICLE_STEPS } from '~/shared/articles/article'
import { startArticleGeneration } from './articles.service'
import { articleGenerateJob } from './articles.jobs'

// An article generation whose worker process is SIGKILLed while it writes the sections: a second
// worker process picks the job up once the dead worker's heartbeat lapses and writes the article
// from the start (nothing was saved), so the keyword ends with one article, one version and one
// usage record (docs/decisions/0011-articles.md).
const CHILD = 'tests/fixtures/research-worker-child.ts'
const SECTIONS_STEP = ARTICLE_STEPS.find((step) => step.id === 'sections')!.label
const workers = workerProcesses()
const startWorker = () => workers.start<ResearchChildEvent, ResearchChildSettings>(CHILD)

/** A Growth user's roaster with one scheduled keyword, and "Generate now" pressed for it. */
async function prepare(handle: DatabaseHandle) {
  const { db } = handle
  await seedPlans(db)
  const [growth] = await db.select({ id: plan.id }).from(plan).where(eq(plan.name, 'Growth'))
  const userId = createId()
  await db.insert(user).values({ id: userId, name: 'Article Crash', email: `${userId.toLowerCase()}@example.com`, plan: growth!.id })
  const [row] = await db
    .insert(business)
    .values({
      userId,
      name: 'Acme Roasters',
      url: 'https://acme-roasters.example',
      description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
      valueProposition: 'Coffee roasted to order and on your doorstep within two days.',
      services: ['Coffee subscriptions'],
      language: 'English',
      tone: 'Friendly',
    })
    .returning({ id: business.id })
  const [planned] = await db
    .insert(keyword)
    .values({ businessId: row!.id, keyword: 'best espresso beans', status: 'scheduled', scheduledAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: keyword.id })
  const jobs = await startTestWorker({ handle }, { work: false, kinds: [retriedAtOnce(articleGenerateJob)], providers: noProviders() })
  try {
    const { jobId } = await startArticleGeneration(db, { userId, businessId: row!.id, keywordId: planned!.id })
    return { jobId, userId, keywordId: planned!.id }
  } finally {
    await jobs.stop()
  }
}

describe('an article worker process killed mid-generation', () => {
  it('the next worker writes the article once: one article, one version, one usage record', async () => {
    // Started first: it loads its modules while the database is prepared, and opens it when told.
    const first = startWorker()
    const mediaDir = await workers.tempDir('rankpilot-article-crash-media-')
    const { database, reopen, prepared } = await workers.sharedDatabase('rankpilot-article-crash-pglite-', prepare)
    const { jobId, userId, keywordId } = prepared
    const settings: ResearchChildSettings = { ...database, jobId, mediaDir }

    first.open(settings)
    await first.waitFor((event) => event.event === 'progress' && event.step === SECTIONS_STEP, 30_000)
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(first.events.some((event) => event.event === 'completed')).toBe(false)

    const second = startWorker()
    second.open(settings)
    await second.waitFor((event) => event.event === 'completed', 60_000)
    const stopped = second.exited
    second.child.kill('SIGTERM')
    expect((await stopped).code).toBe(0)
    expect([...first.events, ...second.events].filter((event) => event.event === 'completed')).toEqual([{ event: 'completed', jobId }])

    const handle = reopen()
    try {
      const { db } = handle
      const [job] = await db.select().from(jobRun).where(eq(jobRun.id, jobId))
      expect(job).toMatchObject({ state: 'completed', attempts: 2, error: null })
      const articles = await db.select().from(article).where(eq(article.keywordId, keywordId))
      expect(articles).toHaveLength(1)
      expect(articles[0]!.generationJobId).toBe(jobId)
      expect(await db.select().from(articleVersion).where(eq(articleVersion.articleId, articles[0]!.id))).toHaveLength(1)
      expect(await db.select().from(usage).where(eq(usage.userId, userId))).toHaveLength(1)
      const [planned] = await db.select({ status: keyword.status }).from(keyword).where(eq(keyword.id, keywordId))
      expect(planned!.status).toBe('draft')
    } finally {
      await handle.close()
    }
  }, 120_000)
})
