import { sql, type SQL } from 'drizzle-orm'
import type { HistoryKind } from '~/shared/history'

/**
 * Where the History timeline's entries come from (docs/product/history.md): the recorded events
 * (history_event, written when each thing happened: src/server/history/record.ts) and the
 * background runs that are still going or did not finish (job_run: in progress, failed with
 * Retry, cancelled), plus the usage of each billing period. Each source is one SELECT with the same
 * columns, so they are joined with UNION ALL and filtered, ordered and paged in the database:
 *
 *   id, kind, status, at, job_id, article_id, keyword, title, detail, quantity, error, retried_state,
 *   action, data, article_status
 *
 * `status` is one of HISTORY_STATUSES; `retried_state` is the job_run state of a later run that
 * replaced a failed one (null when nothing did); `action` and `data` are an event's (null for a run).
 */
export interface HistoryScope {
  businessId: string
  userId: string
}
export type HistorySource = (scope: HistoryScope, kinds: readonly HistoryKind[]) => SQL

const noEvent = sql`null::text as action, null::jsonb as data, null::text as article_status`

/** job_run.state as the timeline says it. */
const statusOfJobState = (state: SQL) =>
  sql`case ${state} when 'completed' then 'succeeded' when 'failed' then 'failed' when 'cancelled' then 'cancelled' else 'in-progress' end`

/**
 * Research runs that did not finish: the run row (kept after its job row is purged) and its job's
 * state and error; a run without a job row failed. A finished run is its recorded event.
 */
const research: HistorySource = ({ businessId }) => sql`
  select r.id::text as id, 'research' as kind,
    ${statusOfJobState(sql`coalesce(j.state, 'failed')`)} as status,
    coalesce(r.finished_at, j.finished_at, r.created_at) as at,
    r.id::text as job_id, null::text as article_id, null::text as keyword, r.month as title, r.trigger as detail,
    (r.counts->>'plan')::integer as quantity, j.error as error,
    (select later_job.state from keywords.research_run later_run
       left join job_run later_job on later_job.id = later_run.id
       where later_run.business_id = r.business_id and later_run.created_at > r.created_at
       order by later_run.created_at desc limit 1) as retried_state, ${noEvent}
  from keywords.research_run r
  left join job_run j on j.id = r.id
  where r.business_id = ${businessId} and r.finished_at is null`

/**
 * Article generations that did not (yet) write a version: failed, cancelled or still going. A
 * completed generation is listed by the version it wrote.
 */
const articleJobs: HistorySource = ({ businessId }) => sql`
  select j.id::text as id, 'article' as kind, ${statusOfJobState(sql`j.state`)} as status,
    coalesce(j.finished_at, j.created_at) as at,
    j.id::text as job_id, a.id as article_id, coalesce(k.keyword, a.keyword) as keyword, a.title as title,
    j.input->>'instruction' as detail, null::integer as quantity, j.error as error,
    (select later.state from job_run later
       where later.kind = j.kind and later.singleton_key = j.singleton_key and later.created_at > j.created_at
       order by later.created_at desc limit 1) as retried_state, ${noEvent}
  from job_run j
  left join keywords.keyword k on k.id = j.input->>'keywordId' and k.business_id = j.business_id
  left join content.article a on a.keyword_id = j.input->>'keywordId' and a.business_id = j.business_id
  where j.business_id = ${businessId} and j.kind = 'article.generate' and j.state <> 'completed'`

/**
 * Publishing jobs that ran out of attempts (the CMS kept failing): Retry. A target refusing an
 * article is its recorded event (docs/product/publishing.md).
 */
const publishJobs: HistorySource = ({ businessId }) => sql`
  select j.id::text as id, 'publish' as kind, ${statusOfJobState(sql`j.state`)} as status, coalesce(j.finished_at, j.created_at) as at,
    j.id::text as job_id, a.id as article_id, a.keyword as keyword, a.title as title, j.input->>'action' as detail,
    null::integer as quantity, j.error as error,
    (select later.state from job_run later
       where later.kind = j.kind and later.singleton_key = j.singleton_key and later.created_at > j.created_at
       order by later.created_at desc limit 1) as retried_state, ${noEvent}
  from job_run j
  left join content.article a on a.id = j.input->>'articleId' and a.business_id = j.business_id
  where j.business_id = ${businessId} and j.kind = 'article.publish' and j.state in ('failed', 'cancelled')`

/**
 * Outgoing webhook events that were not delivered: delivery jobs that ran out of attempts or were
 * refused for good (docs/product/publishing.md); Retry sends the same event again. The endpoint's
 * address is read from the business's own webhook (null once it was removed).
 */
const webhookDeliveries: HistorySource = ({ businessId }) => sql`
  select j.id::text as id, 'webhook' as kind, ${statusOfJobState(sql`j.state`)} as status, coalesce(j.finished_at, j.created_at) as at,
    j.id::text as job_id, null::text as article_id, null::text as keyword, p.config->>'url' as title, j.input->>'type' as detail,
    j.attempts as quantity, j.error as error,
    (select later.state from job_run later
       where later.kind = j.kind and later.singleton_key = j.singleton_key and later.created_at > j.created_at
       order by later.created_at desc limit 1) as retried_state, ${noEvent}
  from job_run j
  left join publishing p on p.id = j.input->>'integrationId' and p.business_id = j.business_id and p.type = 'webhook'
  where j.business_id = ${businessId} and j.kind = 'webhook.deliver' and j.state in ('failed', 'cancelled')`

/**
 * The business's usage per billing period (usage rows, docs/product/limits.md): one entry a
 * period, dated by its latest billable action, with what counted against the plan. Each article
 * written has its own entry already; this is what it added up to.
 */
const billing: HistorySource = ({ businessId }) => sql`
  select 'usage-' || u.billing_period || '-' || u.unit as id, 'billing' as kind, 'succeeded' as status, max(u.timestamp) as at,
    null::text as job_id, null::text as article_id, null::text as keyword, u.billing_period as title, u.unit as detail,
    sum(u.quantity)::integer as quantity, null::text as error, null::text as retried_state, ${noEvent}
  from usage u
  where u.business_id = ${businessId}
  group by u.billing_period, u.unit`

/**
 * The recorded events of the business and its owner's account-wide ones (a business deleted, API
 * keys, plan changes: business_id null). An event keeps its article's id after the article is
 * deleted; the entry then links nowhere.
 */
const events: HistorySource = ({ businessId, userId }, kinds) => sql`
  select e.id, e.kind, e.status, e.at, e.job_id,
    case when exists (select 1 from content.article live where live.id = e.article_id and live.business_id = ${businessId}) then e.article_id end as article_id,
    e.keyword, e.title, null::text as detail, e.score as quantity, e.error, null::text as retried_state,
    e.action, e.detail as data, e.article_status
  from history_event e
  where (e.business_id = ${businessId} or (e.business_id is null and e.user_id = ${userId}))
    and e.kind in (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})`

/** The runs' sources of each kind; the recorded events of every kind come from `events`. */
const RUN_SOURCES: Partial<Record<HistoryKind, HistorySource[]>> = {
  research: [research],
  article: [articleJobs],
  publish: [publishJobs],
  webhook: [webhookDeliveries],
  billing: [billing],
}

/** Every source of the asked kinds, each a SELECT of the columns above. */
export function historySources(scope: HistoryScope, kinds: readonly HistoryKind[]): SQL[] {
  return [events(scope, kinds), ...kinds.flatMap((kind) => (RUN_SOURCES[kind] ?? []).map((source) => source(scope, kinds)))]
}
