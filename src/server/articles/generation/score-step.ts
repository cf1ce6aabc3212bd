import { env } from '~/env'
import type { ArticleContent } from '~/shared/articles/article'
import { countWords } from '~/shared/articles/readability'
import { scoreArticle } from '~/shared/articles/seo-score'
import { buildJsonLd } from '../assemble'
import { htmlToText, markdownToSafeHtml } from '../html'
import type { FaqAndMeta } from './faq-meta-step'
import type { Figures } from './infographic-step'
import type { GenerationState } from './state'

/** The structured data, then the HTML and the SEO score: the article's content as it is saved. */
export function scoreContent(state: GenerationState, figures: Figures, text: FaqAndMeta): { content: ArticleContent; seoScore: number } {
  const { run, sources, outline, written, grounded } = state
  const { business, planned, focus, banned } = run
  const { serp, target } = sources
  const { images } = figures
  const { faq, markdown, metaTitle, metaDescription, slug } = text
  run.step('schema')
  const base = (business.blogUrl || business.url).replace(/\/+$/, '')
  const now = new Date()
  const jsonLd = buildJsonLd({
    title: outline.title,
    description: metaDescription,
    url: `${base}/${slug}`,
    business: { name: run.businessName, url: business.url, blogUrl: business.blogUrl },
    images,
    faq,
    datePublished: planned.scheduledAt ?? now,
    dateModified: now,
    keyword: focus,
    appUrl: env().APP_URL,
  })

  run.step('score')
  const html = markdownToSafeHtml(markdown, { siteUrl: business.url })
  const score = scoreArticle(
    {
      keyword: focus,
      title: outline.title,
      metaTitle,
      metaDescription,
      markdown,
      language: business.language,
      audiences: business.targetAudiences,
      siteUrl: business.url,
      serpMedianWordCount: serp.medianWords,
      targetWordCount: target,
      serp: {
        results: serp.results.map((result) => ({ title: result.title, snippet: result.description ?? '' })),
        questions: serp.questions,
      },
      images: images.map((image) => ({ alt: image.alt })),
      faqCount: faq.length,
      structuredData: jsonLd,
      articleType: sources.articleType.type,
    },
    { internalLinkTarget: Math.max(1, business.internalLinks) },
  )
  const content: ArticleContent = {
    title: outline.title,
    slug,
    metaTitle,
    metaDescription,
    // The headings as proofread: a section's rewrite finds its section by them.
    outline: grounded.sections.map(({ heading, level }) => ({ heading, level })),
    markdown,
    html,
    images,
    video: written.video,
    faq,
    jsonLd,
    citations: grounded.citations,
    // A link whose sentence went with a banned phrase is no link of the article.
    internalLinks:
      banned.length > 0 ? grounded.internalLinks.filter((link) => markdown.includes(`](${link.url})`)) : grounded.internalLinks,
    wordCount: countWords(htmlToText(html)),
    seoChecks: score.checks,
    factCheck: text.factCheck,
  }
  return { content, seoScore: score.score }
}
