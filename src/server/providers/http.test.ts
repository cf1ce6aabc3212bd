import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { backoffDelay, createProviderFetch, errorDetail, parseRetryAfter, ProviderError, readJson, type ProviderFetchOptions } from './http'

const URL_ = 'https://provider.test/v1/thing'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Answers the scripted responses in order (the last one repeats) and counts the requests. */
function script(...answers: (() => Response | Promise<Response>)[]) {
  const seen = { count: 0, bodies: [] as string[] }
  server.use(
    http.all(URL_, async ({ request }) => {
      seen.bodies.push(await request.text())
      const answer = answers[Math.min(seen.count, answers.length - 1)]!
      seen.count++
      return answer()
    }),
  )
  return seen
}

function client(overrides: Partial<ProviderFetchOptions> = {}) {
  const sleeps: number[] = []
  const fetch = createProviderFetch({
    provider: 'Example',
    credentialsHint: 'EXAMPLE_API_KEY',
    baseDelayMs: 100,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    ...overrides,
  })
  return { fetch, sleeps }
}

const ok = () => HttpResponse.json({ ok: true })
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => error as ProviderError,
  )

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter('1.5', now)).toBe(1500)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe('backoffDelay', () => {
  it('doubles each attempt, is jittered between half and all of the step, and stops at the ceiling', () => {
    const options = (random: number) => ({ baseDelayMs: 100, maxDelayMs: 1000, random: () => random })
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, options(0)))).toEqual([50, 100, 200, 400])
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, options(1)))).toEqual([100, 200, 400, 800])
    expect(backoffDelay(10, options(1))).toBe(1000)
    for (let i = 0; i < 50; i++) {
      const value = backoffDelay(2, { baseDelayMs: 100, maxDelayMs: 1000, random: Math.random })
      expect(value).toBeGreaterThanOrEqual(200)
      expect(value).toBeLessThanOrEqual(400)
    }
  })
})

describe('createProviderFetch', () => {
  it('waits the Retry-After seconds of a 429, then succeeds', async () => {
    const seen = script(() => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '3' } }), ok)
    const { fetch, sleeps } = client()
    expect(await (await fetch(URL_)).json()).toEqual({ ok: true })
    expect(seen.count).toBe(2)
    expect(sleeps).toEqual([3000])
  })

  it('waits until the HTTP date of a Retry-After', async () => {
    const at = new Date(Date.now() + 10_000).toUTCString()
    script(() => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': at } }), ok)
    const { fetch, sleeps } = client()
    await fetch(URL_)
    expect(sleeps).toHaveLength(1)
    expect(sleeps[0]).toBeGreaterThan(8000)
    expect(sleeps[0]).toBeLessThanOrEqual(10_000)
  })

  it('fails at once when Retry-After asks for longer than maxRetryAfterMs', async () => {
    const seen = script(() => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '120' } }))
    const { fetch, sleeps } = client()
    const error = await failure(fetch(URL_))
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, attempts: 1 })
    expect(error.message).toBe('Example is limiting how fast we can call it and asks us to wait 120 seconds. Try again after that.')
    expect(seen.count).toBe(1)
    expect(sleeps).toEqual([])
  })

  it('gives up on a 429 that keeps coming', async () => {
    const seen = script(() => HttpResponse.json({}, { status: 429 }))
    const error = await failure(client({ retries: 2 }).fetch(URL_))
    expect(error.message).toBe('Example is limiting how fast we can call it (HTTP 429). Try again in a few minutes.')
    expect(seen.count).toBe(3)
  })

  it('retries a 5xx with growing backoff, then succeeds', async () => {
    const seen = script(
      () => HttpResponse.json({ error: { message: 'down' } }, { status: 503 }),
      () => HttpResponse.json({ error: { message: 'down' } }, { status: 502 }),
      ok,
    )
    const { fetch, sleeps } = client()
    expect((await fetch(URL_)).status).toBe(200)
    expect(seen.count).toBe(3)
    expect(sleeps).toEqual([75, 150])
  })

  it('says the provider is having problems once 5xx retries are exhausted', async () => {
    const seen = script(() => HttpResponse.json({ error: { message: 'down for maintenance' } }, { status: 503 }))
    const { fetch, sleeps } = client()
    const error = await failure(fetch(URL_))
    expect(error).toMatchObject({
      name: 'ProviderError',
      provider: 'Example',
      kind: 'server',
      status: 503,
      attempts: 4,
    })
    expect(error.message).toBe(
      'Example is having problems (HTTP 503: down for maintenance) and still failed after 4 attempts. Try again later.',
    )
    expect(seen.count).toBe(4)
    expect(sleeps).toEqual([75, 150, 300])
  })

  it('a provider classifier makes a refusal final at once, even a 5xx, with its message and status', async () => {
    const refusal = { code: 'file_type', message: 'That type is refused.' }
    const seen = script(() => HttpResponse.json(refusal, { status: 500 }))
    const reports: unknown[] = []
    const { fetch, sleeps } = client({
      classifyFailure: (report) => {
        reports.push(report)
        const body = report.body as { code?: string; message?: string } | undefined
        return body?.code === 'file_type' ? { kind: 'rejected', message: `Example refused: ${body.message}` } : undefined
      },
    })
    const error = await failure(fetch(URL_))
    expect(error).toMatchObject({
      name: 'ProviderError',
      kind: 'rejected',
      status: 500,
      attempts: 1,
      message: 'Example refused: That type is refused.',
    })
    expect(seen.count).toBe(1)
    expect(sleeps).toEqual([])
    expect(reports).toEqual([{ status: 500, body: refusal }])
  })

  it('a classifier without a verdict leaves the generic rules: a 5xx is retried and its body still read', async () => {
    const seen = script(() => HttpResponse.text('<html>oops</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }))
    const reports: unknown[] = []
    const { fetch } = client({ retries: 1, classifyFailure: (report) => void reports.push(report) })
    const error = await failure(fetch(URL_))
    expect(error).toMatchObject({ kind: 'server', status: 502, attempts: 2 })
    expect(seen.count).toBe(2)
    // Not JSON: the classifier sees no body.
    expect(reports).toEqual([
      { status: 502, body: undefined },
      { status: 502, body: undefined },
    ])
  })

  it('retries a network error', async () => {
    const seen = script(() => HttpResponse.error(), ok)
    const { fetch, sleeps } = client()
    expect((await fetch(URL_)).status).toBe(200)
    expect(seen.count).toBe(2)
    expect(sleeps).toEqual([75])
  })

  it('says it could not reach the provider when the network keeps failing', async () => {
    script(() => HttpResponse.error())
    const error = await failure(client({ retries: 1 }).fetch(URL_))
    expect(error.kind).toBe('network')
    expect(error.message).toBe(
      'Could not reach Example (fetch failed) after 2 attempts. Check the network connection and the Example address.',
    )
  })

  it('times out an answer slower than timeoutMs, retrying it first', async () => {
    const seen = script(async () => {
      await delay(1000)
      return ok()
    })
    const error = await failure(client({ timeoutMs: 50, retries: 1 }).fetch(URL_))
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2 })
    expect(error.message).toBe('Example did not answer within 1 second (2 attempts). Try again in a few minutes.')
    expect(seen.count).toBe(2)
  })

  it.each([
    [400, { error: { message: 'field "q" is required' } }, 'rejected', 'Example rejected the request (HTTP 400): field "q" is required'],
    [401, { message: 'invalid key' }, 'auth', 'Example refused our credentials (HTTP 401: invalid key). Check EXAMPLE_API_KEY.'],
    [403, { error: 'forbidden' }, 'auth', 'Example refused our credentials (HTTP 403: forbidden). Check EXAMPLE_API_KEY.'],
    [
      402,
      { detail: 'balance is 0' },
      'payment',
      'Example says the account has no credit left (HTTP 402: balance is 0). Top up the Example account, then try again.',
    ],
    [404, 'Not here', 'rejected', 'Example rejected the request (HTTP 404): Not here'],
  ])('does not retry HTTP %i and says why', async (status, body, kind, message) => {
    const seen = script(() => (typeof body === 'string' ? new HttpResponse(body, { status }) : HttpResponse.json(body, { status })))
    const { fetch, sleeps } = client()
    const error = await failure(fetch(URL_))
    expect(error).toMatchObject({ kind, status, attempts: 1, message })
    expect(seen.count).toBe(1)
    expect(sleeps).toEqual([])
  })

  it('sends the body of a Request object again, intact, on a retry', async () => {
    const seen = script(() => HttpResponse.json({}, { status: 500 }), ok)
    const request = new Request(URL_, {
      method: 'POST',
      body: JSON.stringify([{ keyword: 'seo tools' }]),
      headers: { 'Content-Type': 'application/json' },
    })
    expect((await client().fetch(request)).status).toBe(200)
    expect(seen.bodies).toEqual(['[{"keyword":"seo tools"}]', '[{"keyword":"seo tools"}]'])
  })

  it('does not retry when the caller aborts', async () => {
    const seen = script(async () => {
      await delay(1000)
      return ok()
    })
    const controller = new AbortController()
    const { fetch, sleeps } = client()
    setTimeout(() => controller.abort(), 30)
    await expect(fetch(URL_, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(seen.count).toBe(1)
    expect(sleeps).toEqual([])
  })
})

describe('readJson', () => {
  const schema = z.object({ items: z.array(z.string()) })

  it('returns the parsed body', async () => {
    expect(await readJson(Response.json({ items: ['a'] }), 'Example', schema)).toEqual({ items: ['a'] })
  })

  it('calls a body that is not JSON malformed', async () => {
    const error = await failure(readJson(new Response('{"items": ["a"'), 'Example', schema))
    expect(error).toMatchObject({ kind: 'malformed' })
    expect(error.message).toBe(
      'Example sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
  })

  it('names the field when the shape does not match', async () => {
    const error = await failure(readJson(Response.json({ items: [1] }), 'Example', schema))
    expect(error.message).toBe(
      'Example sent an answer we could not read (items.0: Invalid input: expected string, received number). Try again; if it keeps happening, its API may have changed.',
    )
  })
})

describe('errorDetail', () => {
  const detail = (body: unknown) => errorDetail(new Response(JSON.stringify(body), { status: 422 }))

  it('reads the vendors’ error shapes', async () => {
    expect(
      await detail({ errors: [{ message: 'Validation error, cannot save post.', context: 'Value in [posts.title] cannot be blank.' }] }),
    ).toBe('Validation error, cannot save post. Value in [posts.title] cannot be blank.')
    expect(await detail({ errors: '[API] Invalid API key or access token' })).toBe('[API] Invalid API key or access token')
    expect(
      await detail({
        code: 'validation_error',
        message: 'Validation Error',
        details: [{ param: 'fieldData.slug', description: 'Field is required' }],
      }),
    ).toBe('Validation Error (fieldData.slug: Field is required)')
    expect(await detail({ object: 'error', message: 'API token is invalid.' })).toBe('API token is invalid.')
  })
})
