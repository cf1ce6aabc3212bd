import { timingSafeEqual } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { article, business, publication, publishing } from '~/server/db/schema'
import { feedBody } from './article-images'
import type { EncryptionKeys } from './crypto'
import { FEED_TYPE, readSecrets } from './integrations.service'

/**
 * The JSON feed of a business's published articles (JSON Feed 1.1, https://jsonfeed.org), for
 * headless sites that pull instead of being pushed to: /api/feed/<business id>.json with the
 * feed's token as `?token=` or `Authorization: Bearer`. Turned on, and its token made anew, on
 * /integrations (integration.feed). The 50 latest articles, newest first.
 */

const FEED_LIMIT = 50

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status === 200 ? 'application/feed+json; charset=utf-8' : 'application/json; charset=utf-8', ...headers },
  })

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function feedResponse(
  db: Database,
  request: Request,
  file: string,
  options: { keys: EncryptionKeys; appUrl: string; dataDir: string },
) {
  const businessId = /^([A-Za-z0-9_-]{1,64})\.json$/.exec(file)?.[1]
  // One answer for a business that does not exist, has no feed, or was asked with the wrong token.
  const refused = () =>
    json({ error: 'This feed does not exist or the token is wrong. Copy the feed address again from Integrations.' }, 404)
  if (!businessId) return refused()
  const url = new URL(request.url)
  const token = url.searchParams.get('token') ?? request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? ''
  const [feed] = await db
    .select()
    .from(publishing)
    .where(and(eq(publishing.businessId, businessId), eq(publishing.type, FEED_TYPE), eq(publishing.enabled, true)))
  if (!feed || !token) return refused()
  let expected: string | undefined
  try {
    expected = readSecrets(feed, options.keys).token
  } catch {
    return refused()
  }
  if (!expected || !sameToken(token, expected)) return refused()

  const [owner] = await db
    .select({ name: business.name, url: business.url, language: business.language })
    .from(business)
    .where(eq(business.id, businessId))
  const rows = await db
    .select({
      id: article.id,
      title: article.title,
      slug: article.slug,
      html: article.html,
      metaDescription: article.metaDescription,
      keyword: article.keyword,
      images: article.images,
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
    })
    .from(article)
    .where(and(eq(article.businessId, businessId), eq(article.status, 'published')))
    .orderBy(desc(article.publishedAt))
    .limit(FEED_LIMIT)
  const links = await db
    .select({ articleId: publication.articleId, url: publication.url })
    .from(publication)
    .where(and(eq(publication.businessId, businessId), eq(publication.status, 'published')))
  const liveUrl = new Map(links.filter((link) => link.url).map((link) => [link.articleId, link.url!]))
  const absolute = (path: string) => new URL(path, options.appUrl).href
  // Images as every CMS takes them: PNG (an SVG's rendering), at the app's public address; the
  // featured image is the item's `image`, not repeated in its content (article-images.ts).
  const bodies = await Promise.all(rows.map((row) => feedBody(row, options)))
  return json(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: owner?.name ?? 'Articles',
      home_page_url: owner?.url,
      feed_url: absolute(`/api/feed/${businessId}.json`),
      language: owner?.language === 'English' ? 'en' : undefined,
      items: rows.map((row, index) => {
        const body = bodies[index]!
        return {
          id: row.id,
          url: liveUrl.get(row.id) ?? (owner?.url ? `${owner.url.replace(/\/+$/, '')}/blog/${row.slug}` : undefined),
          title: row.title,
          content_html: body.html,
          summary: row.metaDescription,
          image: body.featuredImage ?? undefined,
          date_published: row.publishedAt?.toISOString(),
          date_modified: row.updatedAt.toISOString(),
          tags: [row.keyword],
          _rankpilot: { slug: row.slug },
        }
      }),
    },
    200,
    { 'cache-control': 'private, max-age=300' },
  )
}
