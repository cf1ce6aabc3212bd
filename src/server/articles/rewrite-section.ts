import { and, eq } from 'drizzle-orm'
import { env } from '~/env'
import { article, articleVersion, business as businessTable, keyword as keywordTable } from '~/server/db/schema'
import { JobError } from '~/server/jobs/errors'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import { createLedger } from '~/server/providers/cost-ledger'
import type { Database } from '~/server/db'
import type { ArticleCitation, ArticleContent, ArticleStatus } from '~/shared/articles/article'
import { FAQ_HEADING } from './assemble'
import { contentFromEdit } from './edit'
import { checkDraft, mergeFactChecks } from './fact-check'
import { sourcesForSection } from './generation/ranking'
import { createArticleLlm, researchSerpFor, trustedTexts, withInstruction, writerProfileOf } from './generation/setup'
import type { GenerationContext } from './generation/state'
import { askAvoidingBanned, scrubBlock } from './banned-phrases'
import { ARTICLE_SCHEMAS, sectionPrompt, sectionSchema } from './prompts'
import { recordArticleHistory } from '~/server/history/record'

/** The steps a section rewrite shows. */
const STEPS = ['Researching the search results', 'Rewriting the section', 'Checking its facts', 'Saving'] as const

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/

/** Where a section's own text lies in the Markdown's lines: from its heading to the next heading of its level or above. */
export function sectionSpan(markdown: string, heading: string): { start: number; end: number; level: number } | null {
  const lines = markdown.split('\n')
  let fence = false
  let inFaq = false
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (line.startsWith('```')) fence = !fence
    const match = fence ? null : HEADING.exec(line)
    if (!match) continue
    const level = match[1]!.length
    if (level <= 2) inFaq = match[2]!.toLowerCase() === FAQ_HEADING.toLowerCase()
    if (inFaq || level < 2 || match[2]!.trim() !== heading.trim()) continue
    let end = index + 1
    let innerFence = false
    for (; end < lines.length; end++) {
      if (lines[end]!.startsWith('```')) innerFence = !innerFence
      const next = innerFence ? null : HEADING.exec(lines[end]!)
      if (next && next[1]!.length <= level) break
    }
    return { start: index, end, level }
  }
  return null
}

/** The blocks a rewrite keeps from the old section: its figures (images, the video embed), which are not prose. */
const isFigure = (block: string) => /^(?:!\[|<figure)/.test(block.trim())

/** The article with the section at `span` replaced by `checked`, the old section's figures kept after it. */
function replaceSection(markdown: string, span: { start: number; end: number }, checked: string): string {
  const lines = markdown.split('\n')
  const oldBlocks = lines
    .slice(span.start + 1, span.end)
    .join('\n')
    .split(/\n{2,}/)
  const figures = oldBlocks.filter(isFigure)
  const section = [checked.trim(), ...figures.map((block) => block.trim())].join('\n\n')
  return [...lines.slice(0, span.start), section, '', ...lines.slice(span.end)].join('\n').replace(/\n{3,}/g, '\n\n')
}

/**
 * Rewrites one section of an article against today's search results, with the user's
 * instruction: the section's prose is written again (its figures stay), its numbers are checked
 * against the pages it cites like any section's, and the article is saved as a new version
 * ("regenerated") whose score, FAQ, structured data and citations are derived again from the
 * whole text. A rewrite of one section is not an article: no usage is recorded; its provider cost
 * is added to the article's.
 */
export async function rewriteSection(job: GenerationContext) {
  const { db, providers, jobId, input } = job
  const heading = input.section?.trim() ?? ''
  const [done] = await db
    .select({ articleId: articleVersion.articleId })
    .from(articleVersion)
    .where(eq(articleVersion.generationJobId, jobId))
  if (done) return { articleId: done.articleId, resumed: true }

  const [row] = await db
    .select({ current: article, business: businessTable, planned: keywordTable })
    .from(article)
    .innerJoin(businessTable, eq(businessTable.id, article.businessId))
    .innerJoin(keywordTable, eq(keywordTable.id, article.keywordId))
    .where(and(eq(article.keywordId, input.keywordId), eq(article.businessId, input.businessId)))
  if (!row) throw new JobError('This article was not found; it may have been deleted.')
  const { current, business, planned } = row
  const span = sectionSpan(current.markdown, heading)
  if (!span) throw new JobError(`The section “${heading}” is no longer in the article. Open the article again and choose a section.`)

  const step = (index: number, message?: string) => {
    job.signal.throwIfAborted()
    job.progress(STEPS[index]!, index, STEPS.length, message)
  }
  const ledger = createLedger()
  const { llm } = createArticleLlm(providers, ledger, job.signal)
  const profile = writerProfileOf(business)
  const focus = planned.keyword

  step(0)
  const serp = await researchSerpFor(providers, ledger, job.signal, focus, business)

  step(1, heading)
  const otherHeadings = current.outline.map((entry) => entry.heading).filter((text) => text !== heading)
  const request = sectionPrompt({
    keyword: focus,
    profile,
    title: current.title,
    heading,
    points: [],
    otherHeadings,
    sources: sourcesForSection(serp.pages, heading, focus),
    articleType: current.type,
  })
  // Brand voice: a rewrite holding a banned phrase is written again, then loses the sentences holding one.
  const banned = profile.voice?.bannedPhrases ?? []
  const { answer } = await askAvoidingBanned(
    withInstruction(request, input.instruction?.trim() ?? ''),
    banned,
    (asked) => llm(ARTICLE_SCHEMAS.section, sectionSchema, asked),
    (written) => written.blocks.join('\n\n'),
  )
  const blocks = answer.blocks.map((block) => scrubBlock(block.trim(), banned)).filter(Boolean)
  if (blocks.length === 0) throw new JobError('The rewritten section came back empty. Try again.')

  step(2)
  const hashes = '#'.repeat(span.level)
  const sources = serp.pages.map((page) => ({ url: page.url, title: page.title, text: page.fullText }))
  const trusted = trustedTexts(focus, current.title, profile)
  const draft = `${hashes} ${heading}\n\n${blocks.join('\n\n')}\n`
  // The same checks as a whole article's (fact-check.ts); their record adds to the article's.
  const { markdown: checked, grounding, factCheck } = checkDraft({ markdown: draft, sources, trusted, language: business.language })
  const markdown = replaceSection(current.markdown, span, checked)

  step(3)
  const fetchedAt = new Map(serp.pages.map((page) => [page.url, page.fetchedAt]))
  const added: ArticleCitation[] = grounding.grounded.map((citation) => ({
    url: citation.url,
    title: citation.title,
    passage: citation.passage,
    fetchedAt: fetchedAt.get(citation.url) ?? new Date().toISOString(),
  }))
  const citations = [...current.citations, ...added].filter(
    (citation, index, all) => all.findIndex((other) => other.url === citation.url && other.passage === citation.passage) === index,
  )
  const now = new Date()
  const { content, seoScore } = contentFromEdit(
    { markdown, metaTitle: current.metaTitle, metaDescription: current.metaDescription },
    {
      current: { ...current, citations, factCheck: mergeFactChecks(current.factCheck, factCheck) },
      business: {
        name: profile.name,
        url: business.url,
        blogUrl: business.blogUrl,
        language: business.language,
        internalLinks: business.internalLinks,
        audiences: business.targetAudiences,
      },
      scheduledAt: planned.scheduledAt,
      now,
      appUrl: env().APP_URL,
    },
  )
  const articleId = await saveRewrite(db, {
    articleId: current.id,
    jobId,
    heading,
    content,
    seoScore,
    floor: business.seoScoreFloor,
    cost: ledger.totalCost(),
    now,
  })
  return { articleId, resumed: false, seoScore, cost: ledger.totalCost(), dropped: grounding.ungrounded.length }
}

/** The rewritten article as a new version ("regenerated"), under its row's lock. */
async function saveRewrite(
  db: Database,
  saved: {
    articleId: string
    jobId: string
    heading: string
    content: ArticleContent
    seoScore: number
    floor: number
    cost: number
    now: Date
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(article).where(eq(article.id, saved.articleId)).for('update')
    if (!locked) throw new JobError('This article was deleted while its section was being rewritten.')
    // Changed content is approved again; a published or archived article keeps its status.
    const settled = locked.status === 'published' || locked.status === 'archived'
    const status: ArticleStatus = settled ? locked.status : saved.seoScore < saved.floor ? 'held' : 'draft'
    const version = locked.version + 1
    await tx
      .update(article)
      .set({
        ...saved.content,
        seoScore: saved.seoScore,
        status,
        version,
        revision: locked.revision + 1,
        generationJobId: saved.jobId,
        providerCost: locked.providerCost + saved.cost,
        ...(settled ? {} : { approvedAt: null }),
        updatedAt: saved.now,
      })
      .where(eq(article.id, locked.id))
    await tx.insert(articleVersion).values({
      articleId: locked.id,
      version,
      reason: 'regenerated',
      content: saved.content,
      seoScore: saved.seoScore,
      generationJobId: saved.jobId,
      createdAt: saved.now,
    })
    await followArticleStatus(tx, locked.keywordId, status)
    await recordArticleHistory(tx, {
      kind: 'article',
      action: 'rewritten',
      articleId: locked.id,
      jobId: saved.jobId,
      detail: { section: saved.heading },
    })
    return locked.id
  })
}
