import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, newPage, pathOf } from '../fixtures/browser'
import { createHttpClient, e2ePostgresServer, type HttpClient } from '../fixtures/e2e-server'

// Every state of the access gate (docs/product/routes.md) through the real `_app` route of the production
// build: server-rendered requests and client-side navigation in Chromium. The PostgreSQL-backed
// server lets the test give a user a plan and a business directly; billing and onboarding,
// which do that for real, are later issues.
const server = e2ePostgresServer()

const APP_PAGES = ['/keywords', '/keywords/clusters', '/content', '/performance', '/competitors', '/history', '/integrations', '/settings']

async function userInState(state: { plan: boolean; business: boolean }) {
  const http = createHttpClient(server.baseUrl)
  const { userId } = await http.signUp()
  if (state.plan) {
    await server.query(`update "user" set plan = (select id from plan where name = 'Growth') where id = $1`, [userId])
  }
  if (state.business) {
    const [business] = await server.query<{ id: string }>(
      `insert into business (id, user_id, name, url, description) values (substr(md5(random()::text), 1, 12), $1, 'Acme Roasters', $2, 'Coffee') returning id`,
      [userId, `https://acme-${userId.toLowerCase()}.example`],
    )
    await server.query(`update "user" set selected_business = $2 where id = $1`, [userId, business.id])
  }
  // The session cookie caches the user for up to a minute; the gate must see the new state now.
  http.forget('session_data')
  return { http, userId }
}

const finalPath = async (http: HttpClient, path: string) => {
  const { url, response } = await http.get(path)
  expect(response.status).toBe(200)
  return `${url.pathname}${url.search}`
}

describe('access gate, server-rendered (docs/product/routes.md)', () => {
  it.each(APP_PAGES)('no session: %s → /', async (path) => {
    expect(await finalPath(createHttpClient(server.baseUrl), path)).toBe('/')
  })

  it('session without a plan: every app page → /paywall, and /paywall itself renders', async () => {
    const { http } = await userInState({ plan: false, business: false })
    for (const path of [...APP_PAGES, '/setup']) expect(await finalPath(http, path), path).toBe('/paywall')
    expect(await finalPath(http, '/paywall')).toBe('/paywall')
  })

  it('plan without a selected business: → /setup, with ?checkout=true after checkout', async () => {
    const { http } = await userInState({ plan: true, business: false })
    for (const path of APP_PAGES) expect(await finalPath(http, path), path).toBe('/setup')
    expect(await finalPath(http, '/keywords?customer_session_token=polar_cst_abc')).toBe('/setup?checkout=true')
    expect(await finalPath(http, '/setup')).toBe('/setup')
    // A token that is not a string is dropped by validation, not trusted.
    expect(await finalPath(http, '/keywords?customer_session_token=123')).toBe('/setup')
  })

  it('plan and selected business: no redirect anywhere', async () => {
    const { http } = await userInState({ plan: true, business: true })
    for (const path of [...APP_PAGES, '/setup', '/paywall']) expect(await finalPath(http, path), path).toBe(path)
    // A checkout's token is read, then dropped from the address; the rest of it stays.
    expect(await finalPath(http, '/keywords?perPage=20&customer_session_token=polar_cst_abc')).toBe('/keywords?perPage=20')
  })

  it('setup reads the session without the cookie cache: a plan given a moment ago counts there at once', async () => {
    const http = createHttpClient(server.baseUrl)
    const { userId } = await http.signUp()
    expect(await finalPath(http, '/keywords')).toBe('/paywall') // primes the cookie cache: no plan
    await server.query(`update "user" set plan = (select id from plan where name = 'Starter') where id = $1`, [userId])
    expect(await finalPath(http, '/setup')).toBe('/setup')
  })
})

describe('access gate, client-side navigation in Chromium', () => {
  let browser: Browser
  let context: BrowserContext | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await context?.close()
    await browser?.close()
  })

  it('an onboarded user moves through the app; losing the plan sends the next navigation to /paywall', async () => {
    const { http, userId } = await userInState({ plan: true, business: true })
    const opened = await newPage(browser, server.baseUrl)
    context = opened.context
    const page = opened.page
    const [name, value] = http
      .cookie()
      .split('; ')
      .find((pair) => pair.includes('session_token'))!
      .split(/=(.*)/s)
    await context.addCookies([{ name, value, url: server.baseUrl }])

    await gotoHydrated(page, '/keywords')
    expect(pathOf(page)).toBe('/keywords')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Content' }).click()
    await page.waitForURL((url) => url.pathname === '/content')
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor()

    // The gate runs on every navigation, not only on the first page load.
    await server.query(`update "user" set plan = null where id = $1`, [userId])
    await context.clearCookies({ name: `${name.replace(/session_token$/, '')}session_data` })
    await nav.getByRole('link', { name: 'Competitors' }).click()
    await page.waitForURL((url) => url.pathname === '/paywall')
    await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor()
  })
})
