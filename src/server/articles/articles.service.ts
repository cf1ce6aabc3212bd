import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, ne, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { checkAllowance } from '~/server/billing/usage'
import type { Database } from '~/server/db'
import { article, articleVersion, business, jobRun, keyword, TERMINAL_JOB_RUN_STATES, usage } from '~/server/db/schema'
import { enqueueJob } from '~/server/jobs'
import { enqueueEach } from '~/server/jobs/enqueue-each'
import { appError } from '~/server/rpc/errors'
import { findUserPlan } from '~/server/access/plan-access'
import { lockPlanLimits } from '~/server/billing/plan-limits'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import { publicationsOf } from '~/server/publishing/publish.service'
import { ARTICLES_DEFAULT_SORT } from '~/shared/articles/article-table'
import type { JoinOperator } from '~/shared/data-table/config'
import type { FilterItem, SortItem } from '~/shared/data-table/filter-schema'
import { FilterError, filtersToSql, sortToSql, type ColumnMap } from '~/server/data-table/filter-to-sql'
import { RPC_ERRORS } from '~/server/rpc/errors'
import { ARTICLE_ERRORS } from './articles.errors'
import { articleGenerateJob } from './articles.jobs'
import { safeJsonLd } from './assemble'
import { ARTICLE_USAGE_KEY_PREFIX } from './generation/save-step'
import { sectionSpan } from './rewrite-section'
import { recordArticleHistory } from '~/server/history/record'

const unfinished = notInArray(jobRun.state, [...TERMINAL_JOB_RUN_STATES])
export const singletonKeyOf = (keywordId: string) => `article:${keywordId}`

async function ownedKeyword(db: Database, businessId: string, keywordId: string) {
  const [row] = await db
    .select({ id: keyword.id, keyword: keyword.keyword, status: keyword.status })
    .from(keyword)
    .where(and(eq(keyword.id, keywordId), eq(keyword.businessId, businessId)))
  if (!row) throw appError(ARTICLE_ERRORS.KEYWORD_NOT_FOUND)
  return row
}

/** Refuses while the keyword's article is being written: what it saves would replace any change made meanwhile. */
export async function refuseWhileGenerating(db: Pick<Database, 'select'>, keywordId: string) {
  const [running] = await db
    .select({ id: jobRun.id })
    .from(jobRun)
    .where(and(eq(jobRun.kind, articleGenerateJob.name), eq(jobRun.singletonKey, singletonKeyOf(keywordId)), unfinished))
  if (running) throw appError(ARTICLE_ERRORS.ARTICLE_GENERATING)
}

/**
 * Whole-article generations of the user's that are queued, running or waiting for a retry and
 * have not recorded their usage yet: each holds one of the month's articles (enqueueGeneration).
 * A failed or cancelled one holds nothing; a saved one is counted by its usage row instead.
 */
export async function articlesInFlight(db: Pick<Database, 'select'>, userId: string): Promise<number> {
  const recorded = db
    .select({ id: usage.id })
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.idempotencyKey, sql`${ARTICLE_USAGE_KEY_PREFIX} || ${jobRun.id}::text`)))
  const [row] = await db
    .select({ n: count() })
    .from(jobRun)
    .where(
      and(
        eq(jobRun.kind, articleGenerateJob.name),
        eq(jobRun.userId, userId),
        unfinished,
        sql`${jobRun.input}->>'section' is null`,
        notExists(recorded),
      ),
    )
  return row?.n ?? 0
}

/**
 * Queues a generation. A whole article takes one of the month's articles as one atomic
 * reservation (docs/product/limits.md): in one transaction, the user's lock (lockPlanLimits), the
 * allowance counting the generations already in flight, and the job itself, which holds the
 * reservation until it records its usage (or fails, which frees it). N calls at once with M
 * articles left queue M; the rest get the plan's own message (ALLOWANCE_REACHED). A rewrite of one
 * section is not an article: it is neither counted nor locked.
 */
async function enqueueGeneration(
  db: Database,
  target: { userId: string; businessId: string; keywordId: string; instruction?: string; section?: string },
) {
  return db.transaction(async (tx) => {
    const whole = !target.section
    if (whole) await lockPlanLimits(tx, target.userId)
    await refuseWhileGenerating(tx, target.keywordId)
    if (whole) await checkAllowance(tx, target.userId, 1, { reserved: await articlesInFlight(tx, target.userId) })
    const queued = await enqueueJob(tx, {
      kind: articleGenerateJob,
      userId: target.userId,
      businessId: target.businessId,
      input: {
        businessId: target.businessId,
        keywordId: target.keywordId,
        ...(target.instruction ? { instruction: target.instruction } : {}),
        ...(target.section ? { section: target.section } : {}),
      },
      singletonKey: singletonKeyOf(target.keywordId),
    })
    return { jobId: queued.id }
  })
}

/** "Generate now" for a planned keyword without an article. Answers the job id to watch. */
export async function startArticleGeneration(db: Database, target: { userId: string; businessId: string; keywordId: string }) {
  const planned = await ownedKeyword(db, target.businessId, target.keywordId)
  if (planned.status === 'archived') throw appError(ARTICLE_ERRORS.KEYWORD_ARCHIVED)
  const [existing] = await db.select({ id: article.id }).from(article).where(eq(article.keywordId, planned.id))
  if (existing) throw appError(ARTICLE_ERRORS.ARTICLE_EXISTS)
  return enqueueGeneration(db, target)
}

/** Writes an article again (against today's results), optionally with an instruction; the current content is kept as a version. */
export async function regenerateArticle(
  db: Database,
  target: { userId: string; businessId: string; articleId: string; instruction?: string; section?: string },
) {
  const current = await ownedArticle(db, target.businessId, target.articleId)
  if (!current.keywordId) throw appError(ARTICLE_ERRORS.ARTICLE_WITHOUT_KEYWORD)
  if (target.section !== undefined && !sectionSpan(current.markdown, target.section)) throw appError(ARTICLE_ERRORS.SECTION_NOT_FOUND)
  return enqueueGeneration(db, { ...target, keywordId: current.keywordId })
}

async function ownedArticle(db: Database, businessId: string, articleId: string) {
  const [row] = await db
    .select()
    .from(article)
    .where(and(eq(article.id, articleId), eq(article.businessId, businessId)))
  if (!row) throw appError(ARTICLE_ERRORS.ARTICLE_NOT_FOUND)
  return row
}

/** Every field of one article, its planned day, its kept versions (newest first) and where it was published. */
export async function getArticle(db: Database, businessId: string, articleId: string) {
  const row = await ownedArticle(db, businessId, articleId)
  const [planned] = row.keywordId
    ? await db.select({ scheduledAt: keyword.scheduledAt, status: keyword.status }).from(keyword).where(eq(keyword.id, row.keywordId))
    : []
  const versions = await db
    .select({
      id: articleVersion.id,
      version: articleVersion.version,
      reason: articleVersion.reason,
      seoScore: articleVersion.seoScore,
      createdAt: articleVersion.createdAt,
    })
    .from(articleVersion)
    .where(eq(articleVersion.articleId, row.id))
    .orderBy(desc(articleVersion.version))
  const failing = row.seoChecks.filter((check) => !check.passed)
  return {
    ...row,
    // The article page and the API embed it: addresses re-checked for JSON-LD stored before the rule held.
    jsonLd: safeJsonLd(row.jsonLd) as typeof row.jsonLd,
    scheduledAt: planned?.scheduledAt ?? null,
    failingChecks: failing,
    versions,
    // Where it is live: each target it was sent to, with the post's address (docs/product/publishing.md).
    publications: await publicationsOf(db, businessId, row.id),
  }
}

/** One kept version of an article, whole (for a comparison with the current content). */
export async function getArticleVersion(db: Database, businessId: string, articleId: string, versionId: string) {
  const row = await ownedArticle(db, businessId, articleId)
  const [kept] = await db
    .select()
    .from(articleVersion)
    .where(and(eq(articleVersion.id, versionId), eq(articleVersion.articleId, row.id)))
  if (!kept) throw appError(ARTICLE_ERRORS.VERSION_NOT_FOUND)
  return { id: kept.id, version: kept.version, reason: kept.reason, seoScore: kept.seoScore, createdAt: kept.createdAt, ...kept.content }
}

/**
 * Brings a kept version back as the current content, as a new version ("restored"), so the content
 * it replaces stays restorable too. Content that changed needs approving again: an approved, draft
 * or held article becomes a draft, or held when the version's score is under the business's floor;
 * a published or archived one keeps its status. No provider is called and nothing is counted.
 */
export async function restoreArticleVersion(db: Database, businessId: string, articleId: string, versionId: string) {
  const row = await ownedArticle(db, businessId, articleId)
  if (row.keywordId) await refuseWhileGenerating(db, row.keywordId)
  const [kept] = await db
    .select()
    .from(articleVersion)
    .where(and(eq(articleVersion.id, versionId), eq(articleVersion.articleId, row.id)))
  if (!kept) throw appError(ARTICLE_ERRORS.VERSION_NOT_FOUND)
  const [{ floor }] = await db.select({ floor: business.seoScoreFloor }).from(business).where(eq(business.id, businessId))
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(article).where(eq(article.id, row.id)).for('update')
    if (!current) throw appError(ARTICLE_ERRORS.ARTICLE_NOT_FOUND)
    if (current.version === kept.version) return
    const version = current.version + 1
    const settled = current.status === 'published' || current.status === 'archived'
    const status = settled ? current.status : kept.seoScore < floor ? ('held' as const) : ('draft' as const)
    const now = new Date()
    await tx
      .update(article)
      .set({
        ...kept.content,
        // A version kept before the checks were recorded has none.
        factCheck: kept.content.factCheck ?? null,
        seoScore: kept.seoScore,
        version,
        revision: current.revision + 1,
        status,
        ...(settled ? {} : { approvedAt: null }),
        updatedAt: now,
      })
      .where(eq(article.id, current.id))
    await tx
      .insert(articleVersion)
      .values({ articleId: current.id, version, reason: 'restored', content: kept.content, seoScore: kept.seoScore, createdAt: now })
    await followArticleStatus(tx, current.keywordId, status)
    await recordArticleHistory(tx, { kind: 'article', action: 'restored', articleId: current.id, detail: { version: kept.version } })
  })
  return getArticle(db, businessId, articleId)
}

/**
 * Takes an article off the plan: it is archived, and so is its keyword, so the schedule does not
 * write it again (restoring the keyword on the Keywords page plans it again).
 */
export async function archiveArticle(db: Database, businessId: string, articleId: string) {
  const row = await ownedArticle(db, businessId, articleId)
  if (row.keywordId) await refuseWhileGenerating(db, row.keywordId)
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx.update(article).set({ status: 'archived', approvedAt: null, updatedAt: now }).where(eq(article.id, row.id))
    await followArticleStatus(tx, row.keywordId, 'archived')
    await recordArticleHistory(tx, { kind: 'article', action: 'archived', articleId: row.id })
  })
  return getArticle(db, businessId, articleId)
}

/**
 * Deletes an article and its versions. Its keyword is archived, so the schedule does not write it
 * again by itself (restoring the keyword plans it again, and it is written anew).
 */
export async function deleteArticle(db: Database, businessId: string, articleId: string) {
  const row = await ownedArticle(db, businessId, articleId)
  if (row.keywordId) await refuseWhileGenerating(db, row.keywordId)
  await db.transaction(async (tx) => {
    await recordArticleHistory(tx, { kind: 'article', action: 'deleted', articleId: row.id })
    await tx.delete(article).where(eq(article.id, row.id))
    if (row.keywordId)
      await tx.update(keyword).set({ status: 'archived', generatedAt: null, updatedAt: new Date() }).where(eq(keyword.id, row.keywordId))
  })
  return { id: row.id }
}

/**
 * The content calendar of one month (UTC days): every keyword planned on a day of it, with its
 * article when it has one; an archived keyword shows only when it has an article. `nextPlanned` is
 * the first such day from today on, in any month: the calendar opens on its month when the current
 * one has nothing left (docs/product/routes.md).
 */
export async function articleCalendar(db: Database, businessId: string, month: string, now = new Date()) {
  const from = new Date(`${month}-01T00:00:00.000Z`)
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1))
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const shown = and(eq(keyword.businessId, businessId), or(ne(keyword.status, 'archived'), isNotNull(article.id)))
  const [rows, [next]] = await Promise.all([
    db
      .select({
        keywordId: keyword.id,
        keyword: keyword.keyword,
        keywordStatus: keyword.status,
        scheduledAt: keyword.scheduledAt,
        articleId: article.id,
        title: article.title,
        status: article.status,
        seoScore: article.seoScore,
      })
      .from(keyword)
      .leftJoin(article, eq(article.keywordId, keyword.id))
      .where(and(shown, gte(keyword.scheduledAt, from), lt(keyword.scheduledAt, to)))
      .orderBy(asc(keyword.scheduledAt), asc(keyword.keyword)),
    db
      .select({ scheduledAt: keyword.scheduledAt })
      .from(keyword)
      .leftJoin(article, eq(article.keywordId, keyword.id))
      .where(and(shown, gte(keyword.scheduledAt, today)))
      .orderBy(asc(keyword.scheduledAt))
      .limit(1),
  ])
  return { month, entries: rows.map((row) => ({ ...row, scheduledAt: row.scheduledAt! })), nextPlanned: next?.scheduledAt ?? null }
}

/** The Content list's columns in SQL: what its filters and sorts can reach (the keyword's planned day through the join). */
const ARTICLE_COLUMNS: ColumnMap = {
  title: { column: article.title, type: 'text', nullable: false },
  keyword: { column: article.keyword, type: 'text', nullable: false },
  status: { column: article.status, type: 'text', nullable: false },
  seoScore: { column: article.seoScore, type: 'integer', nullable: false },
  scheduledAt: { column: keyword.scheduledAt, type: 'date', nullable: true },
  publishedAt: { column: article.publishedAt, type: 'date', nullable: true },
}

export interface ArticleListQuery {
  page: number
  perPage: number
  sort?: readonly SortItem[]
  filters?: readonly FilterItem[]
  joinOperator?: JoinOperator
}

/** One page of the business's articles, filtered and sorted (default: the latest planned day first), with the total. */
export async function listArticles(db: Database, businessId: string, query: ArticleListQuery, now = new Date()) {
  let filters: SQL | undefined
  let orderBy: SQL[]
  try {
    filters = filtersToSql(query.filters ?? [], query.joinOperator ?? 'and', ARTICLE_COLUMNS, now)
    orderBy = sortToSql(query.sort && query.sort.length > 0 ? query.sort : ARTICLES_DEFAULT_SORT, ARTICLE_COLUMNS)
  } catch (error) {
    // The input schema refuses these first; a direct caller still gets a 400, never a 500.
    if (error instanceof FilterError) throw appError(RPC_ERRORS.INVALID_INPUT, { message: error.message, cause: error })
    throw error
  }
  const where = and(eq(article.businessId, businessId), filters)
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: article.id,
        title: article.title,
        slug: article.slug,
        keyword: article.keyword,
        keywordId: article.keywordId,
        status: article.status,
        seoScore: article.seoScore,
        wordCount: article.wordCount,
        scheduledAt: keyword.scheduledAt,
        publishedAt: article.publishedAt,
        updatedAt: article.updatedAt,
      })
      .from(article)
      .leftJoin(keyword, eq(keyword.id, article.keywordId))
      .where(where)
      .orderBy(...orderBy, asc(article.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(article).leftJoin(keyword, eq(keyword.id, article.keywordId)).where(where),
  ])
  return { items, total, page: query.page, perPage: query.perPage, pageCount: Math.ceil(total / query.perPage) }
}

/** A person cleared the article: it is published on its day (draft or held → approved). */
export async function approveArticle(db: Database, businessId: string, articleId: string) {
  const row = await ownedArticle(db, businessId, articleId)
  if (row.status === 'approved') return getArticle(db, businessId, articleId)
  if (row.status !== 'draft' && row.status !== 'held') throw appError(ARTICLE_ERRORS.ARTICLE_NOT_APPROVABLE)
  await db.transaction(async (tx) => {
    const approved = await tx
      .update(article)
      .set({ status: 'approved', approvedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(article.id, row.id), eq(article.status, row.status)))
      .returning({ id: article.id })
    // Approved and waiting for its day: its keyword shows scheduled.
    if (approved.length > 0) {
      await followArticleStatus(tx, row.keywordId, 'approved')
      await recordArticleHistory(tx, { kind: 'article', action: 'approved', articleId: row.id })
    }
  })
  return getArticle(db, businessId, articleId)
}

/**
 * Starts the generation of every scheduled keyword whose day is within its business's lead time
 * and that has no article yet, for owners with a plan and articles left this month. A keyword
 * already being written is skipped (the job's singleton key holds under races too).
 */
export async function generateDueArticles(db: Database, now = new Date()) {
  const due = await db
    .select({ keywordId: keyword.id, businessId: keyword.businessId, userId: business.userId })
    .from(keyword)
    .innerJoin(business, eq(business.id, keyword.businessId))
    .leftJoin(article, eq(article.keywordId, keyword.id))
    .where(
      and(
        eq(keyword.status, 'scheduled'),
        isNull(article.id),
        lte(keyword.scheduledAt, sql`${now.toISOString()}::timestamptz + make_interval(days => ${business.articleLeadDays})`),
      ),
    )
    .orderBy(asc(keyword.scheduledAt))
  const refused = new Set<string>()
  const started = await enqueueEach(due, {
    enqueue: (item) => enqueueGeneration(db, item),
    skip: async (item) => {
      if (refused.has(item.userId)) return true
      if (await findUserPlan(db, item.userId)) return false
      refused.add(item.userId)
      return true
    },
    failed: (item, error) => {
      if ((error as { data?: { reason?: string } }).data?.reason === ARTICLE_ERRORS.ARTICLE_GENERATING.reason) return null
      // This month's articles are used up: the owner's next keywords wait for the allowance too.
      refused.add(item.userId)
      return 'info'
    },
    scope: 'articles',
    describe: (item) => item.keywordId,
  })
  return { due: due.length, started: started.length }
}
