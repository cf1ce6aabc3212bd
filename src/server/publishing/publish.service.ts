import { and, arrayContains, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { env } from '~/env'
import { safeJsonLd } from '~/server/articles/assemble'
import type { Database } from '~/server/db'
import { article, business, jobRun, keyword, keywordCluster, publication, publishing, type ArticleRow } from '~/server/db/schema'
import { enqueueJob } from '~/server/jobs'
import { defineJob } from '~/server/jobs/define'
import { enqueueEach } from '~/server/jobs/enqueue-each'
import { JobError } from '~/server/jobs/errors'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import { ProviderError } from '~/server/providers/http'
import { appError, defineErrorCodes } from '~/server/rpc/errors'
import { CONNECTOR_TYPES, CONNECTORS, type ConnectorType } from '~/shared/integrations'
import { LIVE_CHECKED_TYPES } from '~/shared/live-check'
import { publishableBody, withRasterAddresses } from './article-images'
import type { ConnectorContext, PublishableArticle, PublishedPost } from './connector'
import { DecryptionError } from './crypto'
import { articleFailedData, emitWebhookEvent } from './events'
import { notifyConnectorBroken, notifyPublishingFailed } from '~/server/notifications/notifications.service'
import { liveChecksRunning, queueLiveCheck, type LiveCheckRequest } from './live-check-job'
import { appPublishingDeps, connectorContext, FEED_TYPE, integrationErrorMessage, type PublishingDeps } from './integrations.service'
import { recordArticleHistory, recordHistory } from '~/server/history/record'

/**
 * Publishing articles to the business's targets (docs/product/publishing.md).
 *
 * EXACTLY ONCE. A target's post is recorded in `publication` by the CMS's id. Until that id is
 * committed, every attempt first asks the CMS for the post by slug (Connector.find) and adopts
 * it, so a worker that died between the CMS's answer and our commit, retried, updates the post it
 * made instead of making a second. The webhook has no lookup: its deliveries carry a webhook-id
 * fixed per article revision and event, which its receiver keeps (connectors/webhook/webhook.ts).
 *
 * Failures: 401/403 mark the integration broken and the publication failed, with the CMS's words;
 * a CMS refusing the article (4xx) fails the publication with its message, shown on the article;
 * 429, 5xx, timeouts and network errors (already retried with backoff by the connector's fetch)
 * fail the attempt, and the job retries later. A target that succeeded is not called again. What
 * is permanent is each connector's to say (connectors/failures.ts): a file type the CMS refuses is
 * final even when it comes back as a 5xx.
 *
 * BROKEN TARGETS. A connector whose connection failed (status 'broken') is not sent articles: its
 * publication records that it waits for the reconnection, and the next publishing run after a
 * passing test or Connect sends it. "Publish now" to nothing but broken targets is refused at
 * once (INTEGRATION_BROKEN: "Reconnect WordPress first.").
 */

export const PUBLISH_ERRORS = defineErrorCodes({
  ARTICLE_NOT_FOUND: { code: 'NOT_FOUND', message: 'This article was not found. Refresh the list and try again.' },
  NO_PUBLISHING_TARGET: {
    code: 'PRECONDITION_FAILED',
    message: 'Connect where your articles go first: a site, a webhook or the JSON feed on Integrations.',
  },
  ARTICLE_NOT_PUBLISHABLE: { code: 'CONFLICT', message: 'An archived article cannot be published. Restore its keyword to the plan first.' },
  /** Every target that would receive the article is broken; the message names them ("Reconnect WordPress first."). */
  INTEGRATION_BROKEN: { code: 'PRECONDITION_FAILED', message: 'Reconnect your site first.' },
})

/** "WordPress", "WordPress and Ghost", "WordPress, Ghost and Notion". */
const listOf = (labels: string[]) => (labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`)

const labelOf = (row: { type: string }) => CONNECTORS[row.type as ConnectorType].label

/** The sentence on a publication whose target waits for its reconnection. */
export const waitingForReconnection = (label: string) =>
  `Waiting for ${label} to be reconnected: its connection failed. Fix it on Integrations (Edit, or Test connection); publishing resumes once it works.`

function brokenRefusal(broken: { type: string }[]) {
  return appError(PUBLISH_ERRORS.INTEGRATION_BROKEN, {
    message: `Reconnect ${listOf(broken.map(labelOf))} first.`,
    action: { label: 'Open Integrations', path: '/integrations' },
  })
}

const publishInput = z.object({
  businessId: z.string(),
  articleId: z.string(),
  /** publish (create or update the posts) or unpublish (take them off the sites). */
  action: z.enum(['publish', 'unpublish']).default('publish'),
})

/** Publishing and unpublishing an article are separate singletons: archiving never waits behind a publish. */
const singletonKeyOf = (articleId: string, action: 'publish' | 'unpublish' = 'publish') => `${action}:${articleId}`

type Target = typeof publishing.$inferSelect

/**
 * The rows that receive articles: every connector but a webhook set to events only (its events
 * without article.published; docs/product/publishing.md). Enabled is checked beside it.
 */
export const receivesArticles = or(ne(publishing.type, 'webhook'), arrayContains(publishing.events, ['article.published']))!

async function targetsOf(db: Database, businessId: string) {
  const rows = await db
    .select()
    .from(publishing)
    .where(and(eq(publishing.businessId, businessId), eq(publishing.enabled, true), receivesArticles))
    .orderBy(asc(publishing.createdAt))
  return {
    connectors: rows.filter((row) => (CONNECTOR_TYPES as readonly string[]).includes(row.type)),
    feed: rows.some((row) => row.type === FEED_TYPE),
  }
}

/**
 * The article as connectors take it: its images as raster files with absolute addresses and the
 * featured one out of the body (article-images.ts), its cluster as the first tag.
 */
export async function publishableArticle(db: Database, row: ArticleRow, dataDir: string): Promise<PublishableArticle> {
  const [cluster] = row.keywordId
    ? await db
        .select({ label: keywordCluster.label })
        .from(keyword)
        .innerJoin(keywordCluster, eq(keywordCluster.id, keyword.clusterId))
        .where(eq(keyword.id, row.keywordId))
    : []
  const tags = [...new Set([cluster?.label, row.keyword].filter((tag): tag is string => Boolean(tag)))]
  const body = await publishableBody(
    {
      // The CMS renders the title itself: the body starts after our H1.
      html: row.html.replace(/^\s*<h1\b[^>]*>[\s\S]*?<\/h1>\s*/i, ''),
      markdown: row.markdown.replace(/^\s*# [^\n]*\n+/, ''),
      images: row.images,
    },
    { dataDir, appUrl: env().APP_URL },
  )
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    html: body.html,
    markdown: body.markdown,
    excerpt: row.metaDescription,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    featuredImage: body.featuredImage,
    images: body.images,
    tags,
    topic: cluster?.label || null,
    canonicalUrl: null,
    // Re-checked on the way out: JSON-LD stored before its addresses were held to the sanitiser's rule.
    jsonLd: withRasterAddresses(safeJsonLd(row.jsonLd), body.replacements) as unknown[],
    keyword: row.keyword,
    revision: row.revision,
    publishedAt: row.publishedAt ?? new Date(),
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

export interface PublishOutcome {
  published: number
  unpublished: number
  failed: number
  skipped: number
}

/**
 * One run of the publishing job for an article: each enabled target in turn. Re-runnable (the
 * job rule in src/server/jobs/define.ts): targets already holding this revision are skipped.
 */
export async function runPublish(
  db: Database,
  input: z.output<typeof publishInput>,
  deps: PublishingDeps & {
    dataDir: string
    signal?: AbortSignal
    afterCmsCall?: () => void | Promise<void>
    /**
     * Queues the live check of a post just published or updated (live-check-job.ts), in the
     * transaction that records it. The publishing job passes it; without it nothing is checked
     * (the demo's start-up posting to its stand-in, tests of publishing alone).
     */
    queueLiveCheck?: (tx: Database, check: LiveCheckRequest) => Promise<void>
  },
): Promise<PublishOutcome> {
  const [row] = await db
    .select()
    .from(article)
    .where(and(eq(article.id, input.articleId), eq(article.businessId, input.businessId)))
  const outcome: PublishOutcome = { published: 0, unpublished: 0, failed: 0, skipped: 0 }
  if (!row) return outcome
  if (input.action === 'publish' && row.status === 'archived') return outcome
  const { connectors, feed } = await targetsOf(db, row.businessId)
  const payload = await publishableArticle(db, row, deps.dataDir)
  // With several targets, the oldest one that has the article live holds its canonical copy: the
  // others say so (where the CMS has a canonical field), so search engines never see duplicates.
  const live = await db
    .select({ integrationId: publication.integrationId, url: publication.url })
    .from(publication)
    .innerJoin(publishing, eq(publishing.id, publication.integrationId))
    .where(and(eq(publication.articleId, row.id), eq(publication.status, 'published')))
    .orderBy(asc(publishing.createdAt))
  const retryable: string[] = []

  for (const target of connectors) {
    const type = target.type as ConnectorType
    const connector = deps.connector(type)
    if (!connector) continue
    const current = await ensurePublication(db, row, target)
    if (input.action === 'unpublish' && (!current.externalId || current.status !== 'published')) {
      outcome.skipped++
      continue
    }
    if (input.action === 'publish' && current.externalId && current.status === 'published' && current.publishedRevision === row.revision) {
      outcome.skipped++
      continue
    }
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
      outcome.skipped++
      continue
    }
    let post: PublishedPost | null = null
    try {
      const context = { ...connectorContext(target, deps, deps.signal), media: mediaLedger(db, current) }
      const primary = live.find((other) => other.url)
      payload.canonicalUrl = primary && primary.integrationId !== target.id ? primary.url : null
      if (input.action === 'unpublish') {
        await connector.unpublish(context, current.externalId!, payload)
      } else if (current.externalId) {
        post = await connector.update(context, current.externalId, payload)
      } else {
        const existing = await connector.find(context, payload)
        if (existing && !current.createStartedAt) throw slugTakenOnSite(labelOf(target), payload.slug, existing)
        if (!existing && !current.createStartedAt) {
          // Recorded before the CMS is asked: a post with this slug is ours from here on.
          const now = new Date()
          await db.update(publication).set({ createStartedAt: now }).where(eq(publication.id, current.id))
          current.createStartedAt = now
        }
        post = existing ? await connector.update(context, existing.externalId, payload) : await connector.create(context, payload)
      }
    } catch (error) {
      if (deps.signal?.aborted) throw error
      const message = integrationErrorMessage(error)
      if (isAuthFailure(error)) {
        await db
          .update(publishing)
          .set({ status: 'broken', lastError: message, lastCheckedAt: new Date() })
          .where(eq(publishing.id, target.id))
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
      if (isFinal(error)) outcome.failed++
      else retryable.push(`${CONNECTORS[type].label}: ${message}`)
      continue
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
      outcome.unpublished++
      continue
    }
    const url = post!.url ?? current.url
    await db.transaction(async (tx) => {
      await tx
        .update(publication)
        .set({
          status: 'published',
          externalId: post!.externalId,
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
    if (post!.url && !live.some((other) => other.url)) live.push({ integrationId: target.id, url: post!.url })
    if (target.status !== 'working') {
      if (target.status === 'broken')
        await recordHistory(db, { kind: 'integration', action: 'reconnected', businessId: row.businessId, detail: { target: type } })
      await db.update(publishing).set({ status: 'working', lastError: null, lastCheckedAt: new Date() }).where(eq(publishing.id, target.id))
    }
    outcome.published++
  }

  if (input.action === 'publish') {
    const [anywhere] = await db
      .select({ id: publication.id })
      .from(publication)
      .where(and(eq(publication.articleId, row.id), eq(publication.status, 'published')))
      .limit(1)
    if (anywhere || feed) {
      await db.transaction(async (tx) => {
        const published = await tx
          .update(article)
          .set({ status: 'published', publishedAt: sql`coalesce(${article.publishedAt}, now())`, updatedAt: new Date() })
          .where(and(eq(article.id, row.id), ne(article.status, 'archived')))
          .returning({ keywordId: article.keywordId })
        if (published[0]) await followArticleStatus(tx, published[0].keywordId, 'published')
      })
      if (feed && !row.publishedAt)
        await recordArticleHistory(db, { kind: 'publish', action: 'published', articleId: row.id, detail: { target: FEED_TYPE } })
    }
  }
  // Nothing is lost: the targets that worked keep their post; the job retries the rest.
  if (retryable.length > 0) throw new JobError(retryable.join(' '))
  return outcome
}

export const articlePublishJob = defineJob({
  name: 'article.publish',
  input: publishInput,
  retry: { retryLimit: 5, retryDelaySeconds: 30, retryDelayMaxSeconds: 30 * 60 },
  expireInSeconds: 10 * 60,
  handler: ({ db, input, signal }) => runPublish(db, input, { ...appPublishingDeps(), dataDir: env().DATA_DIR, signal, queueLiveCheck }),
  // Out of attempts (the CMS kept failing): the business's webhook hears of it.
  onFailed: async ({ db, input, error }) => {
    const stage = input.action === 'unpublish' ? 'unpublishing' : 'publishing'
    const data = await articleFailedData(db, { businessId: input.businessId, articleId: input.articleId, stage, error })
    await emitWebhookEvent(db, { type: 'article.failed', businessId: input.businessId, data })
    await notifyPublishingFailed(db, { businessId: input.businessId, articleId: input.articleId, error })
  },
})

/** Starts (or joins) the publishing job of an article; answers the job id to watch. */
export async function enqueuePublish(
  db: Database,
  target: { userId: string; businessId: string; articleId: string; action?: 'publish' | 'unpublish' },
) {
  const queued = await enqueueJob(db, {
    kind: articlePublishJob,
    userId: target.userId,
    businessId: target.businessId,
    input: { businessId: target.businessId, articleId: target.articleId, action: target.action ?? 'publish' },
    singletonKey: singletonKeyOf(target.articleId, target.action),
  })
  return { jobId: queued.id }
}

/** After an article is archived: its posts come off the sites that allow it. */
export async function unpublishArchived(db: Database, target: { userId: string; businessId: string; articleId: string }) {
  const [live] = await db
    .select({ id: publication.id })
    .from(publication)
    .where(
      and(eq(publication.articleId, target.articleId), eq(publication.businessId, target.businessId), eq(publication.status, 'published')),
    )
  if (!live) return null
  return enqueuePublish(db, { ...target, action: 'unpublish' })
}

/** "Publish now": the article goes to every enabled target at once (a published one is updated). */
export async function publishArticleNow(db: Database, target: { userId: string; businessId: string; articleId: string }) {
  const [row] = await db
    .select({ id: article.id, status: article.status })
    .from(article)
    .where(and(eq(article.id, target.articleId), eq(article.businessId, target.businessId)))
  if (!row) throw appError(PUBLISH_ERRORS.ARTICLE_NOT_FOUND)
  if (row.status === 'archived') throw appError(PUBLISH_ERRORS.ARTICLE_NOT_PUBLISHABLE)
  const { connectors, feed } = await targetsOf(db, target.businessId)
  if (connectors.length === 0 && !feed) {
    throw appError(PUBLISH_ERRORS.NO_PUBLISHING_TARGET, { action: { label: 'Open Integrations', path: '/integrations' } })
  }
  const broken = connectors.filter((row) => row.status === 'broken')
  if (broken.length === connectors.length && !feed) throw brokenRefusal(broken)
  return { ...(await enqueuePublish(db, target)), ...skippedNote(broken) }
}

/** The broken targets a started publishing passes over, and the sentence that says so. */
function skippedNote(broken: { type: string }[]) {
  const labels = broken.map(labelOf)
  return {
    skipped: labels,
    note:
      labels.length === 0
        ? null
        : `${listOf(labels)} ${labels.length === 1 ? 'is' : 'are'} skipped until you reconnect ${labels.length === 1 ? 'it' : 'them'} on Integrations.`,
  }
}

/**
 * Where an article went, within its business only: one line per target it was sent to, with the
 * post's live address (the CMS's or the webhook receiver's answer) once it has one, and what the
 * latest live check of that address found.
 */
export async function publicationsOf(db: Database, businessId: string, articleId: string) {
  const rows = await db
    .select({
      id: publication.id,
      type: publishing.type,
      enabled: publishing.enabled,
      status: publication.status,
      url: publication.url,
      externalId: publication.externalId,
      lastError: publication.lastError,
      lastSyncedAt: publication.lastSyncedAt,
      liveCheck: publication.liveCheck,
      upToDate: sql<boolean>`coalesce(${publication.publishedRevision} = ${article.revision}, false)`,
    })
    .from(publication)
    .innerJoin(publishing, eq(publishing.id, publication.integrationId))
    .innerJoin(article, eq(article.id, publication.articleId))
    .where(and(eq(publication.businessId, businessId), eq(publication.articleId, articleId)))
    .orderBy(asc(publication.createdAt))
  return rows.map((item) => ({ ...item, type: item.type as ConnectorType }))
}

/**
 * The article page's Publishing panel: where the article went, with each post's live check and
 * the check queued or running for it, and the publishing job running, if any. An article that is
 * not this business's is NOT_FOUND, never an empty panel.
 */
export async function articlePublications(db: Database, businessId: string, articleId: string) {
  const [owned] = await db
    .select({ id: article.id })
    .from(article)
    .where(and(eq(article.id, articleId), eq(article.businessId, businessId)))
  if (!owned) throw appError(PUBLISH_ERRORS.ARTICLE_NOT_FOUND)
  const publications = await publicationsOf(db, businessId, articleId)
  const [running] = await db
    .select({ id: jobRun.id })
    .from(jobRun)
    .where(
      and(
        eq(jobRun.kind, articlePublishJob.name),
        eq(jobRun.singletonKey, singletonKeyOf(articleId)),
        inArray(jobRun.state, ['queued', 'running', 'retrying']),
      ),
    )
  const checking = await liveChecksRunning(db, articleId)
  return {
    publications: publications.map((item) => ({ ...item, liveCheckJobId: checking.get(item.id) ?? null })),
    publishingJobId: running?.id ?? null,
  }
}

/** Every 5 minutes. */
export const PUBLISH_DUE_CRON = '*/5 * * * *'

/** A publication (joined with its article and target) whose post holds an older revision of a published article. */
const behindOnSite = and(
  eq(article.status, 'published'),
  eq(publishing.enabled, true),
  receivesArticles,
  or(isNull(publication.publishedRevision), gt(article.revision, publication.publishedRevision)),
  ne(publication.status, 'failed'),
)

/**
 * Sends a published article's new version to its sites now rather than at the next publishing
 * run (after a rewrite, e.g. a refresh from /performance): when one of its enabled targets holds
 * an older revision. Answers the publishing job (with the broken targets it skips), or null when
 * nothing is behind; refused with INTEGRATION_BROKEN when every target behind is broken.
 */
export async function publishUpdateNow(db: Database, target: { userId: string; businessId: string; articleId: string }) {
  const behind = await db
    .select({ type: publishing.type, status: publishing.status })
    .from(publication)
    .innerJoin(article, eq(article.id, publication.articleId))
    .innerJoin(publishing, eq(publishing.id, publication.integrationId))
    .where(and(eq(publication.articleId, target.articleId), eq(publication.businessId, target.businessId), behindOnSite))
  if (behind.length === 0) return null
  const broken = behind.filter((row) => row.status === 'broken')
  if (broken.length === behind.length) throw brokenRefusal(broken)
  return { ...(await enqueuePublish(db, target)), ...skippedNote(broken) }
}

/**
 * Starts the publishing of every article whose day has come: approved ones, and in autopilot the
 * drafts that passed the business's SEO score floor (held ones wait for a person). A business
 * without an enabled target keeps its articles until one is connected; one whose targets are all
 * broken too, its publications saying they wait for the reconnection. Edits of published
 * articles are synced too: a publication holding an older revision is published again.
 */
export async function publishDueArticles(db: Database, now = new Date()) {
  // A broken connector is not a target until it works again (the JSON feed never breaks).
  const hasTarget = sql`exists (select 1 from ${publishing} where ${publishing.businessId} = ${article.businessId} and ${publishing.enabled} and ${publishing.status} <> 'broken' and ${receivesArticles})`
  const isDue = and(
    lte(keyword.scheduledAt, now),
    or(
      eq(article.status, 'approved'),
      and(eq(article.status, 'draft'), eq(business.autoPublish, true), sql`${article.seoScore} >= ${business.seoScoreFloor}`),
    ),
    // A target refused it for good (credentials, validation): it waits for the user, who fixes
    // the connection (failed publications become pending again) or publishes it by hand.
    sql`not exists (select 1 from ${publication} where ${publication.articleId} = ${article.id} and ${publication.status} = 'failed')`,
  )
  const due = await db
    .select({ articleId: article.id, businessId: article.businessId, userId: business.userId })
    .from(article)
    .innerJoin(business, eq(business.id, article.businessId))
    .innerJoin(keyword, eq(keyword.id, article.keywordId))
    .where(and(hasTarget, isDue))
    .orderBy(asc(keyword.scheduledAt))
    .limit(200)
  // Due, but every target is broken: no job, no call to the CMS; its publications say it waits.
  const waiting = await db
    .select({ articleId: article.id, businessId: article.businessId, integrationId: publishing.id, type: publishing.type })
    .from(article)
    .innerJoin(business, eq(business.id, article.businessId))
    .innerJoin(keyword, eq(keyword.id, article.keywordId))
    .innerJoin(
      publishing,
      and(eq(publishing.businessId, article.businessId), eq(publishing.enabled, true), eq(publishing.status, 'broken'), receivesArticles),
    )
    .where(and(sql`not ${hasTarget}`, isDue))
    .orderBy(asc(keyword.scheduledAt))
    .limit(200)
  for (const item of waiting) {
    if (!(CONNECTOR_TYPES as readonly string[]).includes(item.type)) continue
    const message = waitingForReconnection(labelOf(item))
    await db
      .insert(publication)
      .values({ businessId: item.businessId, articleId: item.articleId, integrationId: item.integrationId })
      .onConflictDoNothing()
    await db
      .update(publication)
      .set({ lastError: message, updatedAt: new Date() })
      .where(
        and(
          eq(publication.articleId, item.articleId),
          eq(publication.integrationId, item.integrationId),
          eq(publication.status, 'pending'),
          sql`${publication.lastError} is distinct from ${message}`,
        ),
      )
  }
  const stale = await db
    .selectDistinct({ articleId: article.id, businessId: article.businessId, userId: business.userId })
    .from(publication)
    .innerJoin(article, eq(article.id, publication.articleId))
    .innerJoin(business, eq(business.id, article.businessId))
    .innerJoin(publishing, eq(publishing.id, publication.integrationId))
    .where(and(behindOnSite, ne(publishing.status, 'broken')))
    .limit(200)
  const started = await enqueueEach([...due, ...stale], {
    enqueue: (item) => enqueuePublish(db, item),
    scope: 'publishing',
    describe: (item) => item.articleId,
  })
  return {
    due: due.length,
    updates: stale.length,
    waiting: new Set(waiting.map((item) => item.articleId)).size,
    started: started.map((item) => item.articleId),
  }
}

export const publishDueJob = defineJob({
  name: 'article.publish-due',
  input: z.object({}),
  retry: { retryLimit: 2, retryDelaySeconds: 60 },
  handler: ({ db }) => publishDueArticles(db),
})
