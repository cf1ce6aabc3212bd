import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { injectFault, mockRequestCount, setMockLatency, withFaults } from './mock-faults'

const BASE = 'https://vendor.example'
useMockServer(
  http.post(
    `${BASE}/answer`,
    withFaults('llm', async ({ request }) => HttpResponse.json({ ok: true, body: await request.json() })),
  ),
  http.post(
    `${BASE}/other`,
    withFaults('dataforseo', () => HttpResponse.json({ ok: true })),
  ),
)

afterEach(() => {
  setMockLatency('llm', null)
  setMockLatency('dataforseo', null)
})

async function timed(path: string, body: unknown = {}) {
  const started = performance.now()
  const response = await fetch(`${BASE}${path}`, { method: 'POST', body: JSON.stringify(body) })
  return { response, ms: performance.now() - started }
}

describe('setMockLatency', () => {
  it('makes every request to the vendor wait the set time, and leaves other vendors alone', async () => {
    setMockLatency('llm', 150)
    for (let i = 0; i < 2; i++) {
      const { response, ms } = await timed('/answer')
      expect(response.status).toBe(200)
      expect(ms).toBeGreaterThanOrEqual(145)
    }
    expect(mockRequestCount('llm')).toBe(2)
    const seen: string[] = []
    setMockLatency('dataforseo', (request) => {
      seen.push(request.url)
      return 0
    })
    expect((await timed('/other')).response.status).toBe(200)
    expect(seen).toEqual([`${BASE}/other`])
  })

  it('chooses the wait per request when given a function, and the body stays readable', async () => {
    setMockLatency('llm', (request) => (request.headers.get('x-size') === 'large' ? 120 : 0))
    const started = performance.now()
    const response = await fetch(`${BASE}/answer`, { method: 'POST', headers: { 'x-size': 'large' }, body: '{"n":1}' })
    expect(await response.json()).toEqual({ ok: true, body: { n: 1 } })
    expect(performance.now() - started).toBeGreaterThanOrEqual(115)
  })

  it('waits before an injected fault too, and null removes the wait', async () => {
    setMockLatency('llm', 100)
    injectFault('llm', { kind: 'status', status: 503, times: 1 })
    const faulty = await timed('/answer')
    expect(faulty.response.status).toBe(503)
    expect(faulty.ms).toBeGreaterThanOrEqual(95)

    let asked = 0
    setMockLatency('llm', () => {
      asked++
      return 0
    })
    setMockLatency('llm', null)
    expect((await timed('/answer')).response.status).toBe(200)
    expect(asked).toBe(0)
  })
})
