import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { sealOAuthToken, type OAuthTokenKey } from '~/server/auth/tokens-at-rest'
import type { Database } from '~/server/db'
import { account, article, business } from '~/server/db/schema'
import { addMonths, HISTORY_MONTHS, isoDay } from '~/server/gsc/dates'
import { propertyCovers, saveProperty, suggestedProperty } from '~/server/gsc/properties.service'
import { runGscSync } from '~/server/gsc/sync.service'
import { createId } from '~/server/ids'
import { demoIdentity, issueAccessToken, issueRefreshToken, type DemoPage, type DemoSiteDirectory } from '~/server/providers/demo-mode'
import { GSC_SCOPE, type SearchConsoleClient } from '~/server/providers/gsc/client'
import { DEMO_EMAIL } from '~/shared/demo-account'

/**
 * Search Console in demo mode (docs/product/services.md). The mock learns from the database which
 * sites a demo Google account's user owns (their businesses) and what pages those sites have, so
 * the properties it lists include the user's own site and its data is about the user's own pages:
 *
 * - the pages the business had before Rankpilot (its best articles), live since before Search
 *   Console's 16 months: the established traffic, a query a newer page shares;
 * - each article Rankpilot published, from its publishing day (growth, striking-distance variants);
 *   the oldest, live for months (the demo's first article, demo-research.ts), is the youngest
 *   established page, the one the mock makes decay.
 *
 * Queries come from the pages themselves: an article's focus keyword, an older page's address
 * (its slug in words).
 */

const slugWords = (url: string) => {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1)
    return last ? decodeURIComponent(last).replace(/[-_]+/g, ' ').trim().toLowerCase() : null
  } catch {
    return null
  }
}

/** Where an article lives on the business's own site: its blog (or the site) and its slug. */
export const articleAddress = (owner: { url: string; blogUrl: string | null }, slug: string) =>
  `${(owner.blogUrl ?? owner.url).replace(/\/+$/, '')}/${slug}`

async function businessesLinkedTo(db: Database, sub: string) {
  const users = db
    .select({ userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, 'google'), eq(account.accountId, sub)))
  return db
    .select({ id: business.id, url: business.url, blogUrl: business.blogUrl, bestArticles: business.bestArticles })
    .from(business)
    .where(inArray(business.userId, users))
}

/** The pages of a business's site, as the Search Console mock serves them (see the module comment). */
export async function demoPagesOf(db: Database, owner: Awaited<ReturnType<typeof businessesLinkedTo>>[number], now = new Date()) {
  // Live since before the 16 months Search Console keeps.
  const established = addMonths(isoDay(now), -(HISTORY_MONTHS + 2))
  const pages: DemoPage[] = []
  for (const url of owner.bestArticles) {
    const words = slugWords(url)
    if (words && propertyCovers(`sc-domain:${new URL(owner.url).hostname}`, url))
      pages.push({ url, publishedAt: established, queries: [words] })
  }
  const published = await db
    .select({ slug: article.slug, keyword: article.keyword, publishedAt: article.publishedAt })
    .from(article)
    .where(and(eq(article.businessId, owner.id), eq(article.status, 'published'), isNotNull(article.publishedAt)))
  for (const row of published) {
    const url = articleAddress(owner, row.slug)
    if (pages.some((page) => page.url === url)) continue
    pages.push({ url, publishedAt: isoDay(row.publishedAt!), queries: [row.keyword] })
  }
  return pages
}

/** The site directory the Search Console mock asks in demo mode, answered from this database. */
export function demoSiteDirectory(db: Database): DemoSiteDirectory {
  return {
    async ownedHosts(identity) {
      const owned = await businessesLinkedTo(db, identity.sub)
      return owned.flatMap((row) => {
        try {
          return [new URL(row.url).hostname]
        } catch {
          return []
        }
      })
    },
    async pagesOf(identity, siteUrl) {
      const owned = (await businessesLinkedTo(db, identity.sub)).filter((row) => propertyCovers(siteUrl, row.url))
      if (owned.length === 0) return null
      return (await Promise.all(owned.map((row) => demoPagesOf(db, row)))).flat()
    },
  }
}

/**
 * The demo account's Google account, linked with the Search Console scope as Connect Search
 * Console leaves it (demo Google's tokens, refreshed through its token endpoint like any other),
 * its tokens encrypted under `key` as better-auth stores them (src/server/auth/tokens-at-rest.ts).
 */
export async function linkDemoGoogle(db: Database, userId: string, key: OAuthTokenKey, now = new Date()) {
  const identity = demoIdentity(DEMO_EMAIL)
  const scope = ['openid', 'email', 'profile', GSC_SCOPE]
  await db.insert(account).values({
    id: createId(),
    accountId: identity.sub,
    providerId: 'google',
    userId,
    scope: scope.join(','),
    accessToken: await sealOAuthToken(issueAccessToken(identity, scope.join(' '), now.getTime()), key),
    accessTokenExpiresAt: new Date(now.getTime() + 3600_000),
    refreshToken: await sealOAuthToken(issueRefreshToken(identity, scope.join(' ')), key),
  })
}

/**
 * Connects the demo business's Search Console as a user would (the property covering its site,
 * from the account's list) and runs the real sync: 16 months, from the mock. Answers the property,
 * the rows stored and how long the sync took.
 */
export async function syncDemoSearchConsole(db: Database, businessId: string, client: SearchConsoleClient, signal?: AbortSignal) {
  const [owner] = await db.select({ url: business.url }).from(business).where(eq(business.id, businessId))
  if (!owner) return null
  const site = suggestedProperty(await client.listSites(), owner.url)
  if (!site) throw new Error(`demo Search Console: no property covers ${owner.url}`)
  await saveProperty(db, businessId, site)
  const started = Date.now()
  const outcome = await runGscSync(db, businessId, { client, signal })
  return { siteUrl: site.siteUrl, outcome, ms: Date.now() - started }
}
