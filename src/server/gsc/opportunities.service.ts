import { and, between, eq, inArray, min, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { article, articleVersion, gscSearchAnalytics, keyword } from '~/server/db/schema'
import { isoDay } from './dates'
import { cannibalisation, decayOf, strikingDistance, windowsOn } from './opportunities'
import { connectionOf } from './properties.service'

/** How many striking-distance queries are listed, most impressions first. */
export const STRIKING_LIMIT = 50

const t = gscSearchAnalytics

/** The article a page URL is: its last path segment is the article's slug (`/journal/cold-brew-ratio/`). */
export function slugOfPage(page: string) {
  try {
    const segments = new URL(page).pathname.split('/').filter(Boolean)
    return segments.at(-1)?.toLowerCase() ?? null
  } catch {
    return null
  }
}

/**
 * The business's Search Console opportunities over the last 28 days past the lag: queries in
 * striking distance (add them as keywords, or refresh the article that ranks), decaying pages
 * (refresh the article; a page Rankpilot did not write is only reported), and queries shared by
 * two of its URLs (merge). Rules in ./opportunities.ts.
 */
export async function opportunities(db: Database, businessId: string, now = new Date()) {
  const windows = windowsOn(isoDay(now))
  const [recentRows, previousClicks, firstSeen, articles, planned, connection] = await Promise.all([
    db
      .select({
        query: t.query,
        page: t.page,
        clicks: sql<number>`sum(${t.clicks})::float8`,
        impressions: sql<number>`sum(${t.impressions})::float8`,
        positionSum: sql<number>`sum(${t.position} * ${t.impressions})::float8`,
      })
      .from(t)
      .where(and(eq(t.businessId, businessId), between(t.date, windows.recent.from, windows.recent.to)))
      .groupBy(t.query, t.page),
    db
      .select({ page: t.page, clicks: sql<number>`sum(${t.clicks})::float8` })
      .from(t)
      .where(and(eq(t.businessId, businessId), between(t.date, windows.previous.from, windows.previous.to)))
      .groupBy(t.page),
    db
      .select({ page: t.page, firstSeen: min(t.date) })
      .from(t)
      .where(eq(t.businessId, businessId))
      .groupBy(t.page),
    db
      .select({
        id: article.id,
        title: article.title,
        slug: article.slug,
        keyword: article.keyword,
        // Its last rewrite (a refresh, or any regeneration): a decaying article refreshed already says so.
        // (Names written out: drizzle leaves a one-table select's columns unqualified, which a subquery would misread.)
        refreshedAt: sql<Date | null>`(select max(v.created_at) from ${articleVersion} v
          where v.article_id = "article"."id" and v.reason = 'regenerated')`.mapWith(article.createdAt),
      })
      .from(article)
      .where(and(eq(article.businessId, businessId), eq(article.status, 'published'))),
    db
      .select({ keyword: keyword.keywordLower })
      .from(keyword)
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.status, ['pending', 'scheduled', 'draft', 'published']))),
    connectionOf(db, businessId),
  ])

  const refOf = (row: (typeof articles)[number]) => ({ id: row.id, title: row.title, slug: row.slug, refreshedAt: row.refreshedAt })
  const bySlug = new Map(articles.map((row) => [row.slug.toLowerCase(), row]))
  const byKeyword = new Map(articles.map((row) => [row.keyword.toLowerCase(), row]))
  const articleOf = (page: string) => {
    const slug = slugOfPage(page)
    const row = slug ? bySlug.get(slug) : undefined
    return row ? refOf(row) : null
  }
  const inPlan = new Set(planned.map((row) => row.keyword))

  const striking = strikingDistance(recentRows)
    .slice(0, STRIKING_LIMIT)
    .map((item) => {
      const ranking = articleOf(item.page)
      const written = byKeyword.get(item.query.toLowerCase())
      const target = ranking ?? (written ? refOf(written) : null)
      const action = target ? ('refresh' as const) : inPlan.has(item.query.toLowerCase()) ? ('in-plan' as const) : ('add-keyword' as const)
      return { ...item, article: target, action }
    })

  const recentByPage = new Map<string, number>()
  for (const row of recentRows) recentByPage.set(row.page, (recentByPage.get(row.page) ?? 0) + row.clicks)
  const previousByPage = new Map(previousClicks.map((row) => [row.page, row.clicks]))
  // Every page of the site is judged; the ones that are the business's articles can be refreshed from here.
  const decay = firstSeen
    .flatMap((row) => {
      const verdict = decayOf(
        { firstSeen: row.firstSeen, recentClicks: recentByPage.get(row.page) ?? 0, previousClicks: previousByPage.get(row.page) ?? 0 },
        windows,
      )
      if (!verdict.judged || !verdict.decaying) return []
      const written = articleOf(row.page)
      return [
        {
          page: row.page,
          article: written,
          action: written ? ('refresh' as const) : ('review' as const),
          recentClicks: verdict.recentClicks,
          previousClicks: verdict.previousClicks,
          change: verdict.change,
        },
      ]
    })
    .sort((a, b) => a.change - b.change)

  const cannibalised = cannibalisation(recentRows).map((item) => ({
    ...item,
    pages: item.pages.map((page) => ({ ...page, article: articleOf(page.page) })),
  }))

  return { connection, windows, strikingDistance: striking, decay, cannibalisation: cannibalised }
}
