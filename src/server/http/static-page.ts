import { escapeHtml } from '~/shared/text'
import { staticPagePolicy } from './security-headers'

/**
 * The pages the server renders outside React (the auth error page, /unsubscribe): one centred card
 * on the app's dark background, no script, the page's one <style> allowed by its hash.
 */

const STYLE = `
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif;
    background: #0b1120; color: #e5e7eb; }
  main { max-width: 30rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  p { line-height: 1.5; color: #9ca3af; }
  button, main > a { display: inline-block; margin-top: 1rem; padding: 0.6rem 1.2rem; border: 0; border-radius: 0.375rem;
    background: #e5e7eb; color: #0b1120; text-decoration: none; font-weight: 600; font-size: 1rem; cursor: pointer; }`

export interface StaticPage {
  /** The document title, and the card's heading unless `heading` is given. Plain text. */
  title: string
  heading?: string
  /** The card's content under the heading, as HTML (escape what came from outside). */
  body: string
  /** Rules for this page only, added to the shared style. */
  style?: string
}

/** The whole style of a page: the shared rules and the page's own, as hashed in its policy. */
const styleOf = (page: StaticPage) => STYLE + (page.style ?? '')

export function renderStaticPage(page: StaticPage): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(page.title)}</title>
    <style>${styleOf(page)}</style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(page.heading ?? page.title)}</h1>
      ${page.body}
    </main>
  </body>
</html>`
}

/** The page as a response, never cached; `init.headers` adds to the page's own (e.g. a referrer policy). */
export function staticPageResponse(
  page: StaticPage,
  init: { status?: number; headers?: Record<string, string>; omitBody?: boolean } = {},
): Response {
  return new Response(init.omitBody ? null : renderStaticPage(page), {
    status: init.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...init.headers,
      'content-security-policy': staticPagePolicy(styleOf(page)),
    },
  })
}
