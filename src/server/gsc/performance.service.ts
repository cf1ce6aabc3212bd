import { and, asc, between, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { ARTICLE_ERRORS } from '~/server/articles/articles.errors'
import { article, gscSearchAnalytics } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { addDays, daysBetween, eachDay } from './dates'
import { connectionOf } from './properties.service'

/**
 * The performance of a business's property over a date range, from the synced rows
 * (docs/product/search-console.md): a daily series and totals for the range and for the period of
 * the same length just before it, and the top queries and pages. CTR is clicks ÷ impressions;
 * the average position is weighted by impressions, as Search Console computes it.
 */

export const TOP_LIMIT = 50
export const TOP_SORTS = ['clicks', 'impressions', 'ctr', 'position'] as const
export type TopSort = (typeof TOP_SORTS)[number]

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
  sort?: { id: TopSort; desc: boolean }
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

async function top(
  db: Database,
  businessId: string,
  input: PerformanceInput,
  pages: string[] | undefined,
  column: typeof t.query | typeof t.page,
) {
  const sort = input.sort ?? { id: 'clicks', desc: true }
  const ctr = sql<number>`(${clicks} / nullif(${impressions}, 0))`
  const position = sql<number>`(${weightedPosition} / nullif(${impressions}, 0))`
  const orderColumn = { clicks, impressions, ctr, position }[sort.id]
  const rows = await db
    .select({ key: column, clicks, impressions, positionSum: weightedPosition })
    .from(t)
    .where(scope(businessId, input.from, input.to, pages))
    .groupBy(column)
    .orderBy(sort.desc ? sql`${orderColumn} desc nulls last` : sql`${orderColumn} asc nulls last`, desc(impressions), asc(column))
    .limit(TOP_LIMIT)
  return rows.map(({ key, ...sums }) => ({ key, ...metricsOf(sums) }))
}

export async function performance(db: Database, businessId: string, input: PerformanceInput) {
  const days = daysBetween(input.from, input.to)
  const previousRange = { from: addDays(input.from, -days), to: addDays(input.from, -1) }
  const only = input.articleId ? await pagesOfArticle(db, businessId, input.articleId) : input.page ? [input.page] : undefined
  const [current, previous, queries, pages, connection] = await Promise.all([
    dailySeries(db, businessId, input.from, input.to, only),
    dailySeries(db, businessId, previousRange.from, previousRange.to, only),
    top(db, businessId, input, only, t.query),
    top(db, businessId, input, only, t.page),
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
    topQueries: queries.map(({ key, ...metrics }) => ({ query: key, ...metrics })),
    topPages: pages.map(({ key, ...metrics }) => ({ page: key, ...metrics })),
  }
}
