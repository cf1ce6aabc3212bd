import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { keyword } from '~/server/db/schema'

export { KEYWORDS_MAX_PAGE_SIZE, KEYWORDS_PAGE_SIZE } from '~/shared/keywords'

/** The columns of a Keywords-screen row (spec §3 "Keyword row"). */
const keywordRowColumns = {
  id: keyword.id,
  keyword: keyword.keyword,
  searchIntent: keyword.searchIntent,
  searchVolume: keyword.searchVolume,
  difficulty: keyword.difficulty,
  priority: keyword.priority,
  status: keyword.status,
  scheduledAt: keyword.scheduledAt,
  createdAt: keyword.createdAt,
}

export type KeywordRow = { [K in keyof typeof keywordRowColumns]: (typeof keyword.$inferSelect)[K] }

export interface KeywordListQuery {
  businessId: string
  /** 1-based. */
  page: number
  perPage: number
  /** Extra conditions ANDed after the business scope (the filters of a later issue). */
  where?: SQL
  /** Replaces the default order (createdAt desc); id desc is always the final tie-breaker. */
  orderBy?: SQL[]
}

export interface KeywordPage {
  items: KeywordRow[]
  total: number
  page: number
  perPage: number
  pageCount: number
}

/**
 * One page of a business's keywords and the total matching count. The business condition is
 * always first: no filter or sort can widen the query to another business.
 */
export async function listKeywords(db: Database, query: KeywordListQuery): Promise<KeywordPage> {
  const where = and(eq(keyword.businessId, query.businessId), query.where)
  const orderBy = [...(query.orderBy ?? [desc(keyword.createdAt)]), desc(keyword.id)]
  const [items, [{ total }]] = await Promise.all([
    db
      .select(keywordRowColumns)
      .from(keyword)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(keyword).where(where),
  ])
  return { items, total, page: query.page, perPage: query.perPage, pageCount: Math.ceil(total / query.perPage) }
}
