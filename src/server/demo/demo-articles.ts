import { and, asc, eq, inArray } from 'drizzle-orm'
import { singletonKeyOf } from '~/server/articles/articles.service'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { generateArticle } from '~/server/articles/generate'
import { ARTICLE_USAGE_KEY_PREFIX } from '~/server/articles/generation/save-step'
import { billingPeriodOf } from '~/server/billing/usage'
import type { Database } from '~/server/db'
import { saveArticleEdit } from '~/server/articles/edit'
import { article, articleVersion, business, historyEvent, jobRun, keyword, usage } from '~/server/db/schema'
import { userFacingJobError } from '~/server/jobs/errors'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import type { Providers } from '~/server/providers'
import { failureFromResponse } from '~/server/providers/http'
import { PROVIDERS } from '~/server/providers/modes'
import { ARTICLE_STEPS } from '~/shared/articles/article'
import { KEYWORD_STATUS_OF_ARTICLE } from '~/shared/keyword-status'
import { businessExists as exists } from './demo-research'
import { recordArticleHistory } from '~/server/history/record'
import { globalSlot } from '~/server/singleton'

/**
 * The demo business's articles, written by the article pipeline itself on the mocks (search
 * results from the demo web, so every citation opens): one for each keyword whose day has passed
 * or falls within the lead time, oldest first, so later articles link to the earlier published
 * ones as they would have. Then aged like the plan: a past day's article published that day (or
 * archived with its keyword), an upcoming one a draft, the nearest of those approved by its owner.
 * An article the SEO score held for review stays held, and its keyword waits with it. Answers how
 * many articles were written; stops quietly when the business disappears (another start re-created
 * the demo account).
 */
export async function writeDemoArticles(
  db: Database,
  providers: Providers,
  businessId: string,
  now = new Date(),
  signal = new AbortController().signal,
): Promise<number> {
  const rows = await db
    .select({ id: keyword.id, status: keyword.status, scheduledAt: keyword.scheduledAt, generatedAt: keyword.generatedAt })
    .from(keyword)
    .where(and(eq(keyword.businessId, businessId), inArray(keyword.status, ['published', 'archived', 'draft'])))
    .orderBy(asc(keyword.scheduledAt), asc(keyword.keyword))
  let written = 0
  let nearestDraft: { id: string; keywordId: string; writtenAt: Date } | undefined
  for (const row of rows) {
    if (signal.aborted || !(await exists(db, businessId))) return written
    // The article schedule may have written one meanwhile (this runs after the server is up).
    const [existing] = await db.select({ id: article.id }).from(article).where(eq(article.keywordId, row.id))
    if (existing) continue
    const jobId = crypto.randomUUID()
    let articleId: string
    try {
      ;({ articleId } = await generateArticle({
        input: { businessId, keywordId: row.id },
        jobId,
        db,
        providers,
        signal,
        progress: () => {},
      }))
    } catch (error) {
      if (signal.aborted || !(await exists(db, businessId))) return written
      throw error
    }
    const [created] = await db.select({ status: article.status }).from(article).where(eq(article.id, articleId))
    const writtenAt = row.generatedAt ?? now
    const day = row.scheduledAt ?? now
    const held = created?.status === 'held'
    const aged: { status?: 'published' | 'archived'; approvedAt?: Date; publishedAt?: Date; updatedAt: Date } =
      held || row.status === 'draft'
        ? { updatedAt: writtenAt }
        : row.status === 'published'
          ? { status: 'published' as const, approvedAt: writtenAt, publishedAt: day, updatedAt: day }
          : { status: 'archived' as const, updatedAt: day }
    await db.transaction(async (tx) => {
      await tx
        .update(article)
        .set({ ...aged, createdAt: writtenAt })
        .where(eq(article.id, articleId))
      await tx.update(articleVersion).set({ createdAt: writtenAt }).where(eq(articleVersion.articleId, articleId))
      // Its usage counts in the month it was written, so the billing card shows this month's
      // articles only. Oldest first: an article of an earlier month is written before this
      // month's, while nothing counts yet, so it never went past the allowance (no meter event).
      await tx
        .update(usage)
        .set({ timestamp: writtenAt, billingPeriod: billingPeriodOf(writtenAt) })
        .where(eq(usage.idempotencyKey, `${ARTICLE_USAGE_KEY_PREFIX}${jobId}`))
      // History says it was written then (as it was then: a draft or held), and archived on its day.
      await tx
        .update(historyEvent)
        .set({ at: writtenAt })
        .where(and(eq(historyEvent.articleId, articleId), eq(historyEvent.action, 'written')))
      if (aged.status === 'archived') await recordArticleHistory(tx, { kind: 'article', action: 'archived', articleId, at: day })
      // The keyword shows its aged article's state (src/shared/keyword-status.ts); the plan's day stays.
      await tx
        .update(keyword)
        .set({
          status: KEYWORD_STATUS_OF_ARTICLE[aged.status ?? created?.status ?? 'draft'],
          generatedAt: writtenAt,
          updatedAt: aged.updatedAt,
        })
        .where(eq(keyword.id, row.id))
    })
    if (!held && row.status === 'draft') nearestDraft ??= { id: articleId, keywordId: row.id, writtenAt }
    written++
  }
  if (nearestDraft) {
    // Its owner edited it, asked for a rewrite that failed, and approved their edit.
    await addOwnersNote(db, businessId, nearestDraft.id, now)
    await recordFailedRewrite(db, businessId, nearestDraft, now)
    await db.transaction(async (tx) => {
      await tx.update(article).set({ status: 'approved', approvedAt: now }).where(eq(article.id, nearestDraft.id))
      await followArticleStatus(tx, nearestDraft.keywordId, 'approved')
      await recordArticleHistory(tx, { kind: 'article', action: 'approved', articleId: nearestDraft.id, at: now })
    })
  }
  return written
}

/** What the owner asked of the rewrite that failed (recordFailedRewrite). */
export const DEMO_FAILED_REWRITE_INSTRUCTION = 'Mention our free brew-guide support by email in the conclusion.'

/**
 * A rewrite its owner asked for today, after editing the article, that failed: the AI writing
 * service kept answering 429 (too many requests) through the job's every attempt. Recorded as the jobs module leaves a
 * generation after its last attempt (src/server/jobs/runner.ts): state failed, the reason the
 * provider client gives a 429 (src/server/providers/http.ts), the step it stopped at, finished,
 * its singleton key released. So /history lists it with its reason and a Retry that starts it
 * again through the article service, and the article stays as it was written. A rewrite rather
 * than a first generation: the article schedule writes every due keyword without an article, so a
 * failed first generation would not wait for the visitor's Retry.
 */
async function recordFailedRewrite(db: Database, businessId: string, draft: { keywordId: string; writtenAt: Date }, now: Date) {
  const [owner] = await db.select({ userId: business.userId }).from(business).where(eq(business.id, businessId))
  if (!owner) return
  const provider = PROVIDERS.llm
  const attempts = articleGenerateJob.retry.retryLimit + 1
  const limited = await failureFromResponse(
    new Response(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'requests' } }), { status: 429 }),
    { provider },
    attempts,
  )
  // Forty minutes ago (after the owner's edit, before their approval), or halfway since the
  // article was written when that is more recent.
  const startedAt = new Date(Math.max(now.getTime() - 40 * 60 * 1000, (draft.writtenAt.getTime() + now.getTime()) / 2))
  const step = ARTICLE_STEPS.findIndex((item) => item.id === 'sections')
  await db.insert(jobRun).values({
    id: crypto.randomUUID(),
    kind: articleGenerateJob.name,
    userId: owner.userId,
    businessId,
    state: 'failed',
    step: ARTICLE_STEPS[step]!.label,
    done: step,
    total: ARTICLE_STEPS.length,
    error: userFacingJobError(limited),
    attempts,
    singletonKey: singletonKeyOf(draft.keywordId),
    input: articleGenerateJob.input.parse({ businessId, keywordId: draft.keywordId, instruction: DEMO_FAILED_REWRITE_INSTRUCTION }),
    createdAt: startedAt,
    startedAt,
    // Its retries waited 15 s and 30 s (the job's retry policy), each attempt a few seconds long.
    finishedAt: new Date(startedAt.getTime() + 55 * 1000),
    updatedAt: new Date(startedAt.getTime() + 55 * 1000),
  })
}

/**
 * The owner's edit before approving: a line on what sets the business apart (its competitive
 * advantages, which the article's call to action does not already say) after the introduction,
 * saved by the editor's code path, so the article's versions show an edit to compare.
 */
async function addOwnersNote(db: Database, businessId: string, articleId: string, now: Date) {
  const [row] = await db
    .select({
      markdown: article.markdown,
      metaTitle: article.metaTitle,
      metaDescription: article.metaDescription,
      revision: article.revision,
    })
    .from(article)
    .where(eq(article.id, articleId))
  const [owner] = await db
    .select({ name: business.name, advantages: business.competitiveAdvantages })
    .from(business)
    .where(eq(business.id, businessId))
  if (!row || !owner || owner.advantages.length === 0) return
  const blocks = row.markdown.split('\n\n')
  // After the first paragraph of prose (the H1 and the featured image come before it).
  const at = blocks.findIndex((block) => !block.startsWith('#') && !block.startsWith('!['))
  if (at < 0) return
  const [first, ...rest] = owner.advantages.map((advantage) => advantage.replace(/\.$/, ''))
  const note = `*A note from ${owner.name ?? 'us'}: ${[first!, ...rest.map((advantage) => advantage.charAt(0).toLowerCase() + advantage.slice(1))].join('; ')}.*`
  blocks.splice(at + 1, 0, note)
  await saveArticleEdit(
    db,
    businessId,
    articleId,
    { markdown: blocks.join('\n\n'), metaTitle: row.metaTitle, metaDescription: row.metaDescription, revision: row.revision },
    async () => {},
    new Date(now.getTime() - 2 * 3600 * 1000),
  )
}

const demoArticles = globalSlot<{ done: Promise<unknown>; controller: AbortController }>('__rankpilotDemoArticles')

/**
 * Writes the demo articles after start-up, without holding the server back; "Explore the demo"
 * waits for them (demoArticlesWritten), so no visitor sees the account half-written. A failure is
 * logged and the demo goes on without the rest of its articles.
 */
export function writeDemoArticlesInBackground(
  write: (signal: AbortSignal) => Promise<number>,
  log: { info: (message: string) => void; error: (message: string, error: unknown) => void },
): void {
  const started = Date.now()
  const controller = new AbortController()
  const done = write(controller.signal).then(
    (count) => {
      const took = `${count} in ${((Date.now() - started) / 1000).toFixed(1)} s, on the mocks`
      log.info(controller.signal.aborted ? `demo articles: stopped by shutdown (${took})` : `demo articles written (${took})`)
    },
    (error: unknown) =>
      controller.signal.aborted ? log.info('demo articles: stopped by shutdown') : log.error('demo articles: writing stopped', error),
  )
  demoArticles.set({ done, controller })
}

/** Resolves once the demo articles started at boot are written (at once when none are being written). */
export function demoArticlesWritten(): Promise<unknown> {
  return demoArticles.get()?.done ?? Promise.resolve()
}

/** Stops writing demo articles (the server is shutting down) and waits for the article in progress. */
export async function stopDemoArticles(): Promise<void> {
  const running = demoArticles.get()
  demoArticles.set(undefined)
  running?.controller.abort()
  await running?.done
}
