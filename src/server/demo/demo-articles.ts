import { and, asc, eq, inArray } from 'drizzle-orm'
import { generateArticle } from '~/server/articles/generate'
import type { Database } from '~/server/db'
import { saveArticleEdit } from '~/server/articles/edit'
import { article, articleVersion, business, keyword } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { businessExists as exists } from './demo-research'

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
  let nearestDraft: string | undefined
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
    const aged =
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
      // Generation marks its keyword a draft now; the plan's own status and day stay.
      await tx
        .update(keyword)
        .set({ status: held ? 'draft' : row.status, generatedAt: writtenAt, updatedAt: aged.updatedAt })
        .where(eq(keyword.id, row.id))
    })
    if (!held && row.status === 'draft') nearestDraft ??= articleId
    written++
  }
  if (nearestDraft) {
    await addOwnersNote(db, businessId, nearestDraft, now)
    await db.update(article).set({ status: 'approved', approvedAt: now }).where(eq(article.id, nearestDraft))
  }
  return written
}

/**
 * The owner's edit before approving: a line from the business's own value proposition after the
 * introduction, saved by the editor's code path, so the article's versions show an edit to compare.
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
    .select({ name: business.name, offer: business.valueProposition })
    .from(business)
    .where(eq(business.id, businessId))
  if (!row || !owner?.offer) return
  const blocks = row.markdown.split('\n\n')
  // After the first paragraph of prose (the H1 and the featured image come before it).
  const at = blocks.findIndex((block) => !block.startsWith('#') && !block.startsWith('!['))
  if (at < 0) return
  const note = `*A note from ${owner.name ?? 'us'}: ${owner.offer.replace(/\.?$/, '.')}*`
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

const globalForDemo = globalThis as typeof globalThis & {
  __rankpilotDemoArticles?: { done: Promise<unknown>; controller: AbortController }
}

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
  globalForDemo.__rankpilotDemoArticles = { done, controller }
}

/** Resolves once the demo articles started at boot are written (at once when none are being written). */
export function demoArticlesWritten(): Promise<unknown> {
  return globalForDemo.__rankpilotDemoArticles?.done ?? Promise.resolve()
}

/** Stops writing demo articles (the server is shutting down) and waits for the article in progress. */
export async function stopDemoArticles(): Promise<void> {
  const running = globalForDemo.__rankpilotDemoArticles
  globalForDemo.__rankpilotDemoArticles = undefined
  running?.controller.abort()
  await running?.done
}
