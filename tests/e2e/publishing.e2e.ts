import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, pageRpc, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser } from '../fixtures/e2e-server'
import { assertFits } from '../fixtures/screens'
import { freePort } from './global-setup'

// Publishing through the signed webhook, as a customer does it (docs/product §5): connect it on
// /integrations (its test event must arrive signed), then "Publish now" on an article; a webhook
// set to events only, which is told when an article is written; and one whose endpoint refuses an
// event, which its card tells until Retry on /history gets it through. The receiver is the
// customer's server: it verifies every delivery with the secret entered in the form, keeps what
// it got and answers the post's address, which the article page links to.
const server = e2ePostgresServer()

/** A keyword planned for 20 days from now in the business: the article a test then writes. */
async function plannedKeyword(businessId: string, text: string) {
  const [planned] = await server.query<{ id: string }>(
    `insert into keywords.keyword (id, business_id, keyword, status, scheduled_at)
     values (substr(md5(random()::text), 1, 12), $1, $2, 'scheduled', now() + interval '20 days') returning id`,
    [businessId, text],
  )
  return planned!
}
const browser = useBrowser()

interface Delivery {
  /** The path it was posted to: each test's endpoint has its own. */
  path: string
  id: string
  type: string
  verified: boolean
  businessId?: string
  data: Record<string, unknown>
}

const secret = `whsec_${randomBytes(32).toString('base64')}`
const deliveries: Delivery[] = []
/** Statuses an endpoint (a path) answers its next events with, instead of accepting them. */
const refusals = new Map<string, number[]>()
let receiver: Server
let receiverUrl = ''

beforeAll(async () => {
  receiver = createServer((request, response) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      // The post's page, which the live check reads after publishing (events are POSTed).
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Post</title><h1>Post</h1>')
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      let payload: { type: string; businessId?: string; data: Record<string, unknown> }
      let verified = true
      try {
        payload = new Webhook(secret).verify(body, headers) as typeof payload
      } catch {
        verified = false
        payload = JSON.parse(body) as typeof payload
      }
      deliveries.push({
        path: request.url ?? '',
        id: headers['webhook-id'] ?? '',
        type: payload.type,
        verified,
        businessId: payload.businessId,
        data: payload.data,
      })
      if (!verified) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad signature"}')
        return
      }
      const refusal = payload.type === 'webhook.test' ? undefined : refusals.get(request.url ?? '')?.shift()
      if (refusal) {
        response.writeHead(refusal, { 'content-type': 'text/plain' }).end('Gone')
        return
      }
      const slug = typeof payload.data.slug === 'string' ? payload.data.slug : null
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(slug ? { url: `${receiverUrl}/blog/${slug}` } : { received: true }))
    })
  })
  const port = await freePort()
  await new Promise<void>((done) => receiver.listen(port, '127.0.0.1', done))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((done) => receiver?.close(done))
})

/** What one endpoint (a path on the receiver) got. */
const at = (path: string) => deliveries.filter((delivery) => delivery.path === path)

describe('publishing through the webhook', () => {
  it('connects the webhook, publishes an article once, and links to the post', async () => {
    const user = await onboardedUser(server)
    const slug = `cold-brew-at-home-${user.userId.slice(0, 6).toLowerCase()}`
    const markdown = '# Cold brew at home\n\nSteep coarse coffee in cold water for 16 hours, then strain it.\n'
    const [article] = await server.query<{ id: string }>(
      `insert into content.article (id, business_id, keyword, status, title, slug, meta_title, meta_description, outline, markdown, html,
         images, faq, json_ld, citations, internal_links, word_count, seo_score, seo_checks)
       values (substr(md5(random()::text), 1, 12), $1, 'cold brew', 'draft', 'Cold brew at home', $2, 'Cold brew at home',
         'How to make cold brew at home.', '[]', $3, $4, '[]', '[]', '[]', '[]', '[]', 12, 80, '[]')
       returning id`,
      [
        user.businessId,
        slug,
        markdown,
        '<h1>Cold brew at home</h1>\n<p>Steep coarse coffee in cold water for 16 hours, then strain it.</p>',
      ],
    )
    const { page } = await browser.visit(server.baseUrl, user.client)
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoHydrated(page, '/integrations')

    // Connect: the form refuses a malformed secret on the spot, then saves and tests.
    const card = page.locator('[data-connector="webhook"]')
    await card.getByRole('button', { name: 'Connect Webhook' }).click()
    const form = page.getByRole('form', { name: 'Webhook settings' })
    const hook = '/hooks/rankpilot'
    await form.getByLabel('Endpoint URL').fill(`${receiverUrl}${hook}`)
    await form.getByLabel('Signing secret (optional)').fill('not-a-secret')
    await form.getByRole('button', { name: 'Connect' }).click()
    await form.getByText('A signing secret starts with whsec_ followed by base64.').waitFor()
    expect(at(hook)).toEqual([])
    await form.getByLabel('Signing secret (optional)').fill(secret)
    // An endpoint that does not answer: the test fails, nothing is saved, the form stays open with why.
    await form.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${await freePort()}${hook}`)
    await form.getByRole('button', { name: 'Connect' }).click()
    const refused = form.getByRole('alert')
    await expect
      .poll(() => refused.textContent(), { timeout: 30_000 })
      .toMatch(/^The connection test failed, so Webhook was not connected\. /)
    expect(await server.query('select id from publishing where business_id = $1', [user.businessId])).toEqual([])
    expect(await form.getByLabel('Signing secret (optional)').inputValue()).toBe(secret)
    await form.getByLabel('Endpoint URL').fill(`${receiverUrl}${hook}`)
    await form.getByRole('button', { name: 'Connect' }).click()
    await expect.poll(() => card.getByTestId('connector-status').textContent(), { timeout: 20_000 }).toBe('Working')
    expect(await card.getByTestId('connector-test-result').textContent()).toContain('accepted a signed test event')
    expect(at(hook).map(({ type, verified }) => ({ type, verified }))).toEqual([{ type: 'webhook.test', verified: true }])
    // The secret is never sent back in full.
    expect(await page.content()).not.toContain(secret.slice(6, 30))

    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      await gotoHydrated(page, '/integrations')
      await card.getByTestId('connector-status').waitFor()
      await assertFits(page, `/integrations at ${width}×${height}`)
    }

    // Publish now: the article is marked Published, its link is the receiver's answer.
    await gotoHydrated(page, `/content/${article!.id}`)
    const panel = page.getByTestId('publishing-panel')
    await panel.getByText('Not published anywhere yet.', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Publish now' }).click()
    const publication = panel.locator('[data-testid="publication"][data-type="webhook"]')
    await expect.poll(() => publication.getByText('Published', { exact: true }).count(), { timeout: 30_000 }).toBe(1)
    const view = publication.getByRole('link', { name: /^View on Webhook/ })
    expect(await view.getAttribute('href')).toBe(`${receiverUrl}/blog/${slug}`)
    expect(await view.getAttribute('target')).toBe('_blank')
    await page.getByRole('button', { name: 'Update on site' }).waitFor()

    // Exactly one verified delivery of the article, even after the page settled.
    await page.waitForTimeout(1000)
    const published = at(hook).filter((delivery) => delivery.type === 'article.published')
    expect(published).toHaveLength(1)
    expect(published[0]).toMatchObject({ verified: true, data: { id: article!.id, slug, title: 'Cold brew at home' } })
    expect(at(hook).every((delivery) => delivery.verified)).toBe(true)

    // The connection counts it.
    await gotoHydrated(page, '/integrations')
    await expect.poll(() => card.getByText('Articles published').locator('..').locator('dd').textContent()).toBe('1')
  })

  it('chooses the events to send: an events-only webhook is told, signed, when an article is written', async () => {
    const user = await onboardedUser(server)
    const planned = await plannedKeyword(user.businessId, 'pour over ratio')
    const { page } = await browser.visit(server.baseUrl, user.client)
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/integrations')
    const card = page.locator('[data-connector="webhook"]')
    await card.getByRole('button', { name: 'Connect Webhook' }).click()
    const form = page.getByRole('form', { name: 'Webhook settings' })
    const hook = '/hooks/events-only'
    await form.getByLabel('Endpoint URL').fill(`${receiverUrl}${hook}`)
    await form.getByLabel('Signing secret (optional)').fill(secret)

    // Events to send: publishing is ticked as before; with nothing ticked the form says what to do.
    const events = form.getByRole('group', { name: 'Events to send' })
    const published = events.getByRole('checkbox', { name: 'Article published' })
    expect(await published.getAttribute('aria-checked')).toBe('true')
    for (const name of ['Keyword research finished', 'Article written', 'Article failed'])
      expect(await events.getByRole('checkbox', { name }).getAttribute('aria-checked')).toBe('false')
    await published.click()
    await form.getByRole('button', { name: 'Connect' }).click()
    await events.getByText('Choose at least one event to send.').waitFor()
    await assertFits(page, 'the webhook form at 390×844')
    expect(at(hook)).toEqual([])

    await events.getByRole('checkbox', { name: 'Article written' }).click()
    await events.getByRole('checkbox', { name: 'Keyword research finished' }).click()
    expect(await events.getByText('Choose at least one event to send.').count()).toBe(0)
    await page.setViewportSize({ width: 1280, height: 900 })
    await assertFits(page, 'the webhook form at 1280×900')
    await form.getByRole('button', { name: 'Connect' }).click()
    await expect.poll(() => card.getByTestId('connector-status').textContent(), { timeout: 20_000 }).toBe('Working')
    expect(await card.getByTestId('webhook-events').textContent()).toBe(
      'Events sentKeyword research finished, Article writtenEvents only: articles are not published here.',
    )
    expect(await card.getByText('Events are sent here as they happen.').count()).toBe(1)

    // Editing shows the saved choice.
    await card.getByRole('button', { name: 'Edit Webhook' }).click()
    const saved = page.getByRole('form', { name: 'Webhook settings' }).getByRole('group', { name: 'Events to send' })
    expect(await saved.getByRole('checkbox', { name: 'Article written' }).getAttribute('aria-checked')).toBe('true')
    expect(await saved.getByRole('checkbox', { name: 'Article published' }).getAttribute('aria-checked')).toBe('false')
    await page.getByRole('button', { name: 'Cancel' }).click()

    // An article is written (Generate now's procedure, from the signed-in page): the endpoint hears of it, signed.
    const { jobId } = await page.evaluate(
      async (input) => {
        const response = await fetch('/rpc/article/generate', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': 'orpc' },
          body: JSON.stringify({ json: input }),
        })
        if (!response.ok) throw new Error(`article/generate answered ${response.status}`)
        return ((await response.json()) as { json: { jobId: string } }).json
      },
      { businessId: user.businessId, keywordId: planned.id },
    )
    await expect.poll(() => at(hook).filter((delivery) => delivery.type === 'article.generated').length, { timeout: 90_000 }).toBe(1)
    const [written] = at(hook).filter((delivery) => delivery.type === 'article.generated')
    const [article] = await server.query<{ id: string; title: string }>('select id, title from content.article where keyword_id = $1', [
      planned.id,
    ])
    expect(written).toMatchObject({
      verified: true,
      id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      businessId: user.businessId,
      data: {
        id: article!.id,
        title: article!.title,
        keyword: 'pour over ratio',
        keywordId: planned.id,
        url: `${server.baseUrl}/content/${article!.id}`,
      },
    })
    const [job] = await server.query<{ state: string }>('select state from job_run where id = $1', [jobId])
    expect(job!.state).toBe('completed')
    // Events only: nothing but the test event and the event chosen.
    expect(at(hook).map((delivery) => delivery.type)).toEqual(['webhook.test', 'article.generated'])
  }, 150_000)

  it('an event the endpoint refused shows on its card until Retry on History gets it through', async () => {
    const user = await onboardedUser(server)
    const planned = await plannedKeyword(user.businessId, 'french press grind')
    const hook = '/hooks/refusing'
    const { page } = await browser.visit(server.baseUrl, user.client)
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoHydrated(page, '/integrations')
    // Connected (events only) and an article written, through the app's own procedures from the signed-in page.
    await pageRpc(page, 'integration/connect', {
      businessId: user.businessId,
      type: 'webhook',
      config: { url: `${receiverUrl}${hook}` },
      secrets: { secret },
      events: ['article.generated'],
    })
    refusals.set(hook, [410])
    await pageRpc(page, 'article/generate', { businessId: user.businessId, keywordId: planned.id })
    const failedDelivery = async () =>
      (
        await server.query<{ id: string; state: string }>(
          `select id, state from job_run where business_id = $1 and kind = 'webhook.deliver' order by created_at`,
          [user.businessId],
        )
      ).map((row) => row.state)
    await expect.poll(failedDelivery, { timeout: 90_000 }).toEqual(['failed'])

    // The card says which event, when and why, and links to the webhook events on History.
    const card = page.locator('[data-connector="webhook"]')
    const warning = card.getByTestId('webhook-delivery-failed')
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      await gotoHydrated(page, '/integrations')
      await warning.waitFor()
      await assertFits(page, `/integrations with a failed delivery at ${width}×${height}`)
    }
    expect(await warning.getAttribute('role')).toBe('alert')
    const text = (await warning.textContent()) ?? ''
    expect(text).toContain('The last event was not delivered')
    expect(text).toMatch(/“Article written” failed on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC after 1 attempt: .*HTTP 410.*Gone/)
    expect(await card.getByTestId('connector-status').textContent()).toBe('Working')

    // History, filtered to webhook events: Retry sends it again, and this time it is taken.
    await warning.getByRole('link', { name: 'Open webhook events' }).click()
    await page.waitForURL((url) => url.pathname === '/history' && url.searchParams.get('kind') === 'webhook')
    const entry = page.getByTestId('history-entry').filter({ hasText: 'Article written' })
    await entry.getByRole('button', { name: /^Retry/ }).click()
    await expect.poll(failedDelivery, { timeout: 30_000 }).toEqual(['failed', 'completed'])
    expect(at(hook).filter((delivery) => delivery.type === 'article.generated')).toHaveLength(2)

    await gotoHydrated(page, '/integrations')
    await card.getByTestId('connector-status').waitFor()
    expect(await warning.count()).toBe(0)
  }, 150_000)
})
