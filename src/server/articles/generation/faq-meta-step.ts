import { and, eq, ne } from 'drizzle-orm'
import { article } from '~/server/db/schema'
import { assembleMarkdown, fitText, META_DESCRIPTION_MAX, META_TITLE_MAX, slugify, uniqueSlug, withoutInternalLink } from '../assemble'
import { scrubFaq, scrubMarkdown, scrubMeta } from '../banned-phrases'
import { checkFaq } from '../fact-check'
import { htmlToText, markdownToSafeHtml } from '../html'
import { ARTICLE_SCHEMAS, faqPrompt, faqSchema, metaPrompt, metaSchema } from '../prompts'
import type { Figures } from './infographic-step'
import { sourcesForSection } from './ranking'
import type { GenerationState } from './state'

/**
 * The FAQ and the meta title and description (their LLM calls at once), the article's Markdown
 * with its figures, call to action and FAQ, and its address: a regenerated article keeps its own.
 */
export async function writeFaqAndMeta(state: GenerationState, figures: Figures) {
  const { run, sources, outline, written, grounded } = state
  const { business, focus, profile, banned, planned } = run
  const { serp } = sources
  const siteUrl = business.url
  run.step('faq', 'and the meta title and description alongside')
  // The FAQ answers from the article's paragraphs (headings and figures left out).
  const paragraphs = [...grounded.introduction, ...grounded.sections.flatMap((section) => section.blocks)].map(withoutInternalLink)
  const articleText = htmlToText(markdownToSafeHtml(paragraphs.join('\n\n'), { siteUrl }))
  const [faqAnswer, meta] = await Promise.all([
    run.llm(
      ARTICLE_SCHEMAS.faq,
      faqSchema,
      faqPrompt({
        keyword: focus,
        profile,
        questions: serp.questions,
        article: articleText,
        sources: sourcesForSection(serp.pages, focus, focus),
      }),
    ),
    run.llm(
      ARTICLE_SCHEMAS.meta,
      metaSchema,
      metaPrompt({ keyword: focus, profile, title: outline.title, introduction: grounded.introduction.join(' ') }),
    ),
  ])
  // The FAQ's answers without banned phrases, then through the quote check and proofreading (fact-check.ts).
  const { faq, factCheck } = checkFaq(
    scrubFaq(faqAnswer.questions, banned)
      .filter((item) => item.question.trim() && item.answer.trim())
      .slice(0, 8),
    { sources: grounded.sources, trusted: grounded.trusted, language: business.language, record: grounded.factCheck },
  )
  const assembled = assembleMarkdown({
    title: outline.title,
    introduction: grounded.introduction,
    sections: grounded.sections,
    featured: written.featured,
    figures: figures.figures,
    cta: written.cta,
    faq,
  })
  // Whatever else could carry a banned phrase into the text (an internal link's anchor) is removed.
  const markdown = scrubMarkdown(assembled, banned)

  run.step('meta')
  const voicedMeta = scrubMeta(meta, banned)
  const metaTitle = fitText(voicedMeta.metaTitle, META_TITLE_MAX)
  const metaDescription = fitText(voicedMeta.metaDescription, META_DESCRIPTION_MAX)
  const db = run.job.db
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
  return { faq, factCheck, markdown, metaTitle, metaDescription, slug, regenerated: Boolean(existing) }
}

export type FaqAndMeta = Awaited<ReturnType<typeof writeFaqAndMeta>>
