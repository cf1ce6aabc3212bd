import { eq } from 'drizzle-orm'
import { lockPlanLimits } from '~/server/billing/plan-limits'
import { recordOverage } from '~/server/billing/metering'
import { queueMeterDelivery } from '~/server/billing/billing.jobs'
import { ARTICLE_UNIT, checkAllowance, recordUsage } from '~/server/billing/usage'
import type { Database } from '~/server/db'
import { article, articleVersion, keyword as keywordTable } from '~/server/db/schema'
import { recordArticleHistory } from '~/server/history/record'
import { JobError } from '~/server/jobs/errors'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import { notifyUsage } from '~/server/notifications/notifications.service'
import { articleGeneratedData, emitWebhookEvent } from '~/server/publishing/events'
import type { ArticleContent } from '~/shared/articles/article'
import type { ArticleTypeChoice } from '~/shared/articles/article-types'

/** The usage row of a generation is keyed `article:<job id>`: one per job, however often it runs. */
export const ARTICLE_USAGE_KEY_PREFIX = 'article:'

/** The plan's sentence (ALLOWANCE_REACHED, PLAN_REQUIRED) as the job's error, shown on the job and in /history. */
export const asJobError = (error: unknown) =>
  new JobError(error instanceof Error ? error.message : 'Your plan’s articles for this month are used up.', { cause: error })

export interface GeneratedArticle {
  jobId: string
  businessId: string
  userId: string
  keywordId: string
  keyword: string
  articleType: ArticleTypeChoice
  articleTypeByUser: boolean | undefined
  content: ArticleContent
  seoScore: number
  floor: number
  serpMedianWords: number | null
  targetWords: number
  serpPagesRead: number
  cost: number
  regenerated: boolean
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type Allowance = Awaited<ReturnType<typeof checkAllowance>>

/**
 * The article, its kept previous version, the keyword's new status and the usage, together. The
 * allowance is checked again in this transaction under the user's lock (lockPlanLimits, taken
 * before the article's row, in the order a business deletion takes them): whatever queued these
 * generations (the RPC, the schedule, a retry, the demo), saves of one user happen one at a time
 * and each sees the usage of those before it, so a plan without metered pricing never gets more
 * articles in a month than it includes. A refused save writes nothing and fails the job with the
 * plan's message.
 */
export async function saveGeneratedArticle(db: Database, saved: GeneratedArticle): Promise<string> {
  return db.transaction(async (tx) => {
    await lockPlanLimits(tx, saved.userId)
    const allowance = await checkAllowance(tx, saved.userId, 1).catch((error: unknown) => {
      throw asJobError(error)
    })
    const { articleId, version, status } = await writeArticle(tx, saved)
    await followArticleStatus(tx, saved.keywordId, status, { generatedAt: new Date() })
    await recordArticleHistory(tx, { kind: 'article', action: saved.regenerated ? 'rewritten' : 'written', articleId, jobId: saved.jobId })
    // The keyword shows the type its article was written as, and why.
    await tx
      .update(keywordTable)
      .set({ articleType: saved.articleType.type, articleTypeReason: saved.articleType.reason, articleTypeByUser: saved.articleTypeByUser })
      .where(eq(keywordTable.id, saved.keywordId))
    await recordArticleUsage(tx, saved, allowance, { articleId, version })
    await emitWebhookEvent(tx, {
      type: 'article.generated',
      businessId: saved.businessId,
      data: articleGeneratedData({
        id: articleId,
        title: saved.content.title,
        keyword: saved.keyword,
        keywordId: saved.keywordId,
        status,
        seoScore: saved.seoScore,
        wordCount: saved.content.wordCount,
        version,
        regenerated: saved.regenerated,
      }),
    })
    return articleId
  })
}

/** The article's row (new, or the keyword's article updated) and its new version. */
async function writeArticle(tx: Transaction, saved: GeneratedArticle) {
  const [current] = await tx.select().from(article).where(eq(article.keywordId, saved.keywordId)).for('update')
  const { seoChecks, ...columns } = saved.content
  // Changed content is approved again (held below the floor), except a published article's: as
  // after an edit or a section's rewrite it stays published, so a refreshed live article stays
  // live and its sites get the new version (docs/product/pipeline.md §4).
  const settled = current?.status === 'published'
  const status = settled ? ('published' as const) : saved.seoScore < saved.floor ? ('held' as const) : ('draft' as const)
  const values = {
    ...columns,
    seoChecks,
    seoScore: saved.seoScore,
    serpMedianWords: saved.serpMedianWords,
    type: saved.articleType.type,
    typeReason: saved.articleType.reason,
    targetWords: saved.targetWords,
    serpPagesRead: saved.serpPagesRead,
    status,
    generationJobId: saved.jobId,
    approvedAt: settled ? current!.approvedAt : null,
  }
  let articleId: string
  let version: number
  if (current) {
    version = current.version + 1
    articleId = current.id
    await tx
      .update(article)
      .set({ ...values, version, revision: current.revision + 1, providerCost: current.providerCost + saved.cost, updatedAt: new Date() })
      .where(eq(article.id, current.id))
  } else {
    version = 1
    const [created] = await tx
      .insert(article)
      .values({
        ...values,
        businessId: saved.businessId,
        keywordId: saved.keywordId,
        keyword: saved.keyword,
        providerCost: saved.cost,
        version,
      })
      .returning({ id: article.id })
    articleId = created!.id
  }
  await tx.insert(articleVersion).values({
    articleId,
    version,
    reason: saved.regenerated ? 'regenerated' : 'generated',
    content: saved.content,
    seoScore: saved.seoScore,
    generationJobId: saved.jobId,
  })
  return { articleId, version, status }
}

/**
 * The generation's usage, once per job. Past a metered plan's allowance the article is billed: its
 * meter event is written with its usage, and sent to Polar once this commits (docs/product/billing.md).
 */
async function recordArticleUsage(
  tx: Transaction,
  saved: GeneratedArticle,
  allowance: Allowance,
  { articleId, version }: { articleId: string; version: number },
) {
  const usageKey = `${ARTICLE_USAGE_KEY_PREFIX}${saved.jobId}`
  const recorded = await recordUsage(tx, {
    userId: saved.userId,
    businessId: saved.businessId,
    source: 'article.generate',
    sourceDetails: saved.keyword,
    unit: ARTICLE_UNIT,
    idempotencyKey: usageKey,
    metadata: { articleId, version },
  })
  if (recorded.created) await notifyUsage(tx, { userId: saved.userId, businessId: saved.businessId, quantity: 1 })
  if (recorded.created && allowance.extra > 0 && allowance.plan.meteredUnitPrice !== null) {
    const meterEventId = await recordOverage(tx, {
      userId: saved.userId,
      usageId: recorded.id,
      idempotencyKey: usageKey,
      articleId,
      billingPeriod: recorded.billingPeriod,
      quantity: allowance.extra,
      unitPrice: allowance.plan.meteredUnitPrice,
      occurredAt: recorded.timestamp,
    })
    await queueMeterDelivery(tx, saved.userId, meterEventId)
  }
}
