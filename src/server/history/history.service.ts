import { and, eq, sql } from 'drizzle-orm'
import { regenerateArticle, startArticleGeneration } from '~/server/articles/articles.service'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { billingPeriodOf } from '~/server/billing/usage'
import type { Database } from '~/server/db'
import { article, jobRun } from '~/server/db/schema'
import { redeliverEvent } from '~/server/publishing/events'
import { enqueuePublish, publishArticleNow } from '~/server/publishing/publish.service'
import { articlePublishJob, webhookDeliverJob } from '~/server/publishing/publishing.jobs'
import { researchRunJob } from '~/server/research/research.jobs'
import { startResearch } from '~/server/research/research.service'
import { CONNECTORS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type ConnectorType, type WebhookEvent } from '~/shared/integrations'
import { appError } from '~/server/rpc/errors'
import { ARTICLE_STATUS_LABELS, type ArticleStatus } from '~/shared/articles/article'
import {
  HISTORY_KINDS,
  SETTINGS_SECTION_LABELS,
  type HistoryEntry,
  type HistoryKind,
  type HistoryLink,
  type HistoryStatus,
  type SettingsSection,
} from '~/shared/history'
import { propertyLabel } from '~/shared/search-console-property'
import { HISTORY_ERRORS } from './history.errors'
import { historySources, type HistoryScope } from './sources'
import { DAY_MS } from '~/shared/time'

export interface HistoryQuery {
  page: number
  perPage: number
  kinds?: HistoryKind[]
  statuses?: HistoryStatus[]
  /** First day included, `YYYY-MM-DD` (UTC). */
  from?: string
  /** Last day included, `YYYY-MM-DD` (UTC). */
  to?: string
}

interface Row extends Record<string, unknown> {
  id: string
  kind: HistoryKind
  status: HistoryStatus
  at: Date | string
  job_id: string | null
  article_id: string | null
  keyword: string | null
  title: string | null
  detail: string | null
  quantity: number | string | null
  error: string | null
  retried_state: string | null
  /** A recorded event's action and values (null for a run). */
  action: string | null
  data: Record<string, unknown> | null
  article_status: string | null
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const JOB_STATUS: Record<string, HistoryStatus> = {
  completed: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  queued: 'in-progress',
  running: 'in-progress',
  retrying: 'in-progress',
}

/** "June 2026" for `2026-06`. */
function monthName(period: string | null) {
  if (!period || !/^\d{4}-\d{2}$/.test(period)) return period ?? ''
  const [year, month] = period.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

const quoted = (text: string | null) => (text ? `“${text}”` : 'a deleted keyword')
const articleLink = (articleId: string | null): HistoryLink | null =>
  articleId ? { href: `/content/${articleId}`, label: 'Open the article' } : null
const KEYWORDS_LINK: HistoryLink = { href: '/keywords', label: 'Open keywords' }
const BILLING_LINK: HistoryLink = { href: '/settings#plan-and-billing', label: 'Plan and billing' }

const RESEARCH_TRIGGERS: Record<string, string> = {
  setup: 'Started when setup finished',
  manual: 'Started by you',
  monthly: 'The monthly run',
}

function researchEntry(row: Row): Pick<HistoryEntry, 'title' | 'description' | 'link'> {
  const trigger = RESEARCH_TRIGGERS[row.detail ?? ''] ?? 'Research run'
  const planned = row.quantity === null ? null : Number(row.quantity)
  const verb = { succeeded: 'planned', failed: 'failed', 'in-progress': 'running', cancelled: 'cancelled' }[row.status]
  return {
    title: `Keyword research for ${monthName(row.title)} ${verb}`,
    description: row.status === 'succeeded' && planned !== null ? `${trigger} · ${planned} keywords scheduled` : trigger,
    link: KEYWORDS_LINK,
  }
}

function articleEntry(row: Row): Pick<HistoryEntry, 'title' | 'description' | 'link'> {
  const link = articleLink(row.article_id) ?? KEYWORDS_LINK
  if (row.status === 'succeeded') {
    const rewritten = row.detail === 'regenerated'
    return {
      title: `${rewritten ? 'Article rewritten' : 'Article written'}: ${row.title ?? row.keyword ?? ''}`,
      description: `For ${quoted(row.keyword)} · SEO score ${Number(row.quantity)}`,
      link,
    }
  }
  const title = {
    failed: `Writing the article for ${quoted(row.keyword)} failed`,
    'in-progress': `Writing the article for ${quoted(row.keyword)}`,
    cancelled: `Writing the article for ${quoted(row.keyword)} was cancelled`,
  }[row.status]
  return { title, description: row.detail ? `With the instruction: ${row.detail}` : null, link }
}

function publishEntry(row: Row): Pick<HistoryEntry, 'title' | 'description' | 'link'> {
  if (row.status === 'succeeded') {
    return { title: `Article published: ${row.title ?? ''}`, description: `For ${quoted(row.keyword)}`, link: articleLink(row.article_id) }
  }
  const target = row.detail && row.detail in CONNECTORS ? CONNECTORS[row.detail as ConnectorType].label : null
  const action = row.detail === 'unpublish' ? 'Taking down' : 'Publishing'
  return {
    title: `${action} “${row.title ?? row.keyword ?? 'an article'}” ${row.status === 'failed' ? 'failed' : row.status === 'cancelled' ? 'was cancelled' : 'is under way'}`,
    description: target ? `On ${target}` : `For ${quoted(row.keyword)}`,
    link: articleLink(row.article_id),
  }
}

const INTEGRATIONS_LINK: HistoryLink = { href: '/integrations', label: 'Open Integrations' }

function webhookEntry(row: Row): Pick<HistoryEntry, 'title' | 'description' | 'link'> {
  const event = (WEBHOOK_EVENTS as readonly string[]).includes(row.detail ?? '')
    ? `“${WEBHOOK_EVENT_LABELS[row.detail as WebhookEvent].label}” (${row.detail})`
    : 'An event'
  const attempts = Number(row.quantity ?? 0)
  const tries = `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`
  return {
    title: `${event} ${row.status === 'cancelled' ? 'was not sent: cancelled' : 'could not be delivered to your webhook'}`,
    description: row.title ? `To ${row.title} · ${tries}` : `The webhook was removed since · ${tries}`,
    link: INTEGRATIONS_LINK,
  }
}

function billingEntry(row: Row): Pick<HistoryEntry, 'title' | 'description' | 'link'> {
  const quantity = Number(row.quantity)
  const unit = row.detail ?? 'item'
  const current = row.title === billingPeriodOf()
  return {
    title: `${quantity} ${quantity === 1 ? unit : `${unit}s`} counted in ${monthName(row.title)}`,
    description: current
      ? 'Usage for this business in the current billing period, so far'
      : 'Usage for this business in that billing period',
    link: BILLING_LINK,
  }
}

type Described = Pick<HistoryEntry, 'title' | 'description' | 'link'>

const text = (value: unknown) => (typeof value === 'string' ? value : null)
const targetLabel = (type: unknown) =>
  typeof type === 'string' && type in CONNECTORS ? CONNECTORS[type as ConnectorType].label : type === 'feed' ? 'the JSON feed' : 'a site'
const shortDay = (iso: unknown) =>
  typeof iso === 'string' && !Number.isNaN(new Date(iso).getTime())
    ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : 'no day'
const SETTINGS_LINK: HistoryLink = { href: '/settings', label: 'Open settings' }

/** What the article was at that moment: its keyword, SEO score and status. */
function articleMoment(row: Row) {
  const parts = [row.keyword ? `For “${row.keyword}”` : null]
  if (row.quantity !== null) parts.push(`SEO score ${Number(row.quantity)}`)
  if (row.article_status && row.article_status in ARTICLE_STATUS_LABELS)
    parts.push(ARTICLE_STATUS_LABELS[row.article_status as ArticleStatus])
  return parts.filter(Boolean).join(' · ') || null
}

function articleEvent(row: Row): Described {
  const data = row.data ?? {}
  const name = row.title ?? (row.keyword ? `“${row.keyword}”` : 'an article')
  const link = articleLink(row.article_id)
  const moment = articleMoment(row)
  switch (row.action) {
    case 'written':
      return { title: `Article written: ${name}`, description: moment, link }
    case 'rewritten':
      return text(data.section)
        ? { title: `Section “${text(data.section)}” rewritten: ${name}`, description: moment, link }
        : { title: `Article rewritten: ${name}`, description: moment, link }
    case 'edited':
      return { title: `Article edited: ${name}`, description: moment, link }
    case 'restored':
      return { title: `Version ${Number(data.version ?? 0)} restored: ${name}`, description: moment, link }
    case 'approved':
      return { title: `Article approved: ${name}`, description: moment, link }
    case 'rescheduled':
      return {
        title: `Planned day moved: ${name}`,
        description: `From ${shortDay(data.from)} to ${shortDay(data.to)}${row.keyword ? ` · For “${row.keyword}”` : ''}`,
        link: link ?? KEYWORDS_LINK,
      }
    case 'archived':
      return { title: `Article archived: ${name}`, description: moment, link }
    default:
      return { title: `Article deleted: ${name}`, description: moment, link: null }
  }
}

function publishEvent(row: Row): Described {
  const data = row.data ?? {}
  const target = targetLabel(data.target)
  const name = row.title ?? (row.keyword ? `“${row.keyword}”` : 'an article')
  const link = articleLink(row.article_id)
  switch (row.action) {
    case 'published':
      return { title: `Published on ${target}: ${name}`, description: text(data.url) ?? articleMoment(row), link }
    case 'updated':
      return { title: `Updated on ${target}: ${name}`, description: text(data.url) ?? articleMoment(row), link }
    case 'unpublished':
      return { title: `Taken down from ${target}: ${name}`, description: articleMoment(row), link }
    default:
      return {
        title: `${data.unpublish ? 'Taking down' : 'Publishing'} “${row.title ?? row.keyword ?? 'an article'}” failed`,
        description: `On ${target}`,
        link,
      }
  }
}

function integrationEvent(row: Row): Described {
  const data = row.data ?? {}
  const target = targetLabel(data.target)
  const name = target === 'the JSON feed' ? 'The JSON feed' : target
  const title = {
    connected: `${name} connected`,
    updated: `${name} settings updated`,
    broken: `${name} connection failed`,
    reconnected: `${name} works again`,
    removed: `${name} removed`,
  }[row.action ?? 'connected']
  return { title: title ?? `${name} changed`, description: text(data.account), link: INTEGRATIONS_LINK }
}

function searchConsoleEvent(row: Row): Described {
  const data = row.data ?? {}
  if (row.action === 'connected')
    return { title: `Search Console connected: ${propertyLabel(row.title ?? '')}`, description: null, link: INTEGRATIONS_LINK }
  if (row.action === 'revoked') return { title: 'Search Console access was refused', description: row.title, link: INTEGRATIONS_LINK }
  const rows = Number(data.rows ?? 0)
  return {
    title: `Search Console synced: ${propertyLabel(row.title ?? '')}`,
    description: `${rows} ${rows === 1 ? 'row' : 'rows'} read${text(data.syncedThrough) ? ` · data through ${shortDay(data.syncedThrough)}` : ''}`,
    link: { href: '/performance', label: 'Open performance' },
  }
}

function settingsEvent(row: Row): Described {
  const section = text(row.data?.section)
  const label = section && section in SETTINGS_SECTION_LABELS ? SETTINGS_SECTION_LABELS[section as SettingsSection] : 'Settings'
  return { title: `Settings changed: ${label}`, description: row.title ? `For ${row.title}` : null, link: SETTINGS_LINK }
}

function businessEvent(row: Row): Described {
  return row.action === 'added'
    ? { title: `Business added: ${row.title ?? ''}`, description: text(row.data?.url), link: SETTINGS_LINK }
    : { title: `Business deleted: ${row.title ?? ''}`, description: text(row.data?.url), link: null }
}

function apiKeyEvent(row: Row): Described {
  return {
    title: `API key ${row.action === 'created' ? 'created' : 'revoked'}: ${row.title ?? ''}`,
    description: text(row.data?.start) ? `Starting ${text(row.data?.start)}` : null,
    link: SETTINGS_LINK,
  }
}

function planEvent(row: Row): Described {
  const from = text(row.data?.from)
  const to = text(row.data?.to)
  const title = !from ? `Plan started: ${to ?? ''}` : !to ? `Plan ended: ${from}` : `Plan changed: ${from} → ${to}`
  return { title, description: 'For your account', link: BILLING_LINK }
}

/** A recorded event as the timeline says it (docs/product/history.md). */
const DESCRIBE_EVENT: Record<HistoryKind, (row: Row) => Described> = {
  research: (row) =>
    researchEntry({ ...row, detail: text(row.data?.trigger), quantity: typeof row.data?.planned === 'number' ? row.data.planned : null }),
  article: articleEvent,
  publish: publishEvent,
  integration: integrationEvent,
  'search-console': searchConsoleEvent,
  webhook: webhookEntry,
  settings: settingsEvent,
  business: businessEvent,
  'api-key': apiKeyEvent,
  billing: planEvent,
}

/** A run (job_run) or a billing period's usage as the timeline says it. */
const DESCRIBE_RUN: Partial<Record<HistoryKind, (row: Row) => Described>> = {
  research: researchEntry,
  article: articleEntry,
  publish: publishEntry,
  webhook: webhookEntry,
  billing: billingEntry,
}

function toEntry(row: Row): HistoryEntry {
  const retriedStatus = row.status === 'failed' && row.retried_state ? (JOB_STATUS[row.retried_state] ?? 'succeeded') : null
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    at: new Date(row.at),
    ...(row.action ? DESCRIBE_EVENT[row.kind] : DESCRIBE_RUN[row.kind]!)(row),
    error: row.status === 'failed' ? (row.error ?? 'It stopped without a reason being recorded.') : null,
    retryJobId: row.status === 'failed' && !row.retried_state && row.job_id ? row.job_id : null,
    retriedStatus,
  }
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + DAY_MS)

/**
 * One page of the business's timeline, newest first: the sources of the asked kinds joined, then
 * filtered by status and day. A page past the end answers the last page (and says which).
 */
export async function listHistory(db: Database, scope: HistoryScope, query: HistoryQuery) {
  const kinds = query.kinds?.length ? query.kinds : HISTORY_KINDS
  const union = sql.join(
    historySources(scope, kinds).map((source) => sql`(${source})`),
    sql` union all `,
  )
  const conditions = [sql`true`]
  if (query.statuses?.length)
    conditions.push(
      sql`status in (${sql.join(
        query.statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    )
  if (query.from) conditions.push(sql`at >= ${dayStart(query.from).toISOString()}::timestamptz`)
  if (query.to) conditions.push(sql`at < ${dayAfter(query.to).toISOString()}::timestamptz`)
  const where = sql.join(conditions, sql` and `)

  const [counted] = rowsOf<{ total: number | string }>(
    await db.execute(sql`select count(*) as total from (${union}) entries where ${where}`),
  )
  const total = Number(counted?.total ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / query.perPage))
  const page = Math.min(query.page, pageCount)
  const rows = rowsOf<Row>(
    await db.execute(
      sql`select * from (${union}) entries where ${where} order by at desc, id desc limit ${query.perPage} offset ${(page - 1) * query.perPage}`,
    ),
  )
  return { items: rows.map(toEntry), total, page, pageCount, perPage: query.perPage }
}

/**
 * Starts a failed run again through its own service, so the same rules apply as for the first
 * start: an article generation through the article service (the plan's allowance, one generation
 * per keyword at a time), a research run through the research service (one run per business), a
 * webhook event through its delivery (the same event id, to the business's webhook as it is now).
 * Answers the new job's id.
 */
export async function retryHistoryEntry(db: Database, target: { userId: string; businessId: string; jobId: string }) {
  const [failed] = await db
    .select({
      id: jobRun.id,
      kind: jobRun.kind,
      state: jobRun.state,
      input: jobRun.input,
      singletonKey: jobRun.singletonKey,
    })
    .from(jobRun)
    .where(and(eq(jobRun.id, target.jobId), eq(jobRun.businessId, target.businessId), eq(jobRun.userId, target.userId)))
  if (!failed) throw appError(HISTORY_ERRORS.ENTRY_NOT_FOUND)
  const retryable = [articleGenerateJob.name, researchRunJob.name, articlePublishJob.name, webhookDeliverJob.name]
  if (failed.state !== 'failed' || !retryable.includes(failed.kind)) {
    throw appError(HISTORY_ERRORS.NOT_RETRYABLE)
  }
  // Compared in the database: its timestamps are finer than a JavaScript Date.
  const newer =
    failed.kind === researchRunJob.name
      ? sql`select 1 from keywords.research_run r where r.business_id = ${target.businessId} and r.id <> ${failed.id}
          and r.created_at > (select own.created_at from keywords.research_run own where own.id = ${failed.id})`
      : sql`select 1 from job_run j where j.kind = ${failed.kind} and j.singleton_key = ${failed.singletonKey} and j.id <> ${failed.id}
          and j.created_at > (select own.created_at from job_run own where own.id = ${failed.id})`
  if (rowsOf(await db.execute(newer)).length > 0) throw appError(HISTORY_ERRORS.ALREADY_RETRIED)

  if (failed.kind === researchRunJob.name) {
    const started = await startResearch(db, { userId: target.userId, businessId: target.businessId }, 'manual')
    return { jobId: started.jobId, kind: 'research' as const }
  }
  if (failed.kind === webhookDeliverJob.name) {
    const started = await redeliverEvent(db, { userId: target.userId, businessId: target.businessId, delivery: failed.input })
    return { jobId: started.jobId, kind: 'webhook' as const }
  }
  if (failed.kind === articlePublishJob.name) {
    const publish = articlePublishJob.input.parse(failed.input)
    const started =
      publish.action === 'unpublish'
        ? await enqueuePublish(db, {
            userId: target.userId,
            businessId: target.businessId,
            articleId: publish.articleId,
            action: 'unpublish',
          })
        : await publishArticleNow(db, { userId: target.userId, businessId: target.businessId, articleId: publish.articleId })
    return { jobId: started.jobId, kind: 'publish' as const }
  }
  const input = articleGenerateJob.input.parse(failed.input)
  const [written] = await db
    .select({ id: article.id })
    .from(article)
    .where(and(eq(article.keywordId, input.keywordId), eq(article.businessId, target.businessId)))
  const started = written
    ? await regenerateArticle(db, {
        userId: target.userId,
        businessId: target.businessId,
        articleId: written.id,
        instruction: input.instruction,
      })
    : await startArticleGeneration(db, { userId: target.userId, businessId: target.businessId, keywordId: input.keywordId })
  return { jobId: started.jobId, kind: 'article' as const }
}
