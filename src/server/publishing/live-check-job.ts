import { and, eq, inArray, sql } from 'drizzle-orm'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { business, jobRun, publication } from '~/server/db/schema'
import { enqueueJob } from '~/server/jobs'
import { logger } from '~/server/logger'
import { appOutboundFetch } from '~/server/outbound/outbound-fetch'
import { isFullDemo } from '~/server/providers/modes'
import { DEMO_CMS_PATH } from '~/server/providers/demo-cms'
import { checkLivePage, type LiveCheckDeps } from './live-check'
import { liveCheckJob, type LiveCheckRequest } from './publishing.jobs'

/**
 * The live check as its own job (docs/product/publishing.md, "After publishing: the live check"):
 * queued by the publishing job in the transaction that records the post as published, so it
 * exists exactly when the publication says published (never lost to a crash in between), and
 * publishing never waits for the page or its images. One per publication and revision: a newer
 * revision published before the check ran has its own check, and the older one changes nothing.
 * Its findings are stored, never thrown; only our own failures (the database) are retried.
 */

/** The start of the singleton keys of an article's checks. */
const articleKeyPrefix = (articleId: string) => `live-check:${articleId}:`
/** One unfinished check per publication and revision. */
const liveCheckKeyOf = (check: Pick<LiveCheckRequest, 'articleId' | 'publicationId' | 'revision'>) =>
  `${articleKeyPrefix(check.articleId)}${check.publicationId}:${check.revision}`

const MB = 1024 * 1024

/** The running app's fetchers for the check: the outbound fetch, loopback only with FETCH_ALLOW_LOOPBACK. */
export function appLiveCheckDeps(): Pick<LiveCheckDeps, 'fetchPage' | 'fetchImage'> {
  const config = env()
  // In full demo mode the demo business's stand-in WordPress is this app (providers/demo-cms.ts): its pages
  // and the images on them (our /media route) are read from here, as its connector is trusted.
  const trusted = (url: URL) =>
    isFullDemo(config) &&
    Boolean(config.APP_URL) &&
    (url.href.startsWith(`${config.APP_URL}${DEMO_CMS_PATH}/`) || url.href.startsWith(`${config.APP_URL}/media/`))
  return {
    fetchPage: appOutboundFetch({ timeoutMs: 15_000, maxBytes: 5 * MB, trusted }),
    fetchImage: appOutboundFetch({ timeoutMs: 10_000, maxBytes: 25 * MB, trusted }),
  }
}

/**
 * One check: the publication is read again within its business; one taken down, gone, without an
 * address or holding another revision by now is left alone. The result is stored only while the
 * publication still holds the revision checked.
 */
export async function runLiveCheck(db: Database, input: LiveCheckRequest, deps: LiveCheckDeps) {
  const [row] = await db
    .select({ url: publication.url, status: publication.status, revision: publication.publishedRevision })
    .from(publication)
    .where(and(eq(publication.id, input.publicationId), eq(publication.businessId, input.businessId)))
  if (!row || row.status !== 'published' || !row.url || row.revision !== input.revision) return { checked: false as const }
  const liveCheck = await checkLivePage(row.url, input.revision, deps)
  await db
    .update(publication)
    .set({ liveCheck })
    .where(
      and(eq(publication.id, input.publicationId), eq(publication.status, 'published'), eq(publication.publishedRevision, input.revision)),
    )
  return { checked: true as const, live: liveCheck.live, imagesLoaded: liveCheck.imagesLoaded, broken: liveCheck.broken.length }
}

/**
 * Queues the check of a publication just published, inside the caller's transaction. It runs in a
 * savepoint and never throws: a failure to queue is logged, and the publication stands.
 */
export async function queueLiveCheck(tx: Database, check: LiveCheckRequest) {
  try {
    await tx.transaction(async (inner) => {
      const [owner] = await inner.select({ userId: business.userId }).from(business).where(eq(business.id, check.businessId))
      if (!owner) return
      await enqueueJob(inner, {
        kind: liveCheckJob,
        userId: owner.userId,
        businessId: check.businessId,
        input: check,
        singletonKey: liveCheckKeyOf(check),
      })
    })
  } catch (error) {
    logger.error(
      `live check: publication ${check.publicationId} (revision ${check.revision}) could not be queued`,
      error instanceof Error ? (error.stack ?? error.message) : error,
    )
  }
}

/** The article's checks queued or running, by publication: the Publishing panel follows them. */
export async function liveChecksRunning(db: Database, articleId: string) {
  const rows = await db
    .select({ id: jobRun.id, singletonKey: jobRun.singletonKey })
    .from(jobRun)
    .where(
      and(
        eq(jobRun.kind, liveCheckJob.name),
        sql`starts_with(${jobRun.singletonKey}, ${articleKeyPrefix(articleId)})`,
        inArray(jobRun.state, ['queued', 'running', 'retrying']),
      ),
    )
  const running = new Map<string, string>()
  for (const row of rows) {
    const [publicationId] = (row.singletonKey ?? '').slice(articleKeyPrefix(articleId).length).split(':')
    if (publicationId) running.set(publicationId, row.id)
  }
  return running
}
