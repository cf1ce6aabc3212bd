import { z } from 'zod'
import { articlePublications, publishArticleNow, unpublishArchived } from '~/server/publishing/publish.service'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { tableListInputSchema } from '~/server/data-table/table-input'
import {
  ARTICLE_FILTER_FIELDS,
  ARTICLE_SORTABLE_COLUMNS,
  ARTICLES_DEFAULT_SORT,
  ARTICLES_PAGE_SIZE,
  ARTICLES_PAGE_SIZE_OPTIONS,
} from '~/shared/articles/article-table'
import { businessIdInput, rowId } from '~/shared/id-inputs'
import { previewArticleEdit, saveArticleEdit } from './edit'
import {
  approveArticle,
  archiveArticle,
  articleCalendar,
  deleteArticle,
  getArticle,
  getArticleVersion,
  listArticles,
  refuseWhileGenerating,
  regenerateArticle,
  restoreArticleVersion,
  startArticleGeneration,
} from './articles.service'

/** Page, perPage, sort, filters and joinOperator over the Content list's columns only. */
const articleListInput = tableListInputSchema({
  fields: ARTICLE_FILTER_FIELDS,
  sortable: ARTICLE_SORTABLE_COLUMNS,
  defaultSort: ARTICLES_DEFAULT_SORT,
  defaultPerPage: ARTICLES_PAGE_SIZE,
  pageSizes: ARTICLES_PAGE_SIZE_OPTIONS,
})

const articleInput = businessIdInput.extend({ articleId: rowId('Article id') })
const versionInput = articleInput.extend({ versionId: rowId('Version id') })
const editInput = articleInput.extend({
  markdown: z.string().max(200_000, 'Keep the article under 200,000 characters.'),
  metaTitle: z.string().trim().min(1, 'Write a meta title.').max(60, 'Keep the meta title to 60 characters.'),
  metaDescription: z.string().trim().min(1, 'Write a meta description.').max(160, 'Keep the meta description to 160 characters.'),
})

/** Articles of one of the caller's businesses (docs/product/pipeline.md §4). */
export const articleRouter = {
  /** "Publish now": to every enabled target (an article already published is updated); answers the job id. */
  publish: ownedBusinessProcedure(articleInput).handler(({ context, input }) =>
    publishArticleNow(context.db, { userId: context.user.id, businessId: context.businessId, articleId: input.articleId }),
  ),
  /** Where the article went: per target its status, link, last sync and error, and the publishing job running, if any. */
  publications: ownedBusinessProcedure(articleInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => articlePublications(context.db, context.businessId, input.articleId)),
  /** "Generate now" for a planned keyword: answers the job id whose steps show live. */
  generate: ownedBusinessProcedure(businessIdInput.extend({ keywordId: rowId('Keyword id') })).handler(({ context, input }) =>
    startArticleGeneration(context.db, { userId: context.user.id, businessId: context.businessId, keywordId: input.keywordId }),
  ),
  /** Every field of the article, its SEO score breakdown with fix hints, and its versions. */
  get: ownedBusinessProcedure(articleInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => getArticle(context.db, context.businessId, input.articleId)),
  /** One month of the plan: each planned day's keyword with its article, if written. */
  calendar: ownedBusinessProcedure(
    businessIdInput.extend({
      month: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM.')
        .refine((value) => Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100, 'Give a month between 2000 and 2100.'),
    }),
  )
    .route({ method: 'GET' })
    .handler(({ context, input }) => articleCalendar(context.db, context.businessId, input.month)),
  /** One page of the business's articles: the Content list's filters, sort and paging. */
  list: ownedBusinessProcedure(businessIdInput.extend(articleListInput.unwrap().shape))
    .route({ method: 'GET' })
    .handler(({ context, input }) => listArticles(context.db, context.businessId, input)),
  /** A draft or held article cleared for publishing on its day. */
  approve: ownedBusinessProcedure(articleInput).handler(({ context, input }) =>
    approveArticle(context.db, context.businessId, input.articleId),
  ),
  /** The editor's live preview: what saving the edit would make of it (HTML, score), without saving. */
  preview: ownedBusinessProcedure(editInput).handler(({ context, input }) =>
    previewArticleEdit(context.db, context.businessId, input.articleId, input),
  ),
  /** The editor's (auto)save, over the revision it started from: CONFLICT when the article changed meanwhile. */
  save: ownedBusinessProcedure(editInput.extend({ revision: z.number().int().min(1) })).handler(({ context, input }) =>
    saveArticleEdit(context.db, context.businessId, input.articleId, input, (keywordId) => refuseWhileGenerating(context.db, keywordId)),
  ),
  /** Off the plan: the article and its keyword are archived. */
  archive: ownedBusinessProcedure(articleInput).handler(async ({ context, input }) => {
    const archived = await archiveArticle(context.db, context.businessId, input.articleId)
    // Its posts come off the sites (where the CMS allows), in the background.
    await unpublishArchived(context.db, { userId: context.user.id, businessId: context.businessId, articleId: input.articleId })
    return archived
  }),
  /** Deletes the article and its versions; its keyword is archived. */
  delete: ownedBusinessProcedure(articleInput).handler(({ context, input }) =>
    deleteArticle(context.db, context.businessId, input.articleId),
  ),
  /** One kept version, whole, to compare with the current content. */
  version: ownedBusinessProcedure(versionInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => getArticleVersion(context.db, context.businessId, input.articleId, input.versionId)),
  /** A kept version back as the current content (itself a new version, so nothing is lost). */
  restore: ownedBusinessProcedure(versionInput).handler(({ context, input }) =>
    restoreArticleVersion(context.db, context.businessId, input.articleId, input.versionId),
  ),
  /** Writes the article (or one section of it) again, optionally with an instruction; the current content is kept as a version. */
  regenerate: ownedBusinessProcedure(
    articleInput.extend({
      instruction: z.string().trim().max(500, 'Keep the instruction to 500 characters.').optional(),
      /** Rewrite only this section (its heading); the whole article when left out. */
      section: z.string().trim().min(1).max(300).optional(),
    }),
  ).handler(({ context, input }) =>
    regenerateArticle(context.db, {
      userId: context.user.id,
      businessId: context.businessId,
      articleId: input.articleId,
      instruction: input.instruction,
      section: input.section,
    }),
  ),
}
