import { delay, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw'
import { singleton } from '~/server/singleton'

/**
 * Fault injection shared by every vendor mock. A test switches a fault on for one vendor; the
 * vendor's handlers answer with it for the next `times` requests, then behave again.
 *
 *   injectFault('dataforseo', { kind: 'status', status: 503, times: 1 })
 *   injectFault('llm', { kind: 'rate-limit', retryAfterSeconds: 2 })
 *   clearFaults()   // in afterEach
 *
 * Latency is separate and persistent: a benchmark that models a provider's response time sets it
 * once for a vendor, and every request to that vendor's mocks waits that long before answering.
 *
 *   setMockLatency('llm', 2000)
 *   setMockLatency('dataforseo', (request) => (request.url.includes('/serp/') ? 600 : 300))
 *   setMockLatency('llm', null)   // answers at once again
 */

export type MockVendor =
  | 'dataforseo'
  | 'llm'
  | 'embeddings'
  | 'images'
  | 'youtube'
  | 'google'
  | 'gsc'
  | 'polar'
  | 'wordpress'
  | 'ghost'
  | 'webflow'
  | 'shopify'
  | 'notion'
  | 'webhook'

export type MockFault =
  | { kind: 'status'; status: number; body?: unknown; times?: number }
  | { kind: 'rate-limit'; retryAfterSeconds?: number; times?: number }
  | { kind: 'slow'; delayMs: number; times?: number }
  | { kind: 'malformed'; times?: number }
  | { kind: 'network'; times?: number }

interface ActiveFault {
  fault: MockFault
  remaining: number
}

/** Milliseconds a vendor's mock waits before each answer: a constant, or chosen per request (read its body from `request.clone()`). */
export type MockLatency = number | ((request: Request) => number)

const active = singleton('__rankpilotMockFaults', () => new Map<MockVendor, ActiveFault[]>())
const latencies = singleton('__rankpilotMockLatency', () => new Map<MockVendor, MockLatency>())

export function injectFault(vendor: MockVendor, fault: MockFault) {
  const list = active.get(vendor) ?? []
  list.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY })
  active.set(vendor, list)
}

export function clearFaults(vendor?: MockVendor) {
  if (vendor) active.delete(vendor)
  else active.clear()
}

/** Every later request to the vendor's mocks waits `latency` ms before it is answered; `null` removes the wait. */
export function setMockLatency(vendor: MockVendor, latency: MockLatency | null) {
  if (latency === null) latencies.delete(vendor)
  else latencies.set(vendor, latency)
}

/** Counts requests per vendor, so tests can assert retries happened (or did not). */
const requestCounts = new Map<MockVendor, number>()
export function mockRequestCount(vendor: MockVendor) {
  return requestCounts.get(vendor) ?? 0
}
export function resetMockRequestCounts() {
  requestCounts.clear()
}

function takeFault(vendor: MockVendor): MockFault | undefined {
  const list = active.get(vendor)
  const current = list?.[0]
  if (!list || !current) return undefined
  current.remaining -= 1
  if (current.remaining <= 0) list.shift()
  return current.fault
}

/**
 * Wraps a vendor's resolver: counts the request, waits the vendor's latency if one is set, then
 * answers with the pending fault if any.
 * The resolver itself stays a plain description of the happy path.
 */
export function withFaults<R extends HttpResponseResolver<PathParams, DefaultBodyType, DefaultBodyType>>(
  vendor: MockVendor,
  resolver: R,
): R {
  const wrapped = async (info: Parameters<R>[0]) => {
    requestCounts.set(vendor, (requestCounts.get(vendor) ?? 0) + 1)
    const latency = latencies.get(vendor)
    const waitMs = typeof latency === 'function' ? latency(info.request) : latency
    if (waitMs !== undefined && waitMs > 0) await delay(waitMs)
    const fault = takeFault(vendor)
    if (fault) {
      switch (fault.kind) {
        case 'status':
          return HttpResponse.json(fault.body ?? { error: { message: `Injected HTTP ${fault.status}` } }, {
            status: fault.status,
          })
        case 'rate-limit':
          return HttpResponse.json(
            { error: { message: 'Rate limit exceeded' } },
            {
              status: 429,
              headers: fault.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(fault.retryAfterSeconds) },
            },
          )
        case 'slow':
          await delay(fault.delayMs)
          break
        case 'malformed':
          return new HttpResponse('{"truncated": [1, 2', { status: 200, headers: { 'Content-Type': 'application/json' } })
        case 'network':
          return HttpResponse.error()
      }
    }
    return resolver(info)
  }
  return wrapped as unknown as R
}
