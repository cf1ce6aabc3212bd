import { sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { createId } from '~/server/ids'
import type { HistoryAction, HistoryKind, HistoryStatus } from '~/shared/history'

/**
 * Writes the History audit log (docs/product/history.md): one history_event row per meaningful
 * event, called in the transaction of the change it records, so the row exists exactly when the
 * change does. Each row keeps what its subject was at that moment; nothing rewrites it later
 * (except the same `key`: an editing session's later saves amend the session's row).
 *
 * A business's event names its business (the owner is read from it); an account's own event (a
 * business deleted, an API key, a plan change) names its user and no business.
 */
export type HistoryEventInput = {
  [Kind in HistoryKind]: {
    kind: Kind
    action: HistoryAction<Kind>
    status?: HistoryStatus
    title?: string | null
    keyword?: string | null
    score?: number | null
    detail?: Record<string, unknown>
    error?: string | null
    jobId?: string | null
    at?: Date
    key?: string
  }
}[HistoryKind] &
  ({ businessId: string; userId?: undefined } | { userId: string; businessId?: null })

type Executor = Pick<Database, 'execute'>

const columns = sql`(id, user_id, business_id, kind, action, status, at, article_id, keyword, title, score, article_status, detail, error, job_id, key)`
const amend = sql`on conflict (key) where key is not null do update set title = excluded.title, score = excluded.score,
  article_status = excluded.article_status, keyword = excluded.keyword, detail = excluded.detail`

function common(event: Omit<HistoryEventInput, 'businessId' | 'userId'>) {
  return {
    id: createId(),
    status: event.status ?? 'succeeded',
    at: (event.at ?? new Date()).toISOString(),
    detail: JSON.stringify(event.detail ?? {}),
  }
}

/** Records one event of a business or of an account. */
export async function recordHistory(db: Executor, event: HistoryEventInput) {
  const row = common(event)
  if (event.businessId) {
    await db.execute(sql`insert into history_event ${columns}
      select ${row.id}, b.user_id, b.id, ${event.kind}, ${event.action}, ${row.status}, ${row.at}::timestamptz, null, ${event.keyword ?? null},
        ${event.title ?? null}, ${event.score ?? null}::integer, null, ${row.detail}::jsonb, ${event.error ?? null}, ${event.jobId ?? null}, ${event.key ?? null}
      from business b where b.id = ${event.businessId} ${event.key ? amend : sql``}`)
    return
  }
  await db.execute(sql`insert into history_event ${columns}
    values (${row.id}, ${event.userId}, null, ${event.kind}, ${event.action}, ${row.status}, ${row.at}::timestamptz, null, ${event.keyword ?? null},
      ${event.title ?? null}, ${event.score ?? null}::integer, null, ${row.detail}::jsonb, ${event.error ?? null}, ${event.jobId ?? null}, ${event.key ?? null})
    ${event.key ? amend : sql``}`)
}

export type ArticleEventInput = {
  [Kind in 'article' | 'publish']: {
    kind: Kind
    action: HistoryAction<Kind>
    status?: HistoryStatus
    detail?: Record<string, unknown>
    error?: string | null
    jobId?: string | null
    at?: Date
    key?: string
  }
}['article' | 'publish'] &
  ({ articleId: string; keywordId?: undefined } | { keywordId: string; articleId?: undefined })

/**
 * Records an event about an article with the article's title, keyword, SEO score and status as
 * they are now, read in the caller's transaction (call it after the change, or before a delete).
 * By keyword (a planned day moved): its article's values when it has one, else the keyword's.
 */
export async function recordArticleHistory(db: Executor, event: ArticleEventInput) {
  const row = common(event)
  const subject = event.articleId
    ? sql`from content.article a join business b on b.id = a.business_id where a.id = ${event.articleId}`
    : sql`from keywords.keyword k join business b on b.id = k.business_id left join content.article a on a.keyword_id = k.id
        where k.id = ${event.keywordId}`
  const keyword = event.articleId ? sql`a.keyword` : sql`coalesce(a.keyword, k.keyword)`
  await db.execute(sql`insert into history_event ${columns}
    select ${row.id}, b.user_id, b.id, ${event.kind}, ${event.action}, ${row.status}, ${row.at}::timestamptz, a.id, ${keyword},
      a.title, a.seo_score, a.status, ${row.detail}::jsonb, ${event.error ?? null}, ${event.jobId ?? null}, ${event.key ?? null}
    ${subject} ${event.key ? amend : sql``}`)
}

/**
 * A user's plan after a change of `user.plan` (a subscription started, switched or ended):
 * recorded with both plans' names when it differs from `fromPlanId`.
 */
export async function recordPlanChange(db: Executor, userId: string, fromPlanId: string | null, at?: Date) {
  const row = common({ kind: 'billing', action: 'plan-changed', at })
  await db.execute(sql`insert into history_event ${columns}
    select ${row.id}, u.id, null, 'billing', 'plan-changed', 'succeeded', ${row.at}::timestamptz, null, null,
      coalesce(next.name, previous.name), null, null,
      jsonb_build_object('from', previous.name, 'to', next.name), null, null, null
    from "user" u
    left join plan next on next.id = u.plan
    left join plan previous on previous.id = ${fromPlanId}
    where u.id = ${userId} and u.plan is distinct from ${fromPlanId}`)
}
