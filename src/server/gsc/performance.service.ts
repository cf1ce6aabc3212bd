import { and, asc, between, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { ARTICLE_ERRORS } from '~/server/articles/articles.errors'
import { article, gscSearchAnalytics } from '~/server/db/schema'
import { appError, RPC_ERRORS } from '~/server/rpc/errors'
import type { SortItem } from '~/shared/data-table/filter-schema'
import type { TopDimension, TopSortColumn } from '~/shared/search-console'
import { addDays, daysBetween, eachDay } from './dates'
import { connectionOf } from './properties.service'

/**
 * The performance of a business's property over a date range, from the synced rows
 * (docs/product/search-console.md): a daily series and totals for the range and for the period of
 * the same length just before it; and its queries or pages, sorted and paged in the database. CTR
 * is clicks ÷ impressions; the average position is weighted by impressions, as Search Console
 * computes it.
 */

export interface Metrics {
  clicks: number
  impressions: number
  /** clicks ÷ impressions; 0 without impressions. */
  ctr: number
  /** Impression-weighted average position; null without impressions. */
  position: number | null
}

export interface PerformanceInput {
  from: string
  to: string
  /** One page's numbers only (its full URL as Search Console reports it). */
  page?: string
  /** One article's numbers only: the pages whose last path segment is its slug. */
  articleId?: string
}

export interface TopInput {
  from: string
  to: string
  dimension: TopDimension
  /** One article's queries or pages only (its pages found as pagesOfArticle finds them). */
  articleId?: string
  /** Only the queries (or pages) whose text holds this, any case, taken literally (no wildcards); blank is no filter. */
  contains?: string
  page: number
  perPage: number
  sort: SortItem[]
}

const t = gscSearchAnalytics
const clicks = sql<number>`coalesce(sum(${t.clicks}), 0)::float8`
const impressions = sql<number>`coalesce(sum(${t.impressions}), 0)::float8`
const weightedPosition = sql<number>`coalesce(sum(${t.position} * ${t.impressions}), 0)::float8`

/** Metrics from sums: the one place CTR and the weighted position are computed. */
export function metricsOf(sums: { clicks: number; impressions: number; positionSum: number }): Metrics {
  return {
    clicks: sums.clicks,
    impressions: sums.impressions,
    ctr: sums.impressions > 0 ? sums.clicks / sums.impressions : 0,
    position: sums.impressions > 0 ? sums.positionSum / sums.impressions : null,
  }
}

/** Relative change from `before` to `now` (0.25 = +25%); null when there was nothing before. */
export const changeOf = (now: number | null, before: number | null) => (now === null || !before ? null : (now - before) / before)

/** The rows of a business in a date range, of some pages only when `pages` is given. */
function scope(businessId: string, from: string, to: string, pages?: string[]): SQL {
  return and(
    eq(t.businessId, businessId),
    between(t.date, from, to),
    pages ? (pages.length ? inArray(t.page, pages) : sql`false`) : undefined,
  )!
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** The Search Console pages of one of the business's articles: its slug as the address's last segment, with or without a trailing slash. */
export async function pagesOfArticle(db: Database, businessId: string, articleId: string) {
  const [row] = await db
    .select({ slug: article.slug })
    .from(article)
    .where(and(eq(article.id, articleId), eq(article.businessId, businessId)))
  if (!row) throw appError(ARTICLE_ERRORS.ARTICLE_NOT_FOUND)
  const slug = likeEscape(row.slug.toLowerCase())
  const pages = await db
    .selectDistinct({ page: t.page })
    .from(t)
    .where(and(eq(t.businessId, businessId), or(sql`lower(${t.page}) like ${`%/${slug}`}`, sql`lower(${t.page}) like ${`%/${slug}/`}`)))
  return pages.map((item) => item.page)
}

async function dailySeries(db: Database, businessId: string, from: string, to: string, pages?: string[]) {
  const rows = await db
    .select({ date: t.date, clicks, impressions, positionSum: weightedPosition })
    .from(t)
    .where(scope(businessId, from, to, pages))
    .groupBy(t.date)
    .orderBy(asc(t.date))
  const byDate = new Map(rows.map((row) => [row.date, row]))
  // Every day of the range, so a chart's x axis has no holes: a day without rows is zero.
  const series = eachDay(from, to).map((date) => ({
    date,
    ...metricsOf(byDate.get(date) ?? { clicks: 0, impressions: 0, positionSum: 0 }),
  }))
  const sums = rows.reduce(
    (total, row) => ({
      clicks: total.clicks + row.clicks,
      impressions: total.impressions + row.impressions,
      positionSum: total.positionSum + row.positionSum,
    }),
    { clicks: 0, impressions: 0, positionSum: 0 },
  )
  return { series, totals: metricsOf(sums) }
}

/**
 * One page of the range's queries or pages with their metrics, in the order asked (every column
 * either way; a missing position last), then most impressions and the text, so pages never
 * overlap; and how many there are in all.
 */
export async function topRows(db: Database, businessId: string, input: TopInput) {
  const only = input.articleId ? await pagesOfArticle(db, businessId, input.articleId) : undefined
  const key = input.dimension === 'query' ? t.query : t.page
  const columns: Record<TopSortColumn, SQL> = {
    key: sql`${key}`,
    clicks,
    impressions,
    ctr: sql`(${clicks} / nullif(${impressions}, 0))`,
    position: sql`(${weightedPosition} / nullif(${impressions}, 0))`,
  }
  const order = input.sort.map((item) => {
    const column = columns[item.id as TopSortColumn]
    if (!column) throw appError(RPC_ERRORS.INVALID_INPUT, { message: `Cannot sort by "${item.id}".` })
    return item.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`
  })
  const text = input.contains?.trim()
  // `\` escapes LIKE's own characters (PostgreSQL's default escape), so `%`, `_` and `\` match themselves.
  const where = and(scope(businessId, input.from, input.to, only), text ? sql`${key} ilike ${`%${likeEscape(text)}%`}` : undefined)!
  const [rows, [counted]] = await Promise.all([
    db
      .select({ key, clicks, impressions, positionSum: weightedPosition })
      .from(t)
      .where(where)
      .groupBy(key)
      .orderBy(...order, desc(impressions), asc(key))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db
      .select({ total: sql<number>`count(distinct ${key})::int` })
      .from(t)
      .where(where),
  ])
  const total = counted?.total ?? 0
  return {
    items: rows.map(({ key: value, ...sums }) => ({ key: value, ...metricsOf(sums) })),
    total,
    pageCount: Math.max(1, Math.ceil(total / input.perPage)),
  }
}

export async function performance(db: Database, businessId: string, input: PerformanceInput) {
  const days = daysBetween(input.from, input.to)
  const previousRange = { from: addDays(input.from, -days), to: addDays(input.from, -1) }
  const only = input.articleId ? await pagesOfArticle(db, businessId, input.articleId) : input.page ? [input.page] : undefined
  const [current, previous, connection] = await Promise.all([
    dailySeries(db, businessId, input.from, input.to, only),
    dailySeries(db, businessId, previousRange.from, previousRange.to, only),
    connectionOf(db, businessId),
  ])
  return {
    connection,
    /** The pages the numbers are of, when one page or article was asked for. */
    pages: only ?? null,
    range: { from: input.from, to: input.to },
    previousRange,
    series: current.series,
    previousSeries: previous.series,
    totals: current.totals,
    previousTotals: previous.totals,
    change: {
      clicks: changeOf(current.totals.clicks, previous.totals.clicks),
      impressions: changeOf(current.totals.impressions, previous.totals.impressions),
      ctr: changeOf(current.totals.ctr, previous.totals.ctr),
      position: changeOf(current.totals.position, previous.totals.position),
    },
  }
}
