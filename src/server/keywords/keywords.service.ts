import { and, asc, count, eq, getTableColumns, inArray, sql, type Query, type SQL } from 'drizzle-orm'
import { alias, PgDialect, type AnyPgColumn, type PreparedQueryConfig, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core'
import { FilterError, filtersToSql, sortToSql } from '~/server/data-table/filter-to-sql'
import type { Database } from '~/server/db'
import { article, deletedKeyword, keyword, keywordCluster, longTailKeyword } from '~/server/db/schema'
import { appError, RPC_ERRORS } from '~/server/rpc/errors'
import type { JoinOperator } from '~/shared/data-table/config'
import type { FilterItem, SortItem } from '~/shared/data-table/filter-schema'
import { handStatusRefusal, keywordStatusFor } from '~/shared/keyword-status'
import { KEYWORDS_BULK_LIMIT, KEYWORDS_DEFAULT_SORT, type KeywordStatus } from '~/shared/keywords'
import { KEYWORD_COLUMNS, keywordClusterJoin, keywordOwnColumns, type KeywordTableColumns } from './keyword-columns'
import { KEYWORD_ERRORS } from './keywords.errors'

export { KEYWORDS_MAX_PAGE_SIZE, KEYWORDS_PAGE_SIZE } from '~/shared/keywords'

/** The keyword columns of a Keywords-screen row (docs/product/keywords-table.md), on `table`. */
const keywordRowColumns = (table: KeywordTableColumns) => ({
  id: table.id,
  keyword: table.keyword,
  searchIntent: table.searchIntent,
  searchVolume: table.searchVolume,
  difficulty: table.difficulty,
  priority: table.priority,
  status: table.status,
  source: table.source,
  scheduledAt: table.scheduledAt,
  createdAt: table.createdAt,
})

export type KeywordRow = { [K in keyof ReturnType<typeof keywordRowColumns>]: (typeof keyword.$inferSelect)[K] } & {
  /** The label of the keyword's topic cluster; null when it has none. */
  clusterLabel: string | null
}
/**
 * A whole keyword row, as keyword.delete keeps it for an undo; without keywordLower, which the
 * database derives from keyword.
 */
export type KeywordRecord = Omit<typeof keyword.$inferSelect, 'keywordLower'>
const { keywordLower: _derived, ...keywordRecordColumns } = getTableColumns(keyword)

export interface KeywordListQuery {
  businessId: string
  /** 1-based. */
  page: number
  perPage: number
  sort?: readonly SortItem[]
  filters?: readonly FilterItem[]
  joinOperator?: JoinOperator
  /** Extra conditions ANDed after the business scope. */
  where?: SQL
  /**
   * Replaces the sort list's order; id is always the final tie-breaker. The page statement orders
   * twice, so this builds the order on the columns it is given (the keyword table's, then the
   * page's), using only the columns the page carries: a row's (keywordRowColumns), cluster_id and
   * business_id.
   */
  orderBy?: (table: KeywordTableColumns) => SQL[]
}

export interface KeywordListOptions {
  /** "Today" for relative-date filters; tests pin it. */
  now?: Date
}

export interface KeywordPage {
  items: KeywordRow[]
  total: number
  page: number
  perPage: number
  pageCount: number
}

/**
 * The page statement (keywordPageQuery) picks the page's rows first, filtered, sorted and limited
 * as if alone, then joins each of those rows to its topic cluster by the cluster's primary key, so
 * the join touches the page's rows only, never the whole business:
 *
 *   select <page's row columns>, keyword_cluster.label
 *   from (select <row columns>, cluster_id, business_id from keywords.keyword
 *         where … order by … limit … offset …) page
 *   left join keywords.keyword_cluster on <keywordClusterJoin(page)>
 *   order by <the same order, on page>
 *
 * A join does not promise to keep its input's order, so the outer query orders again (the planner
 * knows the page is ordered already and adds no sort of its own). The page carries only the
 * columns it needs: a sort of all the business's rows copies every column the page selects
 * (`select *` made the sorted views about 25% slower on the benchmark's 100,000 keywords).
 */
const PAGE = 'page'
const page = alias(keyword, PAGE)
const PAGE_COLUMNS = keywordOwnColumns(page)

/** The WHERE and ORDER BY of a list query: business first, so no filter can widen it; the ORDER BY also on the page. */
export function keywordListSql(query: KeywordListQuery, options: KeywordListOptions = {}) {
  const sort = query.sort && query.sort.length > 0 ? query.sort : KEYWORDS_DEFAULT_SORT
  let filters: SQL | undefined
  let sortOrder: SQL[]
  let pageSortOrder: SQL[]
  try {
    filters = filtersToSql(query.filters ?? [], query.joinOperator ?? 'and', KEYWORD_COLUMNS, options.now ?? new Date())
    sortOrder = sortToSql(sort, KEYWORD_COLUMNS)
    pageSortOrder = sortToSql(sort, PAGE_COLUMNS)
  } catch (error) {
    // The input schema refuses these first; a direct caller still gets a 400, never a 500.
    if (error instanceof FilterError) throw appError(RPC_ERRORS.INVALID_INPUT, { message: error.message, cause: error })
    throw error
  }
  const where = and(eq(keyword.businessId, query.businessId), filters, query.where)
  const orderBy = [...(query.orderBy?.(keyword) ?? sortOrder), asc(keyword.id)]
  const pageOrderBy = [...(query.orderBy?.(page) ?? pageSortOrder), asc(page.id)]
  return { where, orderBy, pageOrderBy }
}

/**
 * The two statements of a list call, compiled. The fixed parts (the row's columns, the table,
 * the join) are compiled once; per call only the WHERE, ORDER BY and paging are. drizzle's query
 * builder spent ~0.1 ms a call rebuilding the same select list and FROM, a tenth of the fastest
 * list queries (docs/decisions/0008). The columns are keywordRowColumns' own, so rows are mapped
 * by their column types exactly as a builder select would map them.
 */
const dialect = new PgDialect()
const pageRowColumns = { ...keywordRowColumns(page), clusterLabel: keywordCluster.label }
const rowFields: SelectedFieldsOrdered = Object.entries(pageRowColumns).map(([key, column]) => ({ path: [key], field: column }))
const totalFields: SelectedFieldsOrdered = [{ path: ['total'], field: count() }]
const rowAndTotalFields: SelectedFieldsOrdered = [...rowFields, ...totalFields]
const compiledText = (fragment: SQL) => dialect.sqlToQuery(fragment).sql
const TABLE = compiledText(sql`${keyword}`)
const columnList = (columns: AnyPgColumn[]) =>
  compiledText(
    sql.join(
      columns.map((column) => sql`${column}`),
      sql`, `,
    ),
  )
const PAGE_ROW_COLUMNS = columnList([...Object.values(keywordRowColumns(keyword)), keyword.clusterId, keyword.businessId])
const SELECT_PAGE_COLUMNS = `select ${columnList(Object.values(pageRowColumns))}`
const FROM_PAGE = ` from (select ${PAGE_ROW_COLUMNS} from ${TABLE} where `
const JOIN_CLUSTER = compiledText(sql`${sql.identifier(PAGE)} left join ${keywordCluster} on ${keywordClusterJoin(page)}`)
const SELECT_TOTAL = `select count(*) from ${TABLE}`

/** A page size or offset as SQL text: only ever a whole, non-negative number. */
function wholeNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Expected a whole number, got ${value}`)
  return String(value)
}

/**
 * The page's and the count's SQL and parameters (exported for the benchmark, which runs them
 * directly). One statement answers both: each row carries the total as its last column, from an
 * uncorrelated subquery the database evaluates once, so a list call costs one round trip to the
 * database, not two (docs/decisions/0008). `total` alone is for a page past the last row, which has
 * no row to carry it. The WHERE is compiled once and used by both, with the same parameters.
 */
export function keywordPageQuery(query: KeywordListQuery, options: KeywordListOptions = {}): { items: Query; total: Query } {
  const { where, orderBy, pageOrderBy } = keywordListSql(query, options)
  const filter = dialect.sqlToQuery(where ?? sql`true`)
  const order = dialect.sqlToQuery(sql.join(orderBy, sql`, `))
  const pageOrder = dialect.sqlToQuery(sql.join(pageOrderBy, sql`, `))
  const paging = ` limit ${wholeNumber(query.perPage)} offset ${wholeNumber((query.page - 1) * query.perPage)}`
  const total = { sql: `${SELECT_TOTAL} where ${filter.sql}`, params: filter.params }
  const items =
    order.params.length === 0 && pageOrder.params.length === 0
      ? {
          // The filter's placeholders ($1…) appear twice: PostgreSQL binds each once.
          sql: `${SELECT_PAGE_COLUMNS}, (${total.sql})${FROM_PAGE}${filter.sql} order by ${order.sql}${paging}) ${JOIN_CLUSTER} order by ${pageOrder.sql}`,
          params: filter.params,
        }
      : dialect.sqlToQuery(
          sql`${sql.raw(SELECT_PAGE_COLUMNS)}, (${sql.raw(SELECT_TOTAL)} where ${where ?? sql`true`})${sql.raw(FROM_PAGE)}${where} order by ${sql.join(orderBy, sql`, `)}${sql.raw(paging)}) ${sql.raw(JOIN_CLUSTER)} order by ${sql.join(pageOrderBy, sql`, `)}`,
        )
  return { items, total }
}

/**
 * One page of a business's keywords (filtered, sorted) and the total matching count.
 */
export async function listKeywords(db: Database, query: KeywordListQuery, options: KeywordListOptions = {}): Promise<KeywordPage> {
  const queries = keywordPageQuery(query, options)
  const { session } = db._
  const rows = await session
    .prepareQuery<{ execute: Array<KeywordRow & { total: number }> } & PreparedQueryConfig>(
      queries.items,
      rowAndTotalFields,
      undefined,
      true,
    )
    .execute()
  let total = rows[0]?.total ?? 0
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await session
      .prepareQuery<{ execute: { total: number }[] } & PreparedQueryConfig>(queries.total, totalFields, undefined, true)
      .execute()
    total = counted?.total ?? 0
  }
  const items = rows.map(({ total: _total, ...row }) => row)
  return { items, total, page: query.page, perPage: query.perPage, pageCount: Math.ceil(total / query.perPage) }
}

function checkBulkSize(count: number) {
  if (count > KEYWORDS_BULK_LIMIT) throw appError(KEYWORD_ERRORS.KEYWORDS_TOO_MANY)
}

const unique = <T>(values: readonly T[]) => [...new Set(values)]

/**
 * Refuses the whole action when any id is not one of the business's keywords (missing or
 * another business's alike): nothing is changed then.
 */
async function ownedIds(tx: Pick<Database, 'select'>, businessId: string, ids: readonly string[]) {
  const wanted = unique(ids)
  checkBulkSize(wanted.length)
  if (wanted.length === 0) return wanted
  const rows = await tx
    .select({ id: keyword.id })
    .from(keyword)
    .where(and(eq(keyword.businessId, businessId), inArray(keyword.id, wanted)))
    .for('update')
  if (rows.length !== wanted.length) throw appError(KEYWORD_ERRORS.KEYWORDS_NOT_FOUND)
  return wanted
}

/**
 * Sets the status of some of the business's keywords by hand (archive is status "archived"), by
 * the one status model (src/shared/keyword-status.ts): a keyword with an article follows it, so
 * archiving one archives its article in the same transaction; any keyword the rule refuses
 * refuses the whole action, with the rule's message. Answers the articles archived, whose posts
 * then come off their sites.
 */
export async function setKeywordStatus(db: Database, businessId: string, ids: readonly string[], status: KeywordStatus) {
  // Published follows the article (publishing sets it), never a user's say-so.
  if (status === 'published') throw appError(KEYWORD_ERRORS.KEYWORD_STATUS_PUBLISHED)
  return db.transaction(async (tx) => {
    const owned = await ownedIds(tx, businessId, ids)
    if (owned.length === 0) return { updated: 0, archivedArticleIds: [] as string[] }
    const rows = await tx
      .select({
        id: keyword.id,
        status: keyword.status,
        scheduledAt: keyword.scheduledAt,
        articleId: article.id,
        articleStatus: article.status,
      })
      .from(keyword)
      .leftJoin(article, eq(article.keywordId, keyword.id))
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.id, owned)))
    for (const row of rows) {
      const refusal = handStatusRefusal(status, row)
      if (refusal) throw appError(KEYWORD_ERRORS[refusal])
    }
    const now = new Date()
    const updated = await tx
      .update(keyword)
      .set({ status, updatedAt: now })
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.id, owned)))
      .returning({ id: keyword.id })
    const archivedArticleIds = rows.flatMap((row) =>
      status === 'archived' && row.articleId && row.articleStatus !== 'archived' ? [row.articleId] : [],
    )
    if (archivedArticleIds.length > 0) {
      await tx.update(article).set({ status: 'archived', approvedAt: null, updatedAt: now }).where(inArray(article.id, archivedArticleIds))
    }
    return { updated: updated.length, archivedArticleIds }
  })
}

/** The keyword columns stored as timestamps: JSON keeps them as ISO strings. */
const keywordDateColumns = Object.entries(keywordRecordColumns)
  .filter(([, column]) => column.dataType === 'date')
  .map(([name]) => name)

/**
 * A kept row (deleted_keyword.row) back as a keyword row of `businessId`: only the keyword
 * table's columns, timestamps as dates again.
 */
function keywordFromKept(kept: Record<string, unknown>, businessId: string): KeywordRecord {
  const row: Record<string, unknown> = {}
  for (const name of Object.keys(keywordRecordColumns)) {
    const value = kept[name]
    row[name] = keywordDateColumns.includes(name) && typeof value === 'string' ? new Date(value) : value
  }
  return { ...(row as KeywordRecord), businessId }
}

/**
 * Deletes some of the business's keywords. The rows are kept server-side (deleted_keyword) for
 * an undo; the caller gets only their ids, which keyword.restore takes back.
 */
export async function deleteKeywords(db: Database, businessId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
  return db.transaction(async (tx) => {
    const owned = await ownedIds(tx, businessId, ids)
    if (owned.length === 0) return { ids: [] }
    const rows = await tx
      .delete(keyword)
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.id, owned)))
      .returning(keywordRecordColumns)
    const deletedAt = new Date()
    await tx
      .insert(deletedKeyword)
      .values(rows.map((row) => ({ id: row.id, businessId, row, deletedAt })))
      .onConflictDoUpdate({
        target: deletedKeyword.id,
        set: { businessId: sql`excluded.business_id`, row: sql`excluded.row`, deletedAt: sql`excluded.deleted_at` },
      })
    return { ids: rows.map((row) => row.id) }
  })
}

/**
 * Undoes a delete: puts back exactly the rows keyword.delete kept for this business, by id. An id
 * that is not a kept row of the business (unknown, another business's, already restored or
 * purged) refuses the whole undo with NOT_FOUND; a row whose keyword exists again is a CONFLICT.
 * Either way nothing is restored and the kept rows stay. A long-tail keyword link that no longer
 * exists in the business is cleared, as deleting it would.
 */
export async function restoreKeywords(db: Database, businessId: string, ids: readonly string[]): Promise<{ restored: number }> {
  const wanted = unique(ids)
  checkBulkSize(wanted.length)
  if (wanted.length === 0) return { restored: 0 }
  return db.transaction(async (tx) => {
    // Taking the kept rows out locks them: a concurrent second undo of the same ids finds none.
    const kept = await tx
      .delete(deletedKeyword)
      .where(and(eq(deletedKeyword.businessId, businessId), inArray(deletedKeyword.id, wanted)))
      .returning({ row: deletedKeyword.row })
    if (kept.length !== wanted.length) throw appError(KEYWORD_ERRORS.KEYWORDS_NOT_RESTORABLE)
    const rows = kept.map((entry) => keywordFromKept(entry.row, businessId))
    const linkIds = unique(rows.flatMap((row) => (row.longTailKeywordId ? [row.longTailKeywordId] : [])))
    const links = new Set(
      linkIds.length === 0
        ? []
        : (
            await tx
              .select({ id: longTailKeyword.id })
              .from(longTailKeyword)
              .where(and(eq(longTailKeyword.businessId, businessId), inArray(longTailKeyword.id, linkIds)))
          ).map((row) => row.id),
    )
    const linked = (id: string | null) => (id && links.has(id) ? id : null)
    const inserted = await tx
      .insert(keyword)
      .values(
        rows.map((row) => ({
          ...row,
          longTailKeywordId: linked(row.longTailKeywordId),
          // Its article (if any) was let go when it was deleted: it comes back without one (src/shared/keyword-status.ts).
          status: keywordStatusFor({ articleStatus: null, status: row.status, scheduledAt: row.scheduledAt }),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: keyword.id })
    // Any conflict (same id, or same keyword text in the business) refuses the whole undo.
    if (inserted.length !== rows.length) throw appError(KEYWORD_ERRORS.KEYWORD_ALREADY_EXISTS)
    return { restored: inserted.length }
  })
}
