import { describe, expect, it } from 'vitest'
import { demoRunSchedule } from '~/server/demo/demo-research'
import { PLAN_SEEDS } from '~/server/db/seed'
import { DEMO_BUSINESS } from '~/server/providers/demo-business'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'

// Demo mode (docs/product/services.md): the suite's PGlite server runs with no
// provider credentials, exactly like a newcomer's `npm start`.
const server = e2eServer()
const browser = useBrowser()

describe('demo mode', () => {
  it('every page announces it and names the simulated services', async () => {
    const { page } = await browser.visit(server.baseUrl)
    for (const path of ['/', '/sign-in', '/blog']) {
      await gotoHydrated(page, path)
      const banner = page.getByRole('status', { name: 'Demo mode' })
      await expect.poll(() => banner.textContent()).toContain('Demo mode')
      const text = (await banner.textContent()) ?? ''
      for (const service of ['AI writing', 'Keyword data', 'Billing']) expect(text, path).toContain(service)
    }
  })

  it('"Explore the demo" signs into the seeded coffee roaster with its keywords', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await gotoHydrated(page, '/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')
    // Its plan is research's on the mocks: each replayed run fills a month at the Growth allowance,
    // or nearly, where research ran out of keywords different enough from the planned ones; and
    // one keyword its owner added by hand before the plan.
    const growth = PLAN_SEEDS.find((plan) => plan.name === 'Growth')!
    const most = demoRunSchedule(new Date()).length * growth.articlesPerMonth + 1
    await expect.poll(async () => Number(await page.getByTestId('keywords-total').textContent())).toBeGreaterThanOrEqual(0.9 * most)
    // Run alone the total is at most `most`; after the suite's other files have acted on the shared
    // demo account it has been one more, so the bound allows two.
    expect(Number(await page.getByTestId('keywords-total').textContent())).toBeLessThanOrEqual(most + 2)
    // The business switcher (in the sidebar, or its sheet on narrow windows) names the demo business.
    await expect.poll(() => page.getByText('Acme Roasters').count()).toBeGreaterThan(0)
    expect(await page.getByRole('status', { name: 'Demo mode' }).isVisible()).toBe(true)
  })

  it('a published demo article opens as it will be published: one H1, the keyword up front, meta within limits, images with alt text, a FAQ, JSON-LD that parses, and only links that resolve', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await gotoHydrated(page, '/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')
    const rpc = async <T>(path: string, input?: unknown): Promise<T> => {
      const query = input === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify({ json: input }))}`
      const response = await page.request.get(`${server.baseUrl}/rpc/${path}${query}`, { headers: { 'x-csrf-token': 'orpc' } })
      expect(response.status(), path).toBe(200)
      return ((await response.json()) as { json: T }).json
    }
    const businessId = (await rpc<Array<{ id: string; isCurrent: boolean }>>('business/list')).find((item) => item.isCurrent)!.id
    const published = (
      await rpc<{ items: Array<{ id: string; slug: string }> }>('article/list', {
        businessId,
        filters: [{ id: 'status', value: ['published'], variant: 'multiSelect', operator: 'inArray', filterId: 'status01' }],
        perPage: 50,
      })
    ).items
    expect(published.length).toBeGreaterThan(0)
    const chosen = published[published.length - 1]!
    const article = await rpc<{ keyword: string; metaTitle: string; metaDescription: string; video: { id: string } | null }>(
      'article/get',
      {
        businessId,
        articleId: chosen.id,
      },
    )
    await gotoHydrated(page, `/content/${chosen.id}`)
    const body = page.getByTestId('article-html')
    await body.waitFor()

    // Written by the simulated AI writer, and it says so.
    expect(await page.getByText('Demo content', { exact: true }).count()).toBe(1)
    expect(await page.locator('h1').count()).toBe(1)
    const words = article.keyword.toLowerCase().split(' ')
    const mentions = (text: string | null) => words.every((word) => (text ?? '').toLowerCase().replace(/-/g, ' ').includes(word))
    expect(mentions(await body.locator('h1').textContent()), 'keyword in the title').toBe(true)
    // The first paragraph with words (the featured image stands in a paragraph of its own before it).
    const paragraphs = await body.locator('p').allTextContents()
    const opening = paragraphs.find((text) => text.trim().length > 0) ?? ''
    expect(mentions(opening), `keyword in the first paragraph: ${opening}`).toBe(true)
    expect(article.metaTitle.length).toBeLessThanOrEqual(60)
    expect(article.metaDescription.length).toBeLessThanOrEqual(160)
    const alts = await body.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''))
    expect(alts.length).toBeGreaterThan(0)
    for (const alt of alts) expect(alt.trim().length).toBeGreaterThan(0)
    expect(await body.getByRole('heading', { name: 'Frequently asked questions' }).count()).toBe(1)
    // The simulated video search found no real video: a labelled stand-in, never YouTube's "Video unavailable".
    expect(await body.locator('iframe').count()).toBe(0)
    expect(await body.getByTestId('demo-video').count()).toBe(article.video ? 1 : 0)
    const graphs = JSON.parse((await page.getByTestId('article-json-ld').textContent()) ?? '') as Array<{ '@type': string }>
    expect(graphs.map((graph) => graph['@type'])).toEqual(expect.arrayContaining(['Article', 'FAQPage', 'BreadcrumbList']))

    // Links: sources open (the demo web, on this server); links into the business's own site go
    // to pages it has: its home, its best articles, or an article already published there (at its
    // live address on the demo CMS when it has one).
    const ownPages = new Set([
      DEMO_BUSINESS.url,
      ...DEMO_BUSINESS.bestArticles,
      ...published.map((item) => `${DEMO_BUSINESS.blogUrl}/${item.slug}`),
    ])
    const links = await body.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href))
    expect(links.length).toBeGreaterThan(0)
    let opened = 0
    for (const link of new Set(links)) {
      if (link.startsWith(`${server.baseUrl}/demo/web/`)) {
        const response = await fetch(link)
        expect(response.status, link).toBe(200)
        expect(await response.text(), link).toContain('Simulated page (demo mode).')
        opened++
      } else if (link.startsWith(`${server.baseUrl}/demo/cms/`)) {
        // An article already published links at its live address, on the demo's stand-in WordPress.
        expect((await fetch(link)).status, link).toBe(200)
      } else {
        expect(ownPages, link).toContain(link.replace(/\/$/, ''))
      }
    }
    expect(opened).toBeGreaterThan(0)
  })

  it('works before the page hydrates: the button is a plain form post', async () => {
    const { context, page } = await browser.visit(server.baseUrl)
    await context.route('**/*.js', (route) => route.abort())
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname !== '/sign-in')
    expect(pathOf(page)).toBe('/keywords')
  })

  it('another site cannot sign a visitor into the demo', async () => {
    const response = await fetch(`${server.baseUrl}/api/demo/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})
