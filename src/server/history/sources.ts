import { sql, type SQL } from 'drizzle-orm'
import type { HistoryKind } from '~/shared/history'

/**
 * Where the History timeline's entries come from (docs/product/history.md). Each source is one
 * SELECT over the business's own rows with the same columns, so the sources are joined with
 * UNION ALL and filtered, ordered and paged in the database:
 *
 *   id, kind, status, at, job_id, article_id, keyword, title, detail, quantity, error, retried_state
 *
 * `status` is one of HISTORY_STATUSES; `retried_state` is the job_run state of a later run that
 * replaced a failed one (null when nothing did). A new kind of entry (Search Console syncs, once
 * they are recorded) is one more source here and one more kind in src/shared/history.ts.
 */
export type HistorySource = (businessId: string) => SQL

/** job_run.state as the timeline says it. */
const statusOfJobState = (state: SQL) =>
  sql`case ${state} when 'completed' then 'succeeded' when 'failed' then 'failed' when 'cancelled' then 'cancelled' else 'in-progress' end`

/**
 * Research runs: the run row (kept after its job row is purged) and its job's state and error.
 * A run without a job row ended: finished if it says so, otherwise it failed.
 */
const research: HistorySource = (businessId) => sql`
  select r.id::text as id, 'research' as kind,
    ${statusOfJobState(sql`coalesce(j.state, case when r.finished_at is not null then 'completed' else 'failed' end)`)} as status,
    coalesce(r.finished_at, j.finished_at, r.created_at) as at,
    r.id::text as job_id, null::text as article_id, null::text as keyword, r.month as title, r.trigger as detail,
    (r.counts->>'plan')::integer as quantity, j.error as error,
    (select later_job.state from keywords.research_run later_run
       left join job_run later_job on later_job.id = later_run.id
       where later_run.business_id = r.business_id and later_run.created_at > r.created_at
       order by later_run.created_at desc limit 1) as retried_state
  from keywords.research_run r
  left join job_run j on j.id = r.id
  where r.business_id = ${businessId}`

/** Articles written: every generated or regenerated version (the demo's articles too, which no job ran). */
const articleVersions: HistorySource = (businessId) => sql`
  select v.id as id, 'article' as kind, 'succeeded' as status, v.created_at as at,
    v.generation_job_id::text as job_id, a.id as article_id, a.keyword as keyword, a.title as title, v.reason as detail,
    v.seo_score as quantity, null::text as error, null::text as retried_state
  from content.article_version v
  join content.article a on a.id = v.article_id
  where a.business_id = ${businessId} and v.reason in ('generated', 'regenerated')`

/**
 * Article generations that did not (yet) write a version: failed, cancelled or still going. A
 * completed generation is listed by the version it wrote.
 */
const articleJobs: HistorySource = (businessId) => sql`
  select j.id::text as id, 'article' as kind, ${statusOfJobState(sql`j.state`)} as status,
    coalesce(j.finished_at, j.created_at) as at,
    j.id::text as job_id, a.id as article_id, coalesce(k.keyword, a.keyword) as keyword, a.title as title,
    j.input->>'instruction' as detail, null::integer as quantity, j.error as error,
    (select later.state from job_run later
       where later.kind = j.kind and later.singleton_key = j.singleton_key and later.created_at > j.created_at
       order by later.created_at desc limit 1) as retried_state
  from job_run j
  left join keywords.keyword k on k.id = j.input->>'keywordId' and k.business_id = j.business_id
  left join content.article a on a.keyword_id = j.input->>'keywordId' and a.business_id = j.business_id
  where j.business_id = ${businessId} and j.kind = 'article.generate' and j.state <> 'completed'`

/** Articles published (the article's publishedAt; where they went is on the article page). */
const published: HistorySource = (businessId) => sql`
  select 'published-' || a.id as id, 'publish' as kind, 'succeeded' as status, a.published_at as at,
    null::text as job_id, a.id as article_id, a.keyword as keyword, a.title as title, null::text as detail,
    null::integer as quantity, null::text as error, null::text as retried_state
  from content.article a
  where a.business_id = ${businessId} and a.published_at is not null and a.published_at <= now()`

/**
 * Publishing that went wrong: a target that refused an article for good (credentials, validation;
 * the publication's own error, fixed on Integrations or by editing), and publishing jobs that ran
 * out of attempts (the CMS was down: Retry). docs/product/publishing.md.
 */
const publishFailures: HistorySource = (businessId) => sql`
  select 'publication-' || p.id as id, 'publish' as kind, 'failed' as status, p.updated_at as at,
    null::text as job_id, a.id as article_id, a.keyword as keyword, a.title as title, t.type as detail,
    null::integer as quantity, p.last_error as error, null::text as retried_state
  from content.publication p
  join content.article a on a.id = p.article_id
  join publishing t on t.id = p.integration_id
  where p.business_id = ${businessId} and p.status = 'failed'`

const publishJobs: HistorySource = (businessId) => sql`
  select j.id::text as id, 'publish' as kind, ${statusOfJobState(sql`j.state`)} as status, coalesce(j.finished_at, j.created_at) as at,
    j.id::text as job_id, a.id as article_id, a.keyword as keyword, a.title as title, j.input->>'action' as detail,
    null::integer as quantity, j.error as error,
    (select later.state from job_run later
       where later.kind = j.kind and later.singleton_key = j.singleton_key and later.created_at > j.created_at
       order by later.created_at desc limit 1) as retried_state
  from job_run j
  left join content.article a on a.id = j.input->>'articleId' and a.business_id = j.business_id
  where j.business_id = ${businessId} and j.kind = 'article.publish' and j.state in ('failed', 'cancelled')`

/**
 * Outgoing webhook events that were not delivered: delivery jobs that ran out of attempts or were
 * refused for good (docs/product/publishing.md); Retry sends the same event again. The endpoint's
 * address is read from the business's own webhook (null once it was removed).
 */
const webhookDeliveries: HistorySource = (businessId) => sql`
  select j.id::text as id, 'webhook' as kind, ${statusOfJobState(sql`j.state`)} as status, coalesce(j.finished_at, j.created_at) as at,
    j.id::text as job_id, null::text as article_id, null::text as keyword, p.config->>'url' as title, j.input->>'type' as detail,
    j.attempts as quantity, j.error as error,
    (select later.state from job_run later
       where later.kind = j.kind and later.singleton_key = j.singleton_key and later.created_at > j.created_at
       order by later.created_at desc limit 1) as retried_state
  from job_run j
  left join publishing p on p.id = j.input->>'integrationId' and p.business_id = j.business_id and p.type = 'webhook'
  where j.business_id = ${businessId} and j.kind = 'webhook.deliver' and j.state in ('failed', 'cancelled')`

/**
 * The business's usage per billing period (usage rows, docs/product/limits.md): one entry a
 * period, dated by its latest billable action, with what counted against the plan. Each article
 * written has its own entry already; this is what it added up to.
 */
const billing: HistorySource = (businessId) => sql`
  select 'usage-' || u.billing_period || '-' || u.unit as id, 'billing' as kind, 'succeeded' as status, max(u.timestamp) as at,
    null::text as job_id, null::text as article_id, null::text as keyword, u.billing_period as title, u.unit as detail,
    sum(u.quantity)::integer as quantity, null::text as error, null::text as retried_state
  from usage u
  where u.business_id = ${businessId}
  group by u.billing_period, u.unit`

export const HISTORY_SOURCES: Record<HistoryKind, HistorySource[]> = {
  research: [research],
  article: [articleVersions, articleJobs],
  publish: [published, publishFailures, publishJobs],
  webhook: [webhookDeliveries],
  billing: [billing],
}
