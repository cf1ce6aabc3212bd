import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Env } from '~/env'
import type { Database } from '~/server/db'
import { article, business, historyEvent, publication, publishing, user } from '~/server/db/schema'
import { DEMO_CMS_PASSWORD, DEMO_CMS_USER, demoCmsUrl } from '~/server/providers/demo-cms'
import { sealSecrets, testIntegration, type PublishingDeps } from '~/server/publishing/integrations.service'
import { runPublish } from '~/server/publishing/publish.service'
import { DEMO_EMAIL } from '~/shared/demo-account'
import { recordHistory } from '~/server/history/record'
import { demoJoinedAt } from './demo-account'

/**
 * The demo business publishes to its stand-in WordPress (src/server/providers/demo-cms.ts): the
 * connection is made as a user would make it, and its published articles are posted by the
 * publishing job's own code to the WordPress mock, so /integrations, each article's Publishing
 * panel and its "View" link show what a customer would see.
 */
export async function connectDemoCms(db: Database, businessId: string, config: Pick<Env, 'APP_URL'>, deps: Pick<PublishingDeps, 'keys'>) {
  const secrets = sealSecrets({ businessId, type: 'wordpress' }, { applicationPassword: DEMO_CMS_PASSWORD.replace(/\s+/g, '') }, deps.keys)
  await db
    .insert(publishing)
    .values({
      businessId,
      type: 'wordpress',
      config: { siteUrl: demoCmsUrl(config.APP_URL!), username: DEMO_CMS_USER },
      secrets,
      status: 'working',
      lastCheckedAt: new Date(),
    })
    .onConflictDoNothing()
  // Connected on the owner's first day (demo-account.ts), as History shows it.
  const at = new Date(demoJoinedAt(new Date()).getTime() + 40 * 60 * 1000)
  await recordHistory(db, {
    kind: 'integration',
    action: 'connected',
    businessId,
    detail: { target: 'wordpress', account: DEMO_CMS_USER },
    at,
  })
}

/** Posts the demo's published articles, oldest first; each publication dated the day its article went live. */
export async function publishDemoArticles(
  db: Database,
  businessId: string,
  deps: PublishingDeps & { dataDir: string; signal?: AbortSignal },
) {
  // Tested first, as a user would after connecting: the test finds the site's SEO plugin.
  await testIntegration(db, businessId, 'wordpress', deps, deps.signal)
  const rows = await db
    .select({ id: article.id, publishedAt: article.publishedAt })
    .from(article)
    .where(and(eq(article.businessId, businessId), eq(article.status, 'published'), isNotNull(article.publishedAt)))
    .orderBy(asc(article.publishedAt))
  let published = 0
  for (const row of rows) {
    if (deps.signal?.aborted) break
    const outcome = await runPublish(db, { businessId, articleId: row.id, action: 'publish' }, deps)
    published += outcome.published
    await db
      .update(publication)
      .set({ lastSyncedAt: row.publishedAt, createdAt: row.publishedAt!, updatedAt: row.publishedAt! })
      .where(eq(publication.articleId, row.id))
    await db
      .update(historyEvent)
      .set({ at: row.publishedAt! })
      .where(and(eq(historyEvent.articleId, row.id), eq(historyEvent.kind, 'publish')))
  }
  return published
}

/** A published article of the demo account, by slug: what the stand-in WordPress serves. */
export async function demoPublishedArticle(db: Database, slug: string) {
  const [row] = await db
    .select({
      title: article.title,
      html: article.html,
      metaDescription: article.metaDescription,
      images: article.images,
      publishedAt: article.publishedAt,
      businessName: business.name,
    })
    .from(article)
    .innerJoin(business, eq(business.id, article.businessId))
    .innerJoin(user, eq(user.id, business.userId))
    .where(
      and(
        eq(user.email, DEMO_EMAIL),
        eq(article.slug, slug),
        sql`exists (select 1 from ${publication} where ${publication.articleId} = ${article.id} and ${publication.status} = 'published')`,
      ),
    )
  return row ?? null
}
