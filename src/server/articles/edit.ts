import { and, eq } from 'drizzle-orm'
import { Lexer, type Token, type Tokens } from 'marked'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { article, articleVersion, business, keyword } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import type { ArticleContent, ArticleImage, ArticleStatus } from '~/shared/articles/article'
import { countWords } from '~/shared/articles/readability'
import { scoreArticle, serpTopicsOf } from '~/shared/articles/seo-score'
import { ARTICLE_ERRORS } from './articles.errors'
import { buildJsonLd, FAQ_HEADING } from './assemble'
import { htmlToText, imageSource, markdownToSafeHtml } from './html'
import { recordArticleHistory } from '~/server/history/record'

/** What the editor changes: the Markdown body (title included, as its H1) and the meta fields. */
export interface ArticleEdit {
  markdown: string
  metaTitle: string
  metaDescription: string
}

/** Consecutive saves within this long of an edit's version amend it rather than keep one version per autosave. */
export const EDIT_SESSION_MS = 30 * 60 * 1000

type ArticleRow = typeof article.$inferSelect

interface EditContext {
  current: ArticleRow
  business: { name: string; url: string; blogUrl: string | null; language: string; internalLinks: number; audiences: string[] }
  scheduledAt: Date | null
  now: Date
  /** The app's public URL: where /media/ images are served (JSON-LD). */
  appUrl: string
}

/** Plain text of a heading's inline Markdown ("**Best** beans" → "Best beans"). */
function inlineText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback
  return tokens
    .map((token) => ('tokens' in token && token.tokens ? inlineText(token.tokens, token.raw) : 'text' in token ? token.text : ''))
    .join('')
    .trim()
}

function walk(tokens: Token[], visit: (token: Token) => void) {
  for (const token of tokens) {
    visit(token)
    if ('tokens' in token && token.tokens) walk(token.tokens, visit)
    if (token.type === 'list') for (const item of (token as Tokens.List).items) walk(item.tokens, visit)
  }
}

/**
 * The article's content as the edited Markdown now says it, derived the way generation derives
 * it: the title from the one H1, the outline from the H2s and H3s before the FAQ, the FAQ from the
 * questions under its heading, images from the Markdown (keeping what generation knew of each),
 * citations, internal links and the video while the text still carries them; then the HTML
 * through the sanitiser, the JSON-LD, the word count and the SEO score.
 */
export function contentFromEdit(edit: ArticleEdit, context: EditContext): { content: ArticleContent; seoScore: number } {
  const { current } = context
  const tokens = new Lexer({ gfm: true }).lex(edit.markdown)
  const headings = tokens.filter((token): token is Tokens.Heading => token.type === 'heading')
  const h1 = headings.find((heading) => heading.depth === 1)
  const title = h1 ? inlineText(h1.tokens, h1.text) : ''
  if (!title) throw appError(ARTICLE_ERRORS.EDIT_NO_TITLE)

  const outline: ArticleContent['outline'] = []
  const faq: ArticleContent['faq'] = []
  let inFaq = false
  let question: { question: string; answer: string[] } | undefined
  const closeQuestion = () => {
    if (question && question.answer.length > 0) faq.push({ question: question.question, answer: question.answer.join(' ') })
    question = undefined
  }
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading
      const text = inlineText(heading.tokens, heading.text)
      if (heading.depth <= 2) {
        closeQuestion()
        inFaq = heading.depth === 2 && text.toLowerCase() === FAQ_HEADING.toLowerCase()
        if (heading.depth === 2 && !inFaq) outline.push({ heading: text, level: 'h2' })
      } else if (inFaq && heading.depth === 3) {
        closeQuestion()
        question = { question: text, answer: [] }
      } else if (!inFaq && heading.depth === 3) {
        outline.push({ heading: text, level: 'h3' })
      }
    } else if (question && token.type === 'paragraph') {
      question.answer.push((token as Tokens.Paragraph).text.trim())
    }
  }
  closeQuestion()

  const known = new Map(current.images.map((image) => [image.url, image]))
  const images: ArticleImage[] = []
  const links = new Set<string>()
  walk(tokens, (token) => {
    if (token.type === 'image') {
      const image = token as Tokens.Image
      const before = known.get(image.href)
      // An image the sanitiser drops from the HTML is no image of the article's (html.ts).
      if (imageSource(image.href) !== undefined && !images.some((kept) => kept.url === image.href))
        images.push(
          before ? { ...before, alt: image.text } : { url: image.href, alt: image.text, prompt: '', kind: 'inline', width: 0, height: 0 },
        )
    } else if (token.type === 'link') {
      links.add((token as Tokens.Link).href)
    }
  })

  const siteUrl = context.business.url
  const html = markdownToSafeHtml(edit.markdown, { siteUrl })
  const base = (context.business.blogUrl || context.business.url).replace(/\/+$/, '')
  const jsonLd = buildJsonLd({
    title,
    description: edit.metaDescription,
    url: `${base}/${current.slug}`,
    business: { name: context.business.name, url: context.business.url, blogUrl: context.business.blogUrl },
    images,
    faq,
    datePublished: current.publishedAt ?? context.scheduledAt ?? context.now,
    dateModified: context.now,
    keyword: current.keyword,
    appUrl: context.appUrl,
  })
  const score = scoreArticle(
    {
      keyword: current.keyword,
      title,
      metaTitle: edit.metaTitle,
      metaDescription: edit.metaDescription,
      markdown: edit.markdown,
      language: context.business.language,
      audiences: context.business.audiences,
      siteUrl,
      serpMedianWordCount: current.serpMedianWords,
      // The length the article was written to (null before targets: the SERP median's rule).
      targetWordCount: current.targetWords,
      // The search results generation measured coverage against, kept with its check.
      serp: serpTopicsOf(current.seoChecks),
      images: images.map((image) => ({ alt: image.alt })),
      faqCount: faq.length,
      structuredData: jsonLd,
      articleType: current.type,
    },
    { internalLinkTarget: Math.max(1, context.business.internalLinks) },
  )
  const content: ArticleContent = {
    title,
    slug: current.slug,
    metaTitle: edit.metaTitle,
    metaDescription: edit.metaDescription,
    outline,
    markdown: edit.markdown,
    html,
    images,
    video: current.video && edit.markdown.includes(current.video.id) ? current.video : null,
    faq,
    jsonLd,
    citations: current.citations.filter((citation) => links.has(citation.url)),
    internalLinks: current.internalLinks.filter((link) => links.has(link.url)),
    wordCount: countWords(htmlToText(html)),
    seoChecks: score.checks,
    // The checks after writing describe the text as written; an edit keeps their record.
    factCheck: current.factCheck ?? null,
  }
  return { content, seoScore: score.score }
}

async function editContext(db: Database, businessId: string, articleId: string, now: Date) {
  const [row] = await db
    .select({
      current: article,
      business: {
        name: business.name,
        url: business.url,
        blogUrl: business.blogUrl,
        language: business.language,
        internalLinks: business.internalLinks,
        audiences: business.targetAudiences,
        floor: business.seoScoreFloor,
      },
      scheduledAt: keyword.scheduledAt,
    })
    .from(article)
    .innerJoin(business, eq(business.id, article.businessId))
    .leftJoin(keyword, eq(keyword.id, article.keywordId))
    .where(and(eq(article.id, articleId), eq(article.businessId, businessId)))
  if (!row) throw appError(ARTICLE_ERRORS.ARTICLE_NOT_FOUND)
  return {
    ...row,
    business: { ...row.business, name: row.business.name ?? new URL(row.business.url).hostname },
    now,
    appUrl: env().APP_URL,
  }
}

/** What a save would make of the edit (HTML, score, word count), without saving: the editor's live preview. */
export async function previewArticleEdit(db: Database, businessId: string, articleId: string, edit: ArticleEdit, now = new Date()) {
  const context = await editContext(db, businessId, articleId, now)
  const { content, seoScore } = contentFromEdit(edit, context)
  return { title: content.title, html: content.html, wordCount: content.wordCount, seoScore, seoChecks: content.seoChecks }
}

/** A draft or held article's status follows its score; an approval, a publication or an archive stands. */
function statusAfterEdit(status: ArticleStatus, seoScore: number, floor: number): ArticleStatus {
  if (status !== 'draft' && status !== 'held') return status
  return seoScore < floor ? 'held' : 'draft'
}

/**
 * Saves the editor's content over the revision it started from (CONFLICT when the article changed
 * meanwhile: regenerated, restored or saved from another tab). The content it replaces is kept: the
 * first save of an editing session starts a new version ("edited"); saves within EDIT_SESSION_MS
 * of it amend that version, so autosave keeps one version per session rather than one per pause.
 */
export async function saveArticleEdit(
  db: Database,
  businessId: string,
  articleId: string,
  edit: ArticleEdit & { revision: number },
  refuseWhileGenerating: (keywordId: string) => Promise<void>,
  now = new Date(),
) {
  const context = await editContext(db, businessId, articleId, now)
  if (context.current.keywordId) await refuseWhileGenerating(context.current.keywordId)
  const { content, seoScore } = contentFromEdit(edit, context)
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(article).where(eq(article.id, articleId)).for('update')
    if (!current) throw appError(ARTICLE_ERRORS.ARTICLE_NOT_FOUND)
    if (current.revision !== edit.revision) throw appError(ARTICLE_ERRORS.EDIT_CONFLICT)
    const [latest] = await tx
      .select({ id: articleVersion.id, reason: articleVersion.reason, createdAt: articleVersion.createdAt })
      .from(articleVersion)
      .where(and(eq(articleVersion.articleId, current.id), eq(articleVersion.version, current.version)))
    const amend = latest?.reason === 'edited' && now.getTime() - latest.createdAt.getTime() < EDIT_SESSION_MS
    const version = amend ? current.version : current.version + 1
    const revision = current.revision + 1
    const status = statusAfterEdit(current.status, seoScore, context.business.floor)
    await tx
      .update(article)
      .set({ ...content, seoScore, version, revision, status, updatedAt: now })
      .where(eq(article.id, current.id))
    if (amend) await tx.update(articleVersion).set({ content, seoScore }).where(eq(articleVersion.id, latest.id))
    else await tx.insert(articleVersion).values({ articleId: current.id, version, reason: 'edited', content, seoScore, createdAt: now })
    await recordArticleHistory(tx, {
      kind: 'article',
      action: 'edited',
      articleId: current.id,
      key: `edited:${current.id}:${version}`,
      at: now,
    })
    return {
      revision,
      version,
      status,
      seoScore,
      seoChecks: content.seoChecks,
      title: content.title,
      html: content.html,
      wordCount: content.wordCount,
      savedAt: now,
    }
  })
}
