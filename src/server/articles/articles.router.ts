import { z } from 'zod'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { ARTICLE_STATUSES } from '~/shared/articles/article'
import { businessIdInput, rowId } from '~/shared/setup-wizard'
import {
  ARTICLES_PAGE_SIZE,
  approveArticle,
  getArticle,
  getArticleVersion,
  listArticles,
  regenerateArticle,
  restoreArticleVersion,
  startArticleGeneration,
} from './articles.service'

const articleInput = businessIdInput.extend({ articleId: rowId('Article id') })
const versionInput = articleInput.extend({ versionId: rowId('Version id') })

/** Articles of one of the caller's businesses (docs/product/pipeline.md §4). */
export const articleRouter = {
  /** "Generate now" for a planned keyword: answers the job id whose steps show live. */
  generate: ownedBusinessProcedure(businessIdInput.extend({ keywordId: rowId('Keyword id') })).handler(({ context, input }) =>
    startArticleGeneration(context.db, { userId: context.user.id, businessId: context.businessId, keywordId: input.keywordId }),
  ),
  /** Every field of the article, its SEO score breakdown with fix hints, and its versions. */
  get: ownedBusinessProcedure(articleInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => getArticle(context.db, context.businessId, input.articleId)),
  /** One page of the business's articles, optionally of some statuses. */
  list: ownedBusinessProcedure(
    businessIdInput.extend({
      page: z.number().int().min(1).max(10_000).default(1),
      perPage: z.number().int().min(1).max(100).default(ARTICLES_PAGE_SIZE),
      status: z.array(z.enum(ARTICLE_STATUSES)).max(ARTICLE_STATUSES.length).optional(),
    }),
  )
    .route({ method: 'GET' })
    .handler(({ context, input }) => listArticles(context.db, context.businessId, input)),
  /** A draft or held article cleared for publishing on its day. */
  approve: ownedBusinessProcedure(articleInput).handler(({ context, input }) =>
    approveArticle(context.db, context.businessId, input.articleId),
  ),
  /** One kept version, whole, to compare with the current content. */
  version: ownedBusinessProcedure(versionInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => getArticleVersion(context.db, context.businessId, input.articleId, input.versionId)),
  /** A kept version back as the current content (itself a new version, so nothing is lost). */
  restore: ownedBusinessProcedure(versionInput).handler(({ context, input }) =>
    restoreArticleVersion(context.db, context.businessId, input.articleId, input.versionId),
  ),
  /** Writes the article again, optionally with an instruction; the current content is kept as a version. */
  regenerate: ownedBusinessProcedure(
    articleInput.extend({ instruction: z.string().trim().max(500, 'Keep the instruction to 500 characters.').optional() }),
  ).handler(({ context, input }) =>
    regenerateArticle(context.db, {
      userId: context.user.id,
      businessId: context.businessId,
      articleId: input.articleId,
      instruction: input.instruction,
    }),
  ),
}
