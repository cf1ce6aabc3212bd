import { and, arrayContains, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { env } from '~/env'
import { safeJsonLd } from '~/server/articles/assemble'
import type { Database } from '~/server/db'
import { article, business, jobRun, keyword, keywordCluster, publication, publishing, type ArticleRow } from '~/server/db/schema'
import { enqueueJob } from '~/server/jobs'
import { enqueueEach } from '~/server/jobs/enqueue-each'
import { JobError } from '~/server/jobs/errors'
import { followArticleStatus } from '~/server/keywords/keyword-status'
import { appError } from '~/server/rpc/errors'
import { CONNECTOR_TYPES, type ConnectorType } from '~/shared/integrations'
import { publishableBody, withRasterAddresses } from './article-images'
import type { PublishableArticle } from './connector'
import { liveChecksRunning } from './live-check-job'
import { FEED_TYPE } from './integrations.service'
import { recordArticleHistory } from '~/server/history/record'
import { labelOf, publishToTarget, waitingForReconnection, type PublishInput, type PublishRunDeps } from './publish-target'
import { PUBLISH_ERRORS } from './publishing.errors'
import { articlePublishJob } from './publishing.jobs'

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

/** "WordPress", "WordPress and Ghost", "WordPress, Ghost and Notion". */
const listOf = (labels: string[]) => (labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`)

function brokenRefusal(broken: { type: string }[]) {
  return appError(PUBLISH_ERRORS.INTEGRATION_BROKEN, {
    message: `Reconnect ${listOf(broken.map(labelOf))} first.`,
    action: { label: 'Open Integrations', path: '/integrations' },
  })
}

/** Publishing and unpublishing an article are separate singletons: archiving never waits behind a publish. */
const singletonKeyOf = (articleId: string, action: 'publish' | 'unpublish' = 'publish') => `${action}:${articleId}`

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
export async function runPublish(db: Database, input: PublishInput, deps: PublishRunDeps): Promise<PublishOutcome> {
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
    const result = await publishToTarget(db, { input, row, payload, live, deps }, target)
    if (typeof result === 'object') retryable.push(result.retry)
    else if (result !== 'none') outcome[result]++
  }

  if (input.action === 'publish') await markPublished(db, row, feed)
  // Nothing is lost: the targets that worked keep their post; the job retries the rest.
  if (retryable.length > 0) throw new JobError(retryable.join(' '))
  return outcome
}

/** The article is published once one target has it live (or the business has the JSON feed). */
async function markPublished(db: Database, row: ArticleRow, feed: boolean) {
  const [anywhere] = await db
    .select({ id: publication.id })
    .from(publication)
    .where(and(eq(publication.articleId, row.id), eq(publication.status, 'published')))
    .limit(1)
  if (!anywhere && !feed) return
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
