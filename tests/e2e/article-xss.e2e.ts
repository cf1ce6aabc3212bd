import { describe, expect, it } from 'vitest'
import { markdownToSafeHtml } from '~/server/articles/html'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser } from '../fixtures/e2e-server'
import { XSS_PAYLOADS, XSS_PROBE_SCRIPT } from '../fixtures/xss-corpus'

// An article's read view (/content/$articleId) in Chromium, with every payload of the XSS corpus
// where generation would put outside text: in the LLM's Markdown (paragraphs and headings), in
// crawled headings used as section titles, in a search result's title (the citations) and in the
// meta title. The article HTML comes from markdownToSafeHtml exactly as generation makes it; the
// page probes every payload's call and none may run (docs/decisions/0011-articles.md).
const server = e2ePostgresServer()
const browser = useBrowser()

describe('an article built from XSS payloads', () => {
  it('renders in the read view and runs none of them', async () => {
    const user = await onboardedUser(server)
    const siteUrl = `https://acme-${user.userId.toLowerCase()}.example`
    const markdown = [
      '# Cold brew at home',
      ...XSS_PAYLOADS.flatMap((payload, index) => [`## Step ${index} ${payload}`, `Cold brew takes patience. ${payload}`]),
    ].join('\n\n')
    const html = markdownToSafeHtml(markdown, { siteUrl })
    const citations = XSS_PAYLOADS.slice(0, 20).map((payload, index) => ({
      url: `https://source-${index}.example/page`,
      title: payload,
      passage: payload,
      fetchedAt: new Date().toISOString(),
    }))
    const [row] = await server.query<{ id: string }>(
      `insert into content.article (id, business_id, keyword, status, title, slug, meta_title, meta_description, outline, markdown, html,
         images, faq, json_ld, citations, internal_links, word_count, seo_score, seo_checks)
       values (substr(md5(random()::text), 1, 12), $1, 'cold brew', 'draft', 'Cold brew at home', 'cold-brew-at-home', $2, $3, '[]', $4, $5,
         '[]', '[]', '[]', $6, '[]', 500, 60, $7)
       returning id`,
      [
        user.businessId,
        XSS_PAYLOADS[0],
        XSS_PAYLOADS[1],
        markdown,
        html,
        JSON.stringify(citations),
        JSON.stringify([
          { id: 'title', label: XSS_PAYLOADS[2], passed: false, points: 0, maxPoints: 10, detail: '', hint: XSS_PAYLOADS[3] },
        ]),
      ],
    )
    const { context, page } = await browser.visit(server.baseUrl, user.client)
    await context.addInitScript(XSS_PROBE_SCRIPT)
    // The page's Content-Security-Policy would block an inline handler that got through: a
    // violation means the sanitiser let one pass, so it counts as a failure too.
    await context.addInitScript(`window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI))`)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await gotoHydrated(page, `/content/${row!.id}`)
    await page.getByTestId('article-html').waitFor()
    await expect.poll(() => page.getByRole('heading', { name: /^Step 0/ }).count()).toBe(1)
    // Give anything scheduled (timers, image errors, animations) the time to fire.
    await page.waitForTimeout(1500)
    expect(await page.evaluate(() => (window as unknown as { __xssHits: number[] }).__xssHits)).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([])
    // Nothing executable is left in the article's DOM either.
    const leftovers = await page
      .getByTestId('article-html')
      .evaluate((root) =>
        [...root.querySelectorAll('*')].flatMap((element) => [
          ...(['SCRIPT', 'STYLE', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'FORM'].includes(element.tagName.toUpperCase())
            ? [element.tagName]
            : []),
          ...[...element.attributes]
            .filter((attribute) => /^on/i.test(attribute.name) || /^\s*(javascript|data|vbscript):/i.test(attribute.value))
            .map((attribute) => `${element.tagName} ${attribute.name}`),
        ]),
      )
    expect(leftovers).toEqual([])
    expect(dialogs).toEqual([])
    // Every frame left in the page is a YouTube embed (the corpus tries others).
    const frames = await page
      .locator('[data-testid="article-html"] iframe')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('src')))
    for (const src of frames) expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//)
  })
})
