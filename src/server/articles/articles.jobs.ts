import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/server/db'
import { business } from '~/server/db/schema'
import { defineJob } from '~/server/jobs/define'
import { logger } from '~/server/logger'
import { articleFailedData, emitWebhookEvent } from '~/server/publishing/events'
import { publishUpdateNow } from '~/server/publishing/publish.service'
import { generateDueArticles } from './articles.service'
import { generateArticle } from './generate'
import { rewriteSection } from './rewrite-section'

/**
 * A generation that fails is retried twice (15 s, 30 s); past that it shows failed with its
 * reason. Each attempt starts over: nothing is written before the last step.
 */
export const articleGenerateJob = defineJob({
  name: 'article.generate',
  input: z.object({
    businessId: z.string().min(1),
    keywordId: z.string().min(1),
    instruction: z.string().max(500).optional(),
    section: z.string().max(300).optional(),
  }),
  retry: { retryLimit: 2, retryDelaySeconds: 15, retryDelayMaxSeconds: 60 },
  expireInSeconds: 20 * 60,
  // A rewrite of one section (docs/product/pipeline.md §4) or the whole article; a published
  // article's new version then goes to its sites at once (docs/product/publishing.md).
  handler: async (job) => {
    const result = job.input.section ? await rewriteSection(job) : await generateArticle(job)
    await sendRewriteToSites(job.db, job.input.businessId, result.articleId)
    return result
  },
  onFailed: async ({ db, input, error }) => {
    const data = await articleFailedData(db, { businessId: input.businessId, keywordId: input.keywordId, stage: 'generation', error })
    await emitWebhookEvent(db, { type: 'article.failed', businessId: input.businessId, data })
  },
})

/** A published article rewritten: its sites get the new version now; the publishing run would send it within minutes anyway. */
async function sendRewriteToSites(db: Database, businessId: string, articleId: string) {
  try {
    const [owner] = await db.select({ userId: business.userId }).from(business).where(eq(business.id, businessId))
    if (owner) await publishUpdateNow(db, { userId: owner.userId, businessId, articleId })
  } catch (error) {
    logger.warn(`publishing: not starting the update of ${articleId} now: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Every 15 minutes (off the quarter hour). */
export const ARTICLE_SCHEDULE_CRON = '7,22,37,52 * * * *'

export const articleScheduleJob = defineJob({
  name: 'article.schedule',
  input: z.object({}),
  retry: { retryLimit: 2, retryDelaySeconds: 60 },
  handler: ({ db }) => generateDueArticles(db),
})
