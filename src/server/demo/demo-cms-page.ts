import { env } from '~/env'
import { getDb } from '~/server/db'
import { staticPagePolicy } from '~/server/http/security-headers'
import { isFullDemo } from '~/server/providers/modes'
import { DEMO_CMS_PATH } from '~/server/providers/demo-cms'
import { demoPublishedArticle } from './demo-publishing'
import { escapeHtml } from '~/shared/text'
import { FAVICON_LINK, notFound } from '~/server/http/demo-page'

/**
 * The pages of the demo account's stand-in WordPress site (src/server/providers/demo-cms.ts):
 * a published article as a reader of the customer's blog would see it, under a banner saying it
 * is a demo stand-in. Only in full demo mode, only the demo account's published articles. The
 * article's HTML is the allow-listed HTML we publish; a video embed becomes a labelled box (the
 * page runs no third-party frames).
 */

const STYLE = `
  body { margin: 0; background: #fafaf9; color: #1c1917; font-family: Georgia, 'Times New Roman', serif; }
  .banner { background: #78350f; color: #fde68a; font: 600 0.85rem/1.4 -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; padding: 0.6rem 1rem; text-align: center; }
  header { border-bottom: 1px solid #e7e5e4; padding: 1rem; font: 700 1.1rem -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; text-align: center; }
  article { width: min(44rem, 100% - 2rem); margin: 2rem auto 4rem; line-height: 1.7; font-size: 1.1rem; }
  article h1 { font-size: 2.2rem; line-height: 1.2; margin: 0 0 0.5rem; }
  article h2 { margin-top: 2.2rem; } article img { max-width: 100%; height: auto; border-radius: 0.4rem; }
  article a { color: #9a3412; } article table { border-collapse: collapse; width: 100%; } article td, article th { border: 1px solid #d6d3d1; padding: 0.4rem; }
  .meta { color: #78716c; font-size: 0.95rem; margin-bottom: 1.5rem; }
  .video { border: 1px dashed #a8a29e; border-radius: 0.4rem; padding: 1.5rem; text-align: center; color: #57534e; }`

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'content-security-policy': staticPagePolicy(STYLE),
}

const withoutFrames = (html: string) =>
  html.replace(/<iframe\b[\s\S]*?<\/iframe>/gi, '<div class="video">A video plays here on the live site.</div>')

export async function demoCmsResponse(request: Request) {
  if (!isFullDemo(env())) return notFound()
  const path = new URL(request.url).pathname.slice(DEMO_CMS_PATH.length)
  const slug = decodeURIComponent(path.replace(/^\/+|\/+$/g, ''))
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return notFound()
  const row = await demoPublishedArticle(getDb(), slug)
  if (!row) return notFound()
  const day = row.publishedAt
    ? row.publishedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : ''
  const html = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <meta name="description" content="${escapeHtml(row.metaDescription)}" />
    <title>${escapeHtml(row.title)} – ${escapeHtml(row.businessName ?? 'Blog')}</title>
    ${FAVICON_LINK}
    <style>${STYLE}</style>
  </head>
  <body>
    <div class="banner">Demo: Rankpilot’s stand-in for ${escapeHtml(row.businessName ?? 'the business')}’s WordPress site. A real connection publishes to your own site.</div>
    <header>${escapeHtml(row.businessName ?? 'Blog')}</header>
    <article>
      <p class="meta">Published ${escapeHtml(day)}</p>
      ${withoutFrames(row.html)}
    </article>
  </body>
</html>`
  return new Response(request.method === 'HEAD' ? null : html, { status: 200, headers: HEADERS })
}
