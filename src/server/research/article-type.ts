import { and, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { article, keyword } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import {
  ARTICLE_TYPE_DESCRIPTIONS,
  ARTICLE_TYPE_LABELS,
  plannedArticleType,
  USER_CHOSEN_TYPE_REASON,
  type ArticleType,
} from '~/shared/articles/article-types'
import { RESEARCH_ERRORS } from './research.errors'

/** What the why-panel shows of a keyword's article type (docs/product/pipeline.md, "Article types"). */
export interface KeywordArticleType {
  type: ArticleType
  label: string
  description: string
  reason: string
  chosenByUser: boolean
  /** False once its article is written: the article keeps the type it was written as. */
  changeable: boolean
}

type KeywordRow = Pick<typeof keyword.$inferSelect, 'keyword' | 'searchIntent' | 'articleType' | 'articleTypeReason' | 'articleTypeByUser'>

/** The keyword's type as stored, or as research would choose it (a keyword planned before types). */
export function keywordArticleType(row: KeywordRow, written: boolean): KeywordArticleType {
  const chosen =
    row.articleType && row.articleTypeReason
      ? { type: row.articleType, reason: row.articleTypeReason }
      : (({ articleType, articleTypeReason }) => ({ type: articleType, reason: articleTypeReason }))(
          plannedArticleType(row.keyword, row.searchIntent ?? null),
        )
  return {
    type: chosen.type,
    label: ARTICLE_TYPE_LABELS[chosen.type],
    description: ARTICLE_TYPE_DESCRIPTIONS[chosen.type],
    reason: chosen.reason,
    chosenByUser: row.articleTypeByUser,
    changeable: !written,
  }
}

/**
 * Sets the type a keyword's article is written as, before it is written; `null` gives the choice
 * back to the writer (chosen again from the keyword, then from its search results at writing time).
 * A keyword of another business is NOT_FOUND, like a missing one; one whose article exists is refused.
 */
export async function setKeywordArticleType(
  db: Database,
  businessId: string,
  input: { keywordId: string; type: ArticleType | null },
): Promise<KeywordArticleType> {
  const [row] = await db
    .select()
    .from(keyword)
    .where(and(eq(keyword.id, input.keywordId), eq(keyword.businessId, businessId)))
  if (!row) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_FOUND)
  const [written] = await db.select({ id: article.id }).from(article).where(eq(article.keywordId, row.id))
  if (written) throw appError(RESEARCH_ERRORS.ARTICLE_TYPE_WRITTEN)
  const values =
    input.type === null
      ? { ...plannedArticleType(row.keyword, row.searchIntent ?? null), articleTypeByUser: false }
      : { articleType: input.type, articleTypeReason: USER_CHOSEN_TYPE_REASON, articleTypeByUser: true }
  const [updated] = await db
    .update(keyword)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(keyword.id, row.id))
    .returning()
  return keywordArticleType(updated!, false)
}
