import { and, eq } from 'drizzle-orm'
import { checkAllowance } from '~/server/billing/usage'
import { articleVersion, business as businessTable, keyword as keywordTable } from '~/server/db/schema'
import { JobError } from '~/server/jobs/errors'
import { createLedger } from '~/server/providers/cost-ledger'
import { ARTICLE_STEPS, type ArticleStep } from '~/shared/articles/article'
import { writeFaqAndMeta } from './generation/faq-meta-step'
import { linkAndGround } from './generation/grounding-step'
import { drawFigures } from './generation/infographic-step'
import { writeOutline } from './generation/outline-step'
import { asJobError, saveGeneratedArticle } from './generation/save-step'
import { scoreContent } from './generation/score-step'
import { writeSections } from './generation/sections-step'
import { createArticleLlm, writerProfileOf } from './generation/setup'
import { findSources } from './generation/sources-step'
import type { GenerationContext, GenerationRun, GenerationState } from './generation/state'

/**
 * One article, step by step (the steps the progress line names: ARTICLE_STEPS; each in
 * generation/): sources, outline, sections, links and grounding, figures, FAQ and meta, score,
 * save. Nothing is written until the end: the article, its kept previous version, the keyword's
 * status and the usage record go in one transaction, so a failed generation leaves nothing and is
 * never counted, and a retry after a crash finds its own version and stops there (one article, one
 * usage).
 */
export async function generateArticle(job: GenerationContext) {
  const { db, jobId, input } = job
  const [done] = await db
    .select({ articleId: articleVersion.articleId })
    .from(articleVersion)
    .where(eq(articleVersion.generationJobId, jobId))
  if (done) return { articleId: done.articleId, resumed: true }

  const [row] = await db
    .select({ keyword: keywordTable, business: businessTable })
    .from(keywordTable)
    .innerJoin(businessTable, eq(businessTable.id, keywordTable.businessId))
    .where(and(eq(keywordTable.id, input.keywordId), eq(keywordTable.businessId, input.businessId)))
  if (!row) throw new JobError('This keyword was not found; it may have been deleted.')
  const { keyword: planned, business } = row
  // Stops early, before any provider is paid, with the plan's message (and its upgrade advice)
  // when the month's articles are already written. Queued generations reserved their article
  // when they were queued (enqueueGeneration), so only recorded usage counts here; the save
  // checks again under the user's lock.
  await checkAllowance(db, business.userId, 1).catch((error: unknown) => {
    throw asJobError(error)
  })

  const ledger = createLedger()
  const { llm, tokens } = createArticleLlm(job.providers, ledger, job.signal)
  const profile = writerProfileOf(business)
  const run: GenerationRun = {
    job,
    business,
    planned,
    ledger,
    llm,
    step: (id: ArticleStep, message?: string) => {
      job.signal.throwIfAborted()
      const index = ARTICLE_STEPS.findIndex((item) => item.id === id)
      job.progress(ARTICLE_STEPS[index]!.label, index, ARTICLE_STEPS.length, message)
    },
    profile,
    businessName: business.name ?? new URL(business.url).hostname,
    focus: planned.keyword,
    instruction: input.instruction?.trim() ?? '',
    banned: profile.voice?.bannedPhrases ?? [],
  }

  const sources = await findSources(run)
  const outline = await writeOutline({ run, sources })
  const written = await writeSections({ run, sources, outline })
  const grounded = await linkAndGround({ run, sources, outline, written })
  const state: GenerationState = { run, sources, outline, written, grounded }
  const figures = await drawFigures(state)
  const text = await writeFaqAndMeta(state, figures)
  const { content, seoScore } = scoreContent(state, figures, text)
  const articleId = await saveGeneratedArticle(db, {
    jobId,
    businessId: business.id,
    userId: business.userId,
    keywordId: planned.id,
    keyword: planned.keyword,
    articleType: sources.articleType,
    // A written article's type stands as it was chosen; otherwise the keyword records who chose.
    articleTypeByUser: sources.typeIsSettled ? undefined : sources.userChoice,
    content,
    seoScore,
    floor: business.seoScoreFloor,
    serpMedianWords: sources.serp.medianWords,
    targetWords: sources.target,
    serpPagesRead: sources.serp.pages.length,
    cost: ledger.totalCost(),
    regenerated: text.regenerated,
  })
  return {
    articleId,
    resumed: false,
    seoScore,
    cost: ledger.totalCost(),
    tokens,
    dropped: grounded.grounding.ungrounded.length,
    quotesRemoved: text.factCheck.quotes.removed.length,
    length: {
      target: sources.target,
      words: content.wordCount,
      plannedSections: outline.sections.length,
      extraCalls: written.usage.calls,
      extraRounds: written.usage.rounds,
      extraSections: written.usage.extraSections,
    },
  }
}
