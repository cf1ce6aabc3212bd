import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { env } from '~/env'
import { ARTICLE_UNIT, articlesUsed } from '~/server/billing/usage'
import { findUserPlan } from '~/server/access/plan-access'
import type { Database } from '~/server/db'
import { article, business, notificationSent, notificationSettings, publishing, user } from '~/server/db/schema'
import { createMailer, outboxDirFor, type Mailer } from '~/server/email/mailer'
import { logger } from '~/server/logger'
import { emitWebhookEvent } from '~/server/publishing/events'
import { billingPeriodOf } from '~/shared/billing-period'
import { isDemoAccount } from '~/shared/demo-account'
import { CONNECTORS, type ConnectorType } from '~/shared/integrations'
import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  NOTIFICATION_KINDS,
  notificationSettingsSchema,
  type NotificationKind,
  type NotificationSettings,
} from '~/shared/notifications'
import { queueNotification, type SendRequest } from './notifications.jobs'
import { notificationEmail, type DigestBusiness, type NotificationContent } from './notification-emails'
import { unsubscribeToken } from './unsubscribe-token'

/**
 * Email notifications (docs/product/notifications.md).
 *
 * Where something happens (a connection turns broken, publishing fails for good, research plans
 * the month, usage crosses 80 % or 100 % of the allowance) one call queues a `notification.send`
 * job in the caller's transaction, and the matching webhook event where there is one; the hourly
 * `notification.digest` job queues the daily digest of each user whose digest hour it is in their
 * time zone. A failure to queue is logged and never fails the caller.
 *
 * Once per key: the send job claims its key in `notification_sent` (unique per user) before
 * mailing, so a retry never mails twice and a second job for the same key sends nothing. Keys:
 * `connector:<id>:<local day>` (publishing failures and broken connections: one email per
 * connection per day), `article:<id>:<local day>`, `plan:<run id>`, `usage:<month>:<80|100>`,
 * `digest:<local day>`.
 */

export interface NotificationDeps {
  /** SMTP or the outbox, as configured. */
  mailer: Mailer
  /** The demo account's mail: always the outbox, never a real address. */
  outbox: Mailer
  appName: string
  appUrl: string
  /** Signs the unsubscribe links (BETTER_AUTH_SECRET). */
  secret: string
}

export function appNotificationDeps(): NotificationDeps {
  const config = env()
  const outboxDir = outboxDirFor(config.DATA_DIR)
  return {
    mailer: createMailer({ from: config.EMAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir }),
    outbox: createMailer({ from: config.EMAIL_FROM, outboxDir }),
    appName: config.APP_NAME,
    appUrl: config.APP_URL,
    secret: config.BETTER_AUTH_SECRET,
  }
}

export const unsubscribeUrlOf = (deps: Pick<NotificationDeps, 'appUrl' | 'secret'>, userId: string, kind: NotificationKind) =>
  `${deps.appUrl.replace(/\/+$/, '')}/unsubscribe?token=${unsubscribeToken(deps.secret, userId, kind)}`

// Settings

export async function getNotificationSettings(db: Pick<Database, 'select'>, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))
  return {
    enabled: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !row?.disabled.includes(kind)])) as Record<
      NotificationKind,
      boolean
    >,
    digestHour: row?.digestHour ?? DEFAULT_DIGEST_HOUR,
    timeZone: row && isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
    saved: Boolean(row),
  }
}

export async function updateNotificationSettings(db: Database, userId: string, input: z.input<typeof notificationSettingsSchema>) {
  const parsed = notificationSettingsSchema.parse(input)
  const current = await getNotificationSettings(db, userId)
  const enabled = { ...current.enabled, ...parsed.enabled }
  const values = {
    disabled: NOTIFICATION_KINDS.filter((kind) => !enabled[kind]),
    digestHour: parsed.digestHour ?? current.digestHour,
    timeZone: parsed.timeZone ?? current.timeZone,
  }
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: new Date() } })
  return getNotificationSettings(db, userId)
}

/** The one-click unsubscribe: turns one kind off, the rest stays. */
export async function turnNotificationOff(db: Database, userId: string, kind: NotificationKind): Promise<boolean> {
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
  if (!owner) return false
  await updateNotificationSettings(db, userId, { enabled: { [kind]: false } })
  return true
}

/** The date (YYYY-MM-DD) and hour (0–23) at `now` in a time zone. */
export function localClock(now: Date, timeZone: string): { date: string; hour: number } {
  const fields = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return { date: `${fields.year}-${fields.month}-${fields.day}`, hour: Number(fields.hour) % 24 }
}

const ownerOf = async (db: Database, businessId: string) => {
  const [row] = await db
    .select({ userId: business.userId, name: business.name, url: business.url })
    .from(business)
    .where(eq(business.id, businessId))
  return row
}

const appUrl = (path: string) => `${env().APP_URL.replace(/\/+$/, '')}${path}`

/**
 * A publishing connection turned broken (its credentials were refused): the owner's email, at
 * most one per connection per day, and the business's `connector.broken` webhook event.
 */
export async function notifyConnectorBroken(db: Database, event: { businessId: string; integrationId: string; error: string }) {
  const owner = await ownerOf(db, event.businessId)
  if (!owner) return
  const [row] = await db.select({ type: publishing.type }).from(publishing).where(eq(publishing.id, event.integrationId))
  const label = row ? (CONNECTORS[row.type as ConnectorType]?.label ?? row.type) : 'A connection'
  await emitWebhookEvent(db, {
    type: 'connector.broken',
    businessId: event.businessId,
    data: { integrationId: event.integrationId, connector: row?.type ?? null, label, error: event.error, url: appUrl('/integrations') },
  })
  await queueNotification(db, {
    userId: owner.userId,
    kind: 'connector_broken',
    businessId: event.businessId,
    key: `connector:${event.integrationId}`,
    daily: true,
    data: { connector: label, error: event.error },
  })
}

/**
 * Publishing an article failed for good (a target refused it, or the job ran out of attempts):
 * the owner's email, once per connection per day (per article when no connection is named); none
 * when the connection is broken (the broken-connection email is the one to send).
 * The webhook's `article.failed` is sent by the caller.
 */
export async function notifyPublishingFailed(
  db: Database,
  event: { businessId: string; articleId: string; integrationId?: string | null; target?: string | null; error: string },
) {
  const owner = await ownerOf(db, event.businessId)
  if (!owner) return
  // Refused because its credentials were: the connection is broken, and that email says so.
  const [target] = event.integrationId
    ? await db.select({ status: publishing.status }).from(publishing).where(eq(publishing.id, event.integrationId))
    : []
  if (target?.status === 'broken') return
  await queueNotification(db, {
    userId: owner.userId,
    kind: 'publishing_failed',
    businessId: event.businessId,
    key: event.integrationId ? `connector:${event.integrationId}` : `article:${event.articleId}`,
    daily: true,
    data: { articleId: event.articleId, target: event.target ?? null, error: event.error },
  })
}

/** Research planned the month: the owner's email (the webhook's `research.finished` is the caller's). */
export async function notifyPlanReady(db: Database, run: { id: string; businessId: string; month: string; planned: number }) {
  const owner = await ownerOf(db, run.businessId)
  if (!owner) return
  await queueNotification(db, {
    userId: owner.userId,
    kind: 'plan_ready',
    businessId: run.businessId,
    key: `plan:${run.id}`,
    daily: false,
    data: { month: run.month, planned: run.planned },
  })
}

export const USAGE_THRESHOLDS = [80, 100] as const

/**
 * Articles were recorded against the allowance (call it in the transaction that records them):
 * when that crosses 80 % or 100 % of the plan's articles of the month, the owner's email and the
 * business's `usage.threshold` webhook event, once per threshold per month.
 */
export async function notifyUsage(db: Database, event: { userId: string; businessId: string | null; quantity: number; now?: Date }) {
  try {
    const plan = await findUserPlan(db, event.userId)
    if (!plan || plan.articlesPerMonth <= 0) return
    const period = billingPeriodOf(event.now ?? new Date())
    const used = await articlesUsed(db, event.userId, period)
    const before = used - event.quantity
    const crossed = USAGE_THRESHOLDS.filter((threshold) => {
      const line = Math.ceil((plan.articlesPerMonth * threshold) / 100)
      return before < line && used >= line
    })
    const threshold = crossed.at(-1)
    if (!threshold) return
    const data = { threshold, used, allowance: plan.articlesPerMonth, period, unit: ARTICLE_UNIT, metered: plan.hasMeteredPricing }
    if (event.businessId) {
      await emitWebhookEvent(db, {
        type: 'usage.threshold',
        businessId: event.businessId,
        data: { ...data, url: appUrl('/settings#plan-and-billing') },
      })
    }
    await queueNotification(db, {
      userId: event.userId,
      kind: 'usage_limit',
      businessId: event.businessId,
      key: `usage:${period}:${threshold}`,
      daily: false,
      data,
    })
  } catch (error) {
    logger.error(`notifications: usage of user ${event.userId} not checked`, error instanceof Error ? error.message : error)
  }
}

// The daily digest

/** Per business of the user (or of every user): drafts waiting for approval and articles held below the floor. */
async function waitingArticles(db: Pick<Database, 'select'>, userIds?: string[]) {
  const waiting = and(eq(article.status, 'draft'), eq(business.autoPublish, false))
  return db
    .select({
      userId: business.userId,
      businessId: business.id,
      name: sql<string>`coalesce(${business.name}, ${business.url})`,
      waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${article.status} = 'held')`.mapWith(Number),
    })
    .from(article)
    .innerJoin(business, eq(business.id, article.businessId))
    .where(and(or(eq(article.status, 'held'), waiting), userIds ? inArray(business.userId, userIds) : undefined))
    .groupBy(business.userId, business.id)
    .orderBy(business.createdAt)
}

/**
 * The hourly sweep: each user with drafts waiting or articles held, whose digest hour it is in
 * their time zone, gets the day's digest queued, and each such business its `drafts.waiting`
 * webhook event (once per business per local day). Answers how many digests were queued.
 */
export async function queueDueDigests(db: Database, now = new Date()): Promise<number> {
  const rows = await waitingArticles(db)
  const users = [...new Set(rows.map((row) => row.userId))]
  let queued = 0
  for (const userId of users) {
    const settings = await getNotificationSettings(db, userId)
    const clock = localClock(now, settings.timeZone)
    if (clock.hour !== settings.digestHour) continue
    for (const row of rows.filter((candidate) => candidate.userId === userId)) {
      const [claimed] = await db
        .insert(notificationSent)
        .values({ userId, kind: 'webhook', key: `drafts.waiting:${row.businessId}:${clock.date}`, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: notificationSent.id })
      if (claimed) {
        await emitWebhookEvent(db, {
          type: 'drafts.waiting',
          businessId: row.businessId,
          data: { waitingForReview: row.waiting, heldBelowFloor: row.held, date: clock.date, url: appUrl('/content') },
        })
      }
    }
    if (!settings.enabled.drafts_digest) continue
    // The sweep's local day is the key: a digest queued just before midnight is still that day's.
    await queueNotification(db, { userId, kind: 'drafts_digest', businessId: null, key: `digest:${clock.date}`, daily: false, data: {} })
    queued++
  }
  return queued
}

// Sending

/** A claim older than this, of another job, belongs to a job that died: it may be taken over. */
const STALE_CLAIM_MS = 30 * 60 * 1000

export type SendOutcome =
  { sent: true; key: string } | { sent: false; skipped: 'no-user' | 'off' | 'already-sent' | 'in-flight' | 'nothing-to-say' }

async function contentOf(db: Database, request: SendRequest): Promise<NotificationContent | null> {
  const data = request.data as Record<string, unknown>
  const [owned] = request.businessId
    ? await db
        .select({ name: sql<string>`coalesce(${business.name}, ${business.url})` })
        .from(business)
        .where(and(eq(business.id, request.businessId), eq(business.userId, request.userId)))
    : []
  const name = owned?.name ?? 'Your business'
  switch (request.kind) {
    case 'connector_broken':
      return { kind: 'connector_broken', business: name, connector: String(data.connector), error: String(data.error) }
    case 'publishing_failed': {
      const articleId = typeof data.articleId === 'string' ? data.articleId : null
      const [row] =
        articleId && request.businessId
          ? await db
              .select({ title: article.title })
              .from(article)
              .where(and(eq(article.id, articleId), eq(article.businessId, request.businessId)))
          : []
      return {
        kind: 'publishing_failed',
        business: name,
        title: row?.title ?? null,
        articleId: row ? articleId : null,
        target: typeof data.target === 'string' ? data.target : null,
        error: String(data.error),
      }
    }
    case 'plan_ready':
      return { kind: 'plan_ready', business: name, month: String(data.month), planned: Number(data.planned) || 0 }
    case 'usage_limit':
      return {
        kind: 'usage_limit',
        threshold: data.threshold === 100 ? 100 : 80,
        used: Number(data.used) || 0,
        allowance: Number(data.allowance) || 0,
        metered: data.metered === true,
      }
    case 'drafts_digest': {
      const rows = await waitingArticles(db, [request.userId])
      const businesses: DigestBusiness[] = rows.map((row) => ({ name: row.name, waiting: row.waiting, held: row.held }))
      return businesses.length > 0 ? { kind: 'drafts_digest', businesses } : null
    }
  }
}

/**
 * One attempt of a `notification.send` job: the kind must still be on; the key is claimed (or
 * already this job's); the email is rendered from what is true now and sent, then marked sent.
 */
export async function sendNotification(
  db: Database,
  request: SendRequest,
  jobId: string,
  deps: NotificationDeps,
  now = new Date(),
): Promise<SendOutcome> {
  const [recipient] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, request.userId))
  if (!recipient) return { sent: false, skipped: 'no-user' }
  const settings = await getNotificationSettings(db, request.userId)
  if (!settings.enabled[request.kind]) return { sent: false, skipped: 'off' }
  const key = request.daily ? `${request.key}:${localClock(now, settings.timeZone).date}` : request.key

  const [claimed] = await db
    .insert(notificationSent)
    .values({ userId: request.userId, kind: request.kind, key, jobId })
    .onConflictDoNothing()
    .returning({ id: notificationSent.id })
  if (!claimed) {
    const [existing] = await db
      .select()
      .from(notificationSent)
      .where(and(eq(notificationSent.userId, request.userId), eq(notificationSent.key, key)))
    if (!existing || existing.sentAt) return { sent: false, skipped: 'already-sent' }
    if (existing.jobId !== jobId) {
      const [taken] = await db
        .update(notificationSent)
        .set({ jobId, createdAt: now })
        .where(and(eq(notificationSent.id, existing.id), lt(notificationSent.createdAt, new Date(now.getTime() - STALE_CLAIM_MS))))
        .returning({ id: notificationSent.id })
      if (!taken) return { sent: false, skipped: 'in-flight' }
    }
  }
  const release = () => db.delete(notificationSent).where(and(eq(notificationSent.userId, request.userId), eq(notificationSent.key, key)))

  const content = await contentOf(db, request)
  if (!content) {
    await release()
    return { sent: false, skipped: 'nothing-to-say' }
  }
  const message = notificationEmail(content, {
    appName: deps.appName,
    appUrl: deps.appUrl.replace(/\/+$/, ''),
    to: recipient,
    unsubscribeUrl: unsubscribeUrlOf(deps, request.userId, request.kind),
  })
  // The demo account's address is not a mailbox: its mail stays in the outbox.
  await (isDemoAccount(recipient) ? deps.outbox : deps.mailer).send(message)
  await db
    .update(notificationSent)
    .set({ sentAt: new Date() })
    .where(and(eq(notificationSent.userId, request.userId), eq(notificationSent.key, key)))
  return { sent: true, key }
}
