import { and, asc, eq, isNotNull, ne } from 'drizzle-orm'
import { env } from '~/env'
import { lockPlanLimits } from '~/server/billing/plan-limits'
import { queueMeterDelivery, recordOverage } from '~/server/billing/metering'
import { ARTICLE_UNIT, checkAllowance, recordUsage } from '~/server/billing/usage'
import type { Database } from '~/server/db'
import { article, articleVersion, business as businessTable, keyword as keywordTable, publication } from '~/server/db/schema'
import type { JobContext } from '~/server/jobs/define'
import { JobError } from '~/server/jobs/errors'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import { articleGeneratedData, emitWebhookEvent } from '~/server/publishing/events'
import { notifyUsage } from '~/server/notifications/notifications.service'
import type { Providers } from '~/server/providers'
import { createLedger } from '~/server/research/ledger'
import { keywordMarket } from '~/server/research/market'
import {
  ARTICLE_STEPS,
  type ArticleContent,
  type ArticleImage,
  type ArticleInternalLink,
  type ArticleStep,
} from '~/shared/articles/article'
import { chooseArticleType, USER_CHOSEN_TYPE_REASON, type ArticleTypeChoice } from '~/shared/articles/article-types'
import {
  INTRODUCTION_WORDS,
  isShortOfTarget,
  MAX_EXTRA_SECTIONS,
  MAX_SECTIONS,
  plannedSections,
  targetWords,
  WORDS_PER_SECTION,
} from '~/shared/articles/length-target'
import { countWords } from '~/shared/articles/readability'
import { scoreArticle, SEO_LIMITS } from '~/shared/articles/seo-score'
import {
  addInternalLinks,
  assembleMarkdown,
  buildJsonLd,
  fitText,
  foldThinSections,
  imageFigure,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  slugify,
  uniqueSlug,
  withoutInternalLink,
  type WrittenSection,
} from './assemble'
import {
  askAvoidingBanned,
  findBanned,
  outlineText,
  scrubBlock,
  scrubCta,
  scrubFaq,
  scrubMarkdown,
  scrubMeta,
  scrubOutline,
} from './banned-phrases'
import { checkDraft, checkFaq } from './fact-check'
import { htmlToText, markdownToSafeHtml, youtubeEmbedHtml } from './html'
import { chartDataFromFacts, renderInfographic } from './infographic'
import { extraSubjects, keepsSubstance, MIN_NEW_WORDS, newMaterialWords, sentenceKeys } from './length'
import {
  ARTICLE_SCHEMAS,
  ctaPrompt,
  ctaSchema,
  faqPrompt,
  faqSchema,
  metaPrompt,
  metaSchema,
  outlinePrompt,
  outlineSchema,
  sectionPrompt,
  sectionSchema,
  type WriterProfile,
} from './prompts'
import { researchSerp } from './sources'
import { writerVoiceOf } from './voice'
import { recordArticleHistory } from '~/server/history/record'

/** A heading that closes an article: sections added for length go before it. */
const CLOSING_HEADING = /\b(?:conclusion|summary|final thoughts|wrapping up|bottom line|verdict|takeaways?|recap|next steps?)\b/i

/** The usage row of a generation is keyed `article:<job id>`: one per job, however often it runs. */
export const ARTICLE_USAGE_KEY_PREFIX = 'article:'

/** The plan's sentence (ALLOWANCE_REACHED, PLAN_REQUIRED) as the job's error, shown on the job and in /history. */
const asJobError = (error: unknown) =>
  new JobError(error instanceof Error ? error.message : 'Your plan’s articles for this month are used up.', { cause: error })

/** LLM calls of one article at once (sections, call to action, FAQ, meta): docs/product/pipeline.md §4. */
export const LLM_CONCURRENCY = 4
/** Fetched pages a section may cite. */
export const SOURCES_PER_SECTION = 4

export interface ArticleJobInput {
  businessId: string
  keywordId: string
  /** What the user asked a regeneration to change; empty for a first generation. */
  instruction?: string
  /** Rewrite only this section (its heading) of the current article. */
  section?: string
}

type GenerationContext = Pick<JobContext<ArticleJobInput>, 'input' | 'jobId' | 'db' | 'providers' | 'signal' | 'progress'>

/**
 * One article, step by step (the steps the progress line names: ARTICLE_STEPS). Nothing is
 * written until the end: the article, its kept previous version, the keyword's status and the
 * usage record go in one transaction, so a failed generation leaves nothing and is never counted,
 * and a retry after a crash finds its own version and stops there (one article, one usage).
 */
export async function generateArticle(job: GenerationContext) {
  const { db, providers, jobId, input } = job
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
  const step = (id: ArticleStep, message?: string) => {
    job.signal.throwIfAborted()
    const index = ARTICLE_STEPS.findIndex((item) => item.id === id)
    job.progress(ARTICLE_STEPS[index]!.label, index, ARTICLE_STEPS.length, message)
  }
  const tokens = { input: 0, output: 0, calls: 0 }
  const limit = createLimiter(LLM_CONCURRENCY)
  const llm = <T extends Parameters<Providers['llm']['generateObject']>[0]['schema']>(
    schemaName: string,
    schema: T,
    request: { system: string; prompt: string },
  ) =>
    limit(async () => {
      job.signal.throwIfAborted()
      const answer = await providers.llm.generateObject({ schema, schemaName, ...request })
      ledger.llm(answer.usage)
      tokens.input += answer.usage.inputTokens
      tokens.output += answer.usage.outputTokens
      tokens.calls++
      return answer.object
    })
  const businessName = business.name ?? new URL(business.url).hostname
  const profile = writerProfileOf(business)
  const focus = planned.keyword
  const instruction = input.instruction?.trim() ?? ''

  step('serp')
  const serp = await researchSerp(
    { keywordData: providers.keywordData, fetch: providers.web.fetch, signal: job.signal },
    focus,
    keywordMarket(business),
  )
  if (serp.fromCache) ledger.cached('dataforseo', 1)
  else ledger.paid('dataforseo', 1, serp.cost)

  // The article's type: a written article keeps its own; the user's choice stands; otherwise it is
  // chosen from the keyword and the results page just read (docs/product/pipeline.md, "Article types").
  const [typed] = await db.select({ type: article.type, reason: article.typeReason }).from(article).where(eq(article.keywordId, planned.id))
  const userChoice = !typed?.reason && planned.articleTypeByUser && planned.articleType !== null
  const articleType: ArticleTypeChoice = typed?.reason
    ? { type: typed.type, reason: typed.reason }
    : userChoice && planned.articleType
      ? { type: planned.articleType, reason: planned.articleTypeReason ?? USER_CHOSEN_TYPE_REASON }
      : chooseArticleType({
          keyword: focus,
          intent: planned.searchIntent,
          serpTitles: serp.results.map((result) => result.title),
        })

  // The length the top results set, within the business's range (docs/product/pipeline.md "Length").
  const target = targetWords({ serpMedianWords: serp.medianWords, min: business.articleMinWords, max: business.articleMaxWords })
  step('outline', `${serp.results.length} results, ${serp.pages.length} pages read; about ${target} words`)
  const outlineRequest = outlinePrompt({
    keyword: focus,
    profile,
    results: serp.pages,
    questions: serp.questions,
    articleType: articleType.type,
    length: { words: target, sections: plannedSections(target) },
  })
  // Brand voice: an outline holding a banned phrase is asked for once more, then the phrase is taken out.
  const banned = profile.voice?.bannedPhrases ?? []
  const outline = scrubOutline(
    (
      await askAvoidingBanned(
        withInstruction(outlineRequest, instruction),
        banned,
        (request) => llm(ARTICLE_SCHEMAS.outline, outlineSchema, request),
        outlineText,
        1,
      )
    ).answer,
    banned,
  )
  const planSections = outline.sections.filter((section) => section.heading.trim()).slice(0, MAX_SECTIONS)
  if (planSections.length < 3) throw new JobError('The outline came back with fewer than three sections. Try generating again.')

  step('sections', `${planSections.length} sections; the video, call to action and images alongside`)
  const siteUrl = business.url
  const headings = planSections.map((section) => section.heading)
  const sourcesFor = (heading: string) => rankSources(serp.pages, `${heading} ${focus}`).slice(0, SOURCES_PER_SECTION)
  // Each section's share of the target once the introduction's is taken.
  const sectionWords = Math.max(WORDS_PER_SECTION / 2, Math.round((target - INTRODUCTION_WORDS) / planSections.length))
  const sectionRequest = (section: { heading: string; points: string[] } | null, allHeadings: string[] = headings) =>
    section
      ? sectionPrompt({
          keyword: focus,
          profile,
          title: outline.title,
          heading: section.heading,
          points: section.points,
          otherHeadings: allHeadings.filter((heading) => heading !== section.heading),
          sources: sourcesFor(section.heading),
          articleType: articleType.type,
          words: sectionWords,
        })
      : sectionPrompt({
          keyword: focus,
          profile,
          title: outline.title,
          heading: outline.title,
          // The introduction says what the article covers.
          points: planSections.slice(0, 3).map((section) => section.heading),
          otherHeadings: allHeadings,
          sources: sourcesFor(focus),
          words: INTRODUCTION_WORDS,
        })
  // A section holding a banned phrase is written again (BANNED_REWRITE_TRIES), then loses the sentences holding one.
  const writeSection = async (section: { heading: string; points: string[] } | null, allHeadings?: string[]) => {
    const { answer } = await askAvoidingBanned(
      withInstruction(sectionRequest(section, allHeadings), instruction),
      banned,
      (request) => llm(ARTICLE_SCHEMAS.section, sectionSchema, request),
      (written) => written.blocks.join('\n\n'),
    )
    return answer.blocks.map((block) => scrubBlock(block.trim(), banned)).filter(Boolean)
  }
  const bodyWords = (blocks: string[]) => countWords(htmlToText(markdownToSafeHtml(blocks.join('\n\n'), { siteUrl })))
  // An article short of its target by more than SHORTFALL_SHARE gets sections on subjects the
  // pages and "people also ask" raise that the outline left out: at most MAX_EXTRA_SECTIONS calls,
  // as many at once as the shortfall needs, and none kept (nor any more asked for) once the writer
  // has nothing new to say (docs/product/pipeline.md "Length").
  const extendToTarget = async (parts: string[][]) => {
    const extra: WrittenSection[] = []
    const draft = () => ({
      keyword: focus,
      title: outline.title,
      language: business.language,
      siteUrl,
      introduction: parts[0] ?? [],
      sections: [
        ...planSections.map((section, index) => ({
          heading: section.heading.trim(),
          level: section.level,
          blocks: parts[index + 1] ?? [],
        })),
        ...extra,
      ],
    })
    const usage = { calls: 0, rounds: 0 }
    const known = sentenceKeys(parts.flat())
    const subjects = extraSubjects(
      { keyword: focus, headings: [outline.title, ...headings], questions: serp.questions, pages: serp.pages },
      MAX_EXTRA_SECTIONS,
    ).filter((subject) => findBanned(subject, banned).length === 0)
    let exhausted = false
    while (!exhausted && usage.calls < MAX_EXTRA_SECTIONS && subjects.length > 0) {
      const words = bodyWords([...parts.flat(), ...extra.flatMap((section) => section.blocks)])
      if (!isShortOfTarget(words, target)) break
      const batch = subjects.splice(0, Math.min(MAX_EXTRA_SECTIONS - usage.calls, Math.ceil((target - words) / sectionWords)))
      usage.calls += batch.length
      usage.rounds++
      const allHeadings = [...headings, ...extra.map((section) => section.heading), ...batch]
      // An added section is optional: one whose call fails is left out like one with nothing new.
      const answers = await Promise.all(
        batch.map((heading) =>
          writeSection({ heading, points: [] }, allHeadings).catch((error: unknown) => {
            if (job.signal.aborted) throw error
            return []
          }),
        ),
      )
      answers.forEach((blocks, index) => {
        const section: WrittenSection = { heading: batch[index]!.trim(), level: 'h2', blocks }
        // Nothing new, or a repetition the score would hold against the article: the writer has no more to say.
        if (newMaterialWords(blocks, known) < MIN_NEW_WORDS || !keepsSubstance(draft(), section)) {
          exhausted = true
          return
        }
        for (const key of sentenceKeys(blocks)) known.add(key)
        extra.push(section)
      })
    }
    return { parts, extra, usage }
  }
  // What needs only the outline runs beside the sections: the call to action (its LLM call shares
  // the limit with theirs), the video search and the two images.
  const inlineHeading = headings[Math.min(2, headings.length - 1)] ?? outline.title
  const [{ parts: writtenParts, extra, usage: extraUsage }, ctaAnswer, video, [featured, inline]] = await Promise.all([
    Promise.all([null, ...planSections].map((section) => writeSection(section))).then(extendToTarget),
    business.addCta ? llm(ARTICLE_SCHEMAS.cta, ctaSchema, ctaPrompt({ keyword: focus, profile, title: outline.title })) : null,
    business.addYoutubeVideo ? findVideo(providers, focus, banned) : null,
    createImages(providers, { business, title: outline.title, keyword: focus, inlineHeading, businessName: profile.name }),
  ])
  const [introduction, ...written] = writtenParts
  const outlined: WrittenSection[] = planSections.map((section, index) => ({
    heading: section.heading.trim(),
    level: section.level,
    blocks: written[index] ?? [],
  }))
  // Added sections go before a closing section, else last.
  const closes = outlined.length > 0 && CLOSING_HEADING.test(outlined.at(-1)!.heading)
  const sections = foldThinSections(
    closes ? [...outlined.slice(0, -1), ...extra, outlined.at(-1)!] : [...outlined, ...extra],
    SEO_LIMITS.minimumSectionWords,
    bodyWords,
  )
  const cta = ctaAnswer ? { ...scrubCta(ctaAnswer, banned), url: siteUrl } : null

  step('links')
  const targets = await internalLinkTargets(db, business, planned.id)
  const internalLinks = addInternalLinks(sections, targets, business.internalLinks)

  step('citations')
  // Every number must be on a page we fetched and the sentence cites; the rest is dropped.
  const sourcesForCheck = serp.pages.map((page) => ({ url: page.url, title: page.title, text: page.fullText }))
  const trusted = [focus, outline.title, profile.name, profile.description, profile.valueProposition, profile.services.join(' ')]
  const draftBody = assembleMarkdown({
    title: outline.title,
    introduction: introduction ?? [],
    sections,
    featured: null,
    figures: [],
    cta: null,
    faq: [],
  })
  // Quotes, then numbers, against the pages they cite; then proofreading (fact-check.ts).
  const {
    markdown: checkedBody,
    grounding,
    factCheck: draftCheck,
  } = checkDraft({
    markdown: draftBody,
    sources: sourcesForCheck,
    trusted,
    language: business.language,
  })
  const checked = splitBody(checkedBody, outline.title)
  const fetchedAt = new Map(serp.pages.map((page) => [page.url, page.fetchedAt]))
  const citations = dedupeBy(
    grounding.grounded.map((citation) => ({
      url: citation.url,
      title: citation.title,
      passage: citation.passage,
      fetchedAt: fetchedAt.get(citation.url) ?? new Date().toISOString(),
    })),
    (citation) => `${citation.url}\n${citation.passage}`,
  )

  const images: ArticleImage[] = [featured, inline]
  const inlineAfter = Math.max(
    0,
    checked.sections.findIndex((section) => section.heading === inlineHeading.trim()),
  )
  const figures: Array<{ afterSection: number; markdown: string }> = [
    ...(video ? [{ afterSection: 0, markdown: youtubeEmbedHtml(video.id, video.title)! }] : []),
    { afterSection: inlineAfter, markdown: imageFigure(inline) },
  ]
  step('infographic')
  if (business.includeInfographics) {
    const facts = grounding.grounded.flatMap((citation) =>
      grounding.claims
        .filter(
          (claim) =>
            claim.citedUrls.some((url) => sameUrl(url, citation.url)) && citation.numbers.some((number) => claim.numbers.includes(number)),
        )
        .map((claim) => ({ sentence: claim.sentence, sourceUrl: citation.url, sourceTitle: citation.title })),
    )
    const chart = chartDataFromFacts(
      dedupeBy(facts, (fact) => fact.sentence),
      { keyword: focus },
    )
    if (chart) {
      const { svg, alt } = renderInfographic(chart, { brandColor: business.brandColor })
      const stored = await providers.media.store({
        businessId: business.id,
        bytes: new TextEncoder().encode(svg),
        contentType: 'image/svg+xml',
        slug: `${focus} infographic`,
      })
      const image: ArticleImage = { url: stored.url, alt, prompt: chart.title, kind: 'infographic', width: 800, height: 0 }
      images.push(image)
      const near = sectionMentioning(
        checked.sections,
        chart.points.map((point) => point.label),
      )
      figures.push({ afterSection: near, markdown: imageFigure(image) })
    }
  }

  step('faq', 'and the meta title and description alongside')
  // The FAQ answers from the article's paragraphs (headings and figures left out).
  const paragraphs = [...checked.introduction, ...checked.sections.flatMap((section) => section.blocks)].map(withoutInternalLink)
  const articleText = htmlToText(markdownToSafeHtml(paragraphs.join('\n\n'), { siteUrl }))
  const [faqAnswer, meta] = await Promise.all([
    llm(
      ARTICLE_SCHEMAS.faq,
      faqSchema,
      faqPrompt({ keyword: focus, profile, questions: serp.questions, article: articleText, sources: sourcesFor(focus) }),
    ),
    llm(
      ARTICLE_SCHEMAS.meta,
      metaSchema,
      metaPrompt({ keyword: focus, profile, title: outline.title, introduction: checked.introduction.join(' ') }),
    ),
  ])
  // The FAQ's answers without banned phrases, then through the quote check and proofreading (fact-check.ts).
  const { faq, factCheck } = checkFaq(
    scrubFaq(faqAnswer.questions, banned)
      .filter((item) => item.question.trim() && item.answer.trim())
      .slice(0, 8),
    { sources: sourcesForCheck, trusted, language: business.language, record: draftCheck },
  )
  const assembled = assembleMarkdown({
    title: outline.title,
    introduction: checked.introduction,
    sections: checked.sections,
    featured,
    figures,
    cta,
    faq,
  })
  // Whatever else could carry a banned phrase into the text (an internal link's anchor) is removed.
  const markdown = scrubMarkdown(assembled, banned)

  step('meta')
  const voicedMeta = scrubMeta(meta, banned)
  const metaTitle = fitText(voicedMeta.metaTitle, META_TITLE_MAX)
  const metaDescription = fitText(voicedMeta.metaDescription, META_DESCRIPTION_MAX)
  const [existing] = await db.select({ id: article.id, slug: article.slug }).from(article).where(eq(article.keywordId, planned.id))
  const taken = new Set(
    (
      await db
        .select({ slug: article.slug })
        .from(article)
        .where(and(eq(article.businessId, business.id), existing ? ne(article.id, existing.id) : undefined))
    ).map((item) => item.slug),
  )
  // A regenerated article keeps its address.
  const slug = existing?.slug ?? uniqueSlug(slugify(focus), taken)

  step('schema')
  const base = (business.blogUrl || business.url).replace(/\/+$/, '')
  const now = new Date()
  const jsonLd = buildJsonLd({
    title: outline.title,
    description: metaDescription,
    url: `${base}/${slug}`,
    business: { name: businessName, url: business.url, blogUrl: business.blogUrl },
    images,
    faq,
    datePublished: planned.scheduledAt ?? now,
    dateModified: now,
    keyword: focus,
    appUrl: env().APP_URL,
  })

  step('score')
  const html = markdownToSafeHtml(markdown, { siteUrl })
  const score = scoreArticle(
    {
      keyword: focus,
      title: outline.title,
      metaTitle,
      metaDescription,
      markdown,
      language: business.language,
      audiences: business.targetAudiences,
      siteUrl,
      serpMedianWordCount: serp.medianWords,
      targetWordCount: target,
      serp: {
        results: serp.results.map((result) => ({ title: result.title, snippet: result.description ?? '' })),
        questions: serp.questions,
      },
      images: images.map((image) => ({ alt: image.alt })),
      faqCount: faq.length,
      structuredData: jsonLd,
      articleType: articleType.type,
    },
    { internalLinkTarget: Math.max(1, business.internalLinks) },
  )
  const content: ArticleContent = {
    title: outline.title,
    slug,
    metaTitle,
    metaDescription,
    // The headings as proofread: a section's rewrite finds its section by them.
    outline: checked.sections.map(({ heading, level }) => ({ heading, level })),
    markdown,
    html,
    images,
    video,
    faq,
    jsonLd,
    citations,
    // A link whose sentence went with a banned phrase is no link of the article.
    internalLinks: banned.length > 0 ? internalLinks.filter((link) => markdown.includes(`](${link.url})`)) : internalLinks,
    wordCount: countWords(htmlToText(html)),
    seoChecks: score.checks,
    factCheck,
  }
  const articleId = await saveGeneratedArticle(db, {
    jobId,
    businessId: business.id,
    userId: business.userId,
    keywordId: planned.id,
    keyword: focus,
    articleType,
    // A written article's type stands as it was chosen; otherwise the keyword records who chose.
    articleTypeByUser: typed?.reason ? undefined : userChoice,
    content,
    seoScore: score.score,
    floor: business.seoScoreFloor,
    serpMedianWords: serp.medianWords,
    targetWords: target,
    serpPagesRead: serp.pages.length,
    cost: ledger.totalCost(),
    regenerated: Boolean(existing),
  })
  return {
    articleId,
    resumed: false,
    seoScore: score.score,
    cost: ledger.totalCost(),
    tokens,
    dropped: grounding.ungrounded.length,
    quotesRemoved: factCheck.quotes.removed.length,
    length: {
      target,
      words: content.wordCount,
      plannedSections: planSections.length,
      extraCalls: extraUsage.calls,
      extraRounds: extraUsage.rounds,
      extraSections: extra.length,
    },
  }
}

/**
 * The article, its kept previous version, the keyword's new status and the usage, together. The
 * allowance is checked again in this transaction under the user's lock (lockPlanLimits, taken
 * before the article's row, in the order a business deletion takes them): whatever queued these
 * generations (the RPC, the schedule, a retry, the demo), saves of one user happen one at a time
 * and each sees the usage of those before it, so a plan without metered pricing never gets more
 * articles in a month than it includes. A refused save writes nothing and fails the job with the
 * plan's message.
 */
async function saveGeneratedArticle(
  db: Database,
  saved: {
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
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockPlanLimits(tx, saved.userId)
    const allowance = await checkAllowance(tx, saved.userId, 1).catch((error: unknown) => {
      throw asJobError(error)
    })
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
    await followArticleStatus(tx, saved.keywordId, status, { generatedAt: new Date() })
    await recordArticleHistory(tx, { kind: 'article', action: saved.regenerated ? 'rewritten' : 'written', articleId, jobId: saved.jobId })
    // The keyword shows the type its article was written as, and why.
    await tx
      .update(keywordTable)
      .set({ articleType: saved.articleType.type, articleTypeReason: saved.articleType.reason, articleTypeByUser: saved.articleTypeByUser })
      .where(eq(keywordTable.id, saved.keywordId))
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
    // Past a metered plan's allowance the article is billed: its meter event is written with its
    // usage, and sent to Polar once this commits (docs/product/billing.md).
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

/**
 * Pages an article may link to: the business's best articles, then its published articles
 * (never an unpublished one, never itself) at their live address on the CMS when a publication
 * recorded one, else under the blog's address. Sitemap pages join when the site's crawl stored them.
 */
async function internalLinkTargets(
  db: Database,
  business: typeof businessTable.$inferSelect,
  keywordId: string,
): Promise<ArticleInternalLink[]> {
  const best = (business.bestArticles ?? []).filter(Boolean).map((url) => ({ url, anchor: anchorFromUrl(url), kind: 'best' as const }))
  const published = await db
    .select({ id: article.id, slug: article.slug, title: article.title, keywordId: article.keywordId })
    .from(article)
    .where(and(eq(article.businessId, business.id), eq(article.status, 'published')))
  const live = await db
    .select({ articleId: publication.articleId, url: publication.url })
    .from(publication)
    .where(and(eq(publication.businessId, business.id), eq(publication.status, 'published'), isNotNull(publication.url)))
    .orderBy(asc(publication.createdAt))
  const liveUrl = new Map<string, string>()
  for (const row of live) if (!liveUrl.has(row.articleId)) liveUrl.set(row.articleId, row.url!)
  const base = (business.blogUrl || business.url).replace(/\/+$/, '')
  const ours = published
    .filter((item) => item.keywordId !== keywordId)
    .map((item) => ({ url: liveUrl.get(item.id) ?? `${base}/${item.slug}`, anchor: item.title, kind: 'article' as const }))
  return dedupeBy([...best, ...ours], (target) => target.url)
}

function anchorFromUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? ''
    const text = decodeURIComponent(last)
      .replace(/\.[a-z]+$/, '')
      .replace(/[-_]+/g, ' ')
      .trim()
    return text ? text[0]!.toUpperCase() + text.slice(1) : new URL(url).hostname
  } catch {
    return url
  }
}

/** The article Markdown (without figures) back into its introduction and sections. */
function splitBody(markdown: string, title: string): { introduction: string[]; sections: WrittenSection[] } {
  const blocks = markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
  const introduction: string[] = []
  const sections: WrittenSection[] = []
  for (const block of blocks) {
    const heading = /^(#{1,3}) (.+)$/.exec(block)
    if (heading && heading[1] === '#' && heading[2] === title) continue
    if (heading && heading[1] !== '#') {
      sections.push({ heading: heading[2]!, level: heading[1] === '##' ? 'h2' : 'h3', blocks: [] })
      continue
    }
    if (sections.length === 0) introduction.push(block)
    else sections.at(-1)!.blocks.push(block)
  }
  return { introduction, sections }
}

/** The business as the writer's prompts describe it: name, offer, services, audiences, language and tone. */
export function writerProfileOf(business: typeof businessTable.$inferSelect): WriterProfile {
  return {
    name: business.name ?? new URL(business.url).hostname,
    url: business.url,
    description: business.description ?? '',
    valueProposition: business.valueProposition ?? '',
    services: (business.primaryServices?.length ? business.primaryServices : (business.services ?? [])).filter(Boolean),
    audiences: business.targetAudiences ?? [],
    language: business.language,
    tone: business.tone,
    voice: writerVoiceOf(business),
  }
}

export function withInstruction(request: { system: string; prompt: string }, instruction: string) {
  return instruction ? { system: `${request.system} The user asked for this change: ${instruction}`, prompt: request.prompt } : request
}

const wordSet = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  )

function rankByWords<T>(items: T[], text: (item: T) => string, query: string): T[] {
  const wanted = wordSet(query)
  const score = (item: T) => [...wordSet(text(item))].filter((word) => wanted.has(word)).length
  return [...items].sort((a, b) => score(b) - score(a))
}

export function rankSources<T extends { title: string; headings: string[]; text: string }>(pages: T[], query: string): T[] {
  return rankByWords(pages, (page) => `${page.title} ${page.headings.join(' ')} ${page.text.slice(0, 3000)}`, query)
}

function sectionMentioning(sections: WrittenSection[], labels: string[]): number {
  const ranked = rankByWords(
    sections.map((section, index) => ({ index, text: `${section.heading} ${section.blocks.join(' ')}` })),
    (item) => item.text,
    labels.join(' '),
  )
  return ranked[0]?.index ?? 0
}

const sameUrl = (a: string, b: string) =>
  a
    .replace(/[#?].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase() ===
  b
    .replace(/[#?].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase()

function dedupeBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>()
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)))
}

async function findVideo(providers: Providers, keyword: string, banned: readonly string[]): Promise<ArticleContent['video']> {
  // A video whose title holds a banned phrase would show it in the article.
  const found = (await providers.youtube.searchVideos(keyword, { maxResults: 5 })).filter(
    (item) => findBanned(item.title, banned).length === 0,
  )
  const best = rankByWords(found, (item) => item.title, keyword)[0]
  return best && youtubeEmbedHtml(best.videoId, best.title) ? { id: best.videoId, title: best.title, channel: best.channelTitle } : null
}

/** The featured and the inline image, in the business's image style and brand colour, stored and served by the app. */
async function createImages(
  providers: Providers,
  request: { business: typeof businessTable.$inferSelect; title: string; keyword: string; inlineHeading: string; businessName: string },
): Promise<[ArticleImage, ArticleImage]> {
  const { business, title, keyword, inlineHeading } = request
  const style = `${business.imageStyle} style, brand colour ${business.brandColor}, no text in the image`
  const wanted = [
    {
      prompt: `${style}. Featured image for an article titled "${title}" by ${request.businessName}.`,
      size: '1536x1024',
      kind: 'featured',
      alt: title,
    },
    {
      prompt: `${style}. Illustration for the section "${inlineHeading}" of an article about ${keyword}.`,
      size: '1024x1024',
      kind: 'inline',
      alt: `${inlineHeading} — ${keyword}`,
    },
  ] as const
  const [featured, inline] = await Promise.all(
    wanted.map(async (image): Promise<ArticleImage> => {
      const generated = await providers.images.generate({ prompt: image.prompt, size: image.size })
      const stored = await providers.media.store({
        businessId: business.id,
        bytes: generated.bytes,
        contentType: generated.mimeType,
        slug: `${keyword} ${image.kind}`,
      })
      const [width, height] = image.size.split('x').map(Number) as [number, number]
      return { url: stored.url, alt: image.alt, prompt: image.prompt, kind: image.kind, width, height }
    }),
  )
  return [featured!, inline!]
}

/** Runs at most `size` tasks at once, the rest waiting in order. */
function createLimiter(size: number) {
  let running = 0
  const waiting: Array<() => void> = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((start) => waiting.push(start))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
