import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/server/db'
import { publication, publishing, type ArticleRow } from '~/server/db/schema'
import { recordArticleHistory, recordHistory } from '~/server/history/record'
import { notifyConnectorBroken, notifyPublishingFailed } from '~/server/notifications/notifications.service'
import { ProviderError } from '~/server/providers/http'
import { CONNECTORS, type ConnectorType } from '~/shared/integrations'
import { LIVE_CHECKED_TYPES } from '~/shared/live-check'
import type { Connector, ConnectorContext, PublishableArticle, PublishedPost } from './connector'
import { DecryptionError } from './crypto'
import { articleFailedData, emitWebhookEvent } from './events'
import { connectorContext, integrationErrorMessage, type PublishingDeps } from './integrations.service'
import type { LiveCheckRequest, publishInput } from './publishing.jobs'

// One target's part of a publishing run (runPublish, publish.service.ts): the call to its CMS and
// what is recorded after it. The rules are in the module comment of publish.service.ts.

export type PublishInput = z.output<typeof publishInput>

export type PublishRunDeps = PublishingDeps & {
  dataDir: string
  signal?: AbortSignal
  afterCmsCall?: () => void | Promise<void>
  /**
   * Queues the live check of a post just published or updated (live-check-job.ts), in the
   * transaction that records it. The publishing job passes it; without it nothing is checked
   * (the demo's start-up posting to its stand-in, tests of publishing alone).
   */
  queueLiveCheck?: (tx: Database, check: LiveCheckRequest) => Promise<void>
}

/** What one run shares across its targets; `live` grows as targets publish. */
interface PublishRun {
  input: PublishInput
  row: ArticleRow
  payload: PublishableArticle
  live: Array<{ integrationId: string; url: string | null }>
  deps: PublishRunDeps
}

type Target = typeof publishing.$inferSelect
type Publication = typeof publication.$inferSelect

/** How a target's turn ended: counted in the run's outcome, or a failure the job retries. */
export type TargetResult = 'none' | 'skipped' | 'published' | 'unpublished' | 'failed' | { retry: string }

export const labelOf = (row: { type: string }) => CONNECTORS[row.type as ConnectorType].label

/** The sentence on a publication whose target waits for its reconnection. */
export const waitingForReconnection = (label: string) =>
  `Waiting for ${label} to be reconnected: its connection failed. Fix it on Integrations (Edit, or Test connection); publishing resumes once it works.`

/** Publishes (or takes down) the article on one target; 'none' when this server has no connector for it. */
export async function publishToTarget(db: Database, run: PublishRun, target: Target): Promise<TargetResult> {
  const { input, row, deps } = run
  const type = target.type as ConnectorType
  const connector = deps.connector(type)
  if (!connector) return 'none'
  const current = await ensurePublication(db, row, target)
  if (input.action === 'unpublish' && (!current.externalId || current.status !== 'published')) return 'skipped'
  if (input.action === 'publish' && current.externalId && current.status === 'published' && current.publishedRevision === row.revision)
    return 'skipped'
  if (input.action === 'publish' && target.status === 'broken') {
    // Not called while broken: the publication says it waits, and a passing test resumes it.
    // (Taking a post down is still tried: nothing would resume it later.)
    const waiting = waitingForReconnection(labelOf(target))
    if (current.lastError !== waiting) {
      await db
        .update(publication)
        .set({ status: current.status === 'failed' ? 'pending' : current.status, lastError: waiting, updatedAt: new Date() })
        .where(eq(publication.id, current.id))
    }
    return 'skipped'
  }
  let post: PublishedPost | null = null
  try {
    post = await callCms(db, run, target, connector, current)
  } catch (error) {
    if (deps.signal?.aborted) throw error
    const message = integrationErrorMessage(error)
    await recordFailure(db, run, target, current, error, message)
    return isFinal(error) ? 'failed' : { retry: `${CONNECTORS[type].label}: ${message}` }
  }
  // The crash window: the CMS has the change, this commit has not happened yet (see the module comment).
  await deps.afterCmsCall?.()
  if (input.action === 'unpublish') {
    // The live check was of the post now taken down.
    await db
      .update(publication)
      .set({ status: 'unpublished', lastError: null, liveCheck: null, lastSyncedAt: new Date(), updatedAt: new Date() })
      .where(eq(publication.id, current.id))
    await recordArticleHistory(db, { kind: 'publish', action: 'unpublished', articleId: row.id, detail: { target: type } })
    return 'unpublished'
  }
  await recordPublished(db, run, target, current, post!)
  return 'published'
}

/** The CMS call: unpublish, update the post we have, or find (and adopt) or create it. */
async function callCms(
  db: Database,
  { input, payload, live, deps }: PublishRun,
  target: Target,
  connector: Connector<ConnectorType>,
  current: Publication,
): Promise<PublishedPost | null> {
  const context = { ...connectorContext(target, deps, deps.signal), media: mediaLedger(db, current) }
  const primary = live.find((other) => other.url)
  payload.canonicalUrl = primary && primary.integrationId !== target.id ? primary.url : null
  if (input.action === 'unpublish') {
    await connector.unpublish(context, current.externalId!, payload)
    return null
  }
  if (current.externalId) return connector.update(context, current.externalId, payload)
  const existing = await connector.find(context, payload)
  if (existing && !current.createStartedAt) throw slugTakenOnSite(labelOf(target), payload.slug, existing)
  if (!existing && !current.createStartedAt) {
    // Recorded before the CMS is asked: a post with this slug is ours from here on.
    const now = new Date()
    await db.update(publication).set({ createStartedAt: now }).where(eq(publication.id, current.id))
    current.createStartedAt = now
  }
  return existing ? connector.update(context, existing.externalId, payload) : connector.create(context, payload)
}

/** A failed call: a refused login breaks the target; a final refusal fails the publication, told once. */
async function recordFailure(
  db: Database,
  { input, row }: PublishRun,
  target: Target,
  current: Publication,
  error: unknown,
  message: string,
) {
  const type = target.type as ConnectorType
  if (isAuthFailure(error)) {
    await db.update(publishing).set({ status: 'broken', lastError: message, lastCheckedAt: new Date() }).where(eq(publishing.id, target.id))
    if (target.status !== 'broken')
      await recordHistory(db, {
        kind: 'integration',
        action: 'broken',
        status: 'failed',
        businessId: row.businessId,
        error: message,
        detail: { target: type },
      })
    await notifyConnectorBroken(db, { businessId: row.businessId, integrationId: target.id, error: message })
  }
  const status = isFinal(error) ? 'failed' : current.status === 'failed' ? 'pending' : current.status
  await db.transaction(async (tx) => {
    await tx.update(publication).set({ status, lastError: message, updatedAt: new Date() }).where(eq(publication.id, current.id))
    // Told once when a target refuses it, not again on each retry while it stays refused.
    if (status === 'failed' && current.status !== 'failed') {
      const stage = input.action === 'unpublish' ? 'unpublishing' : 'publishing'
      const data = await articleFailedData(tx, {
        businessId: row.businessId,
        articleId: row.id,
        stage,
        target: CONNECTORS[type].label,
        error: message,
      })
      await emitWebhookEvent(tx, { type: 'article.failed', businessId: row.businessId, data })
      await recordArticleHistory(tx, {
        kind: 'publish',
        action: 'failed',
        status: 'failed',
        articleId: row.id,
        error: message,
        detail: { target: type, unpublish: input.action === 'unpublish' },
      })
      await notifyPublishingFailed(tx, {
        businessId: row.businessId,
        articleId: row.id,
        integrationId: target.id,
        target: CONNECTORS[type].label,
        error: message,
      })
    }
  })
}

/** A post made or updated: the publication records it, its live check is queued, and a broken target works again. */
async function recordPublished(db: Database, { row, live, deps }: PublishRun, target: Target, current: Publication, post: PublishedPost) {
  const type = target.type as ConnectorType
  const url = post.url ?? current.url
  await db.transaction(async (tx) => {
    await tx
      .update(publication)
      .set({
        status: 'published',
        externalId: post.externalId,
        url,
        publishedRevision: row.revision,
        lastError: null,
        lastSyncedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(publication.id, current.id))
    await recordArticleHistory(tx, {
      kind: 'publish',
      action: current.status === 'published' ? 'updated' : 'published',
      articleId: row.id,
      detail: { target: type, url },
    })
    // What a reader now sees there is checked in its own job (docs/product/publishing.md).
    if (url && deps.queueLiveCheck && LIVE_CHECKED_TYPES.includes(type)) {
      await deps.queueLiveCheck(tx, { businessId: row.businessId, articleId: row.id, publicationId: current.id, revision: row.revision })
    }
  })
  if (post.url && !live.some((other) => other.url)) live.push({ integrationId: target.id, url: post.url })
  if (target.status !== 'working') {
    if (target.status === 'broken')
      await recordHistory(db, { kind: 'integration', action: 'reconnected', businessId: row.businessId, detail: { target: type } })
    await db.update(publishing).set({ status: 'working', lastError: null, lastCheckedAt: new Date() }).where(eq(publishing.id, target.id))
  }
}

/** The publication's record of media uploaded to its CMS, updated one upload at a time (connector.ts, ConnectorContext.media). */
function mediaLedger(db: Database, current: typeof publication.$inferSelect): NonNullable<ConnectorContext<ConnectorType>['media']> {
  return {
    uploaded: { ...current.media },
    async remember(hash, media) {
      await db
        .update(publication)
        .set({
          media: media
            ? sql`${publication.media} || ${JSON.stringify({ [hash]: media })}::jsonb`
            : sql`${publication.media} - ${hash}::text`,
        })
        .where(eq(publication.id, current.id))
    },
  }
}

async function ensurePublication(db: Database, row: ArticleRow, target: Target) {
  await db.insert(publication).values({ businessId: row.businessId, articleId: row.id, integrationId: target.id }).onConflictDoNothing()
  const [current] = await db
    .select()
    .from(publication)
    .where(and(eq(publication.articleId, row.id), eq(publication.integrationId, target.id)))
  return current!
}

/**
 * The CMS already has a post with this article's slug, and we never asked it to make one for this
 * publication: it is the customer's own, so it is left alone and the article is not published
 * there (docs/product/publishing.md, Exactly once). Final: it stays so until the slug or the post changes.
 */
function slugTakenOnSite(label: string, slug: string, existing: PublishedPost) {
  const where = existing.url ?? `the address “${slug}”`
  return new ProviderError({
    provider: label,
    kind: 'rejected',
    message: `${label} already has a post at ${where} that Rankpilot did not make, so it was left as it is. Change this article’s slug, or rename that post on ${label}, then publish again.`,
  })
}

/** A failure the CMS will answer the same way next time: recorded, not retried. */
function isFinal(error: unknown) {
  if (error instanceof DecryptionError) return true
  return error instanceof ProviderError && (error.kind === 'auth' || error.kind === 'rejected' || error.kind === 'payment')
}

const isAuthFailure = (error: unknown) => error instanceof DecryptionError || (error instanceof ProviderError && error.kind === 'auth')
