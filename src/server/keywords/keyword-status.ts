import { eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { keyword } from '~/server/db/schema'
import type { ArticleStatus } from '~/shared/articles/article'
import { KEYWORD_STATUS_OF_ARTICLE } from '~/shared/keyword-status'

/**
 * Sets a keyword's status to what its article's status makes it (src/shared/keyword-status.ts).
 * Every change of an article's status calls it in the same transaction, so the Keywords screen
 * never tells another story than the Content screen.
 */
export async function followArticleStatus(
  tx: Pick<Database, 'update'>,
  keywordId: string | null,
  articleStatus: ArticleStatus,
  extra: Partial<Pick<typeof keyword.$inferInsert, 'generatedAt'>> = {},
) {
  if (!keywordId) return
  await tx
    .update(keyword)
    .set({ status: KEYWORD_STATUS_OF_ARTICLE[articleStatus], ...extra, updatedAt: new Date() })
    .where(eq(keyword.id, keywordId))
}
