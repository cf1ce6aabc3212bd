import { ORPCError } from '@orpc/client'
import { CancelledError, MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createQueryClient,
  errorToastContent,
  QUERY_GC_TIME_MS,
  queryRetryDelay,
  shouldRetryQuery,
  type QueryNotifier,
} from './query-client'

function fakeNotifier() {
  const errors: Array<{ title: string; description?: string }> = []
  const successes: string[] = []
  const notify: QueryNotifier = {
    error: (title, options) => errors.push({ title, description: options?.description }),
    success: (title) => successes.push(title),
  }
  return { notify, errors, successes }
}

const settle = (ms = 20) => new Promise((done) => setTimeout(done, ms))

/** An observed (active) query, as a mounted component's useQuery would be. */
function observe(client: QueryClient, options: ConstructorParameters<typeof QueryObserver>[1]) {
  const observer = new QueryObserver(client, options)
  const unsubscribe = observer.subscribe(() => {})
  cleanups.push(unsubscribe)
  return observer
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

describe('query defaults (docs/product/limits.md)', () => {
  it('retry delay doubles from 1 s and is capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
  })

  it('keeps unused data 5 minutes and retries 3 times in the browser', () => {
    const client = createQueryClient({ notify: fakeNotifier().notify, server: false })
    const defaults = client.getDefaultOptions().queries!
    expect(defaults.gcTime).toBe(QUERY_GC_TIME_MS)
    expect(QUERY_GC_TIME_MS).toBe(300_000)
    expect(defaults.retryDelay).toBe(queryRetryDelay)
    expect(defaults.retry).toBe(shouldRetryQuery)
  })

  it('retries a failure 3 times, not answers that asking again cannot change', () => {
    const failure = new Error('boom')
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, failure))).toEqual([true, true, true, false])
    expect(shouldRetryQuery(0, new ORPCError('INTERNAL_SERVER_ERROR'))).toBe(true)
    expect(shouldRetryQuery(0, new ORPCError('SERVICE_UNAVAILABLE'))).toBe(true)
    expect(shouldRetryQuery(0, new ORPCError('TIMEOUT'))).toBe(true)
    expect(shouldRetryQuery(0, new ORPCError('TOO_MANY_REQUESTS'))).toBe(true)
    expect(shouldRetryQuery(0, new ORPCError('NOT_FOUND'))).toBe(false)
    expect(shouldRetryQuery(0, new ORPCError('UNAUTHORIZED'))).toBe(false)
    expect(shouldRetryQuery(0, redirect({ to: '/' }))).toBe(false)
    expect(shouldRetryQuery(0, notFound())).toBe(false)
  })

  it('a failing query is called 4 times (1 + 3 retries) at 1 s, 2 s and 4 s, then toasts once', async () => {
    vi.useFakeTimers()
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    const calls: number[] = []
    const start = Date.now()
    observe(client, {
      queryKey: ['flaky'],
      queryFn: () => {
        calls.push(Date.now() - start)
        throw new Error('The server is down')
      },
    })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toEqual([0, 1000, 3000, 7000])
    expect(errors).toEqual([{ title: 'The server is down', description: undefined }])
  })

  it('does not retry on the server, and never toasts there', async () => {
    const { notify, errors, successes } = fakeNotifier()
    const client = createQueryClient({ notify, server: true })
    expect(client.getDefaultOptions().queries!.retry).toBe(false)
    let calls = 0
    observe(client, {
      queryKey: ['server'],
      queryFn: () => {
        calls++
        throw new Error('no')
      },
    })
    const mutation = new MutationObserver(client, { mutationFn: async () => 'ok', meta: { successMessage: 'Saved' } })
    await mutation.mutate()
    await settle()
    expect(calls).toBe(1)
    expect(errors).toEqual([])
    expect(successes).toEqual([])
  })
})

describe('query errors (docs/product/messages.md): toast, then invalidate all', () => {
  it("titles the toast with the error's message, or the query's own message with the error as description", () => {
    expect(errorToastContent(new Error('Network down'), undefined)).toEqual({ title: 'Network down', description: undefined })
    expect(errorToastContent(new Error('Network down'), 'Could not load your keywords')).toEqual({
      title: 'Could not load your keywords',
      description: 'Network down',
    })
    expect(errorToastContent(new ORPCError('NOT_FOUND', { message: 'Business not found' }), undefined).title).toBe('Business not found')
    expect(errorToastContent('weird', undefined).title).toMatch(/Something went wrong/)
  })

  it('toasts the failure, then refetches the other active queries but not the failed one', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    let healthyCalls = 0
    let failingCalls = 0
    observe(client, { queryKey: ['healthy'], queryFn: () => ++healthyCalls })
    await settle()
    expect(healthyCalls).toBe(1)
    client.setQueryData(['inactive'], 'cached')

    observe(client, {
      queryKey: ['failing'],
      retry: false,
      meta: { errorMessage: 'Could not load your keywords' },
      queryFn: () => {
        failingCalls++
        throw new Error('Database unavailable')
      },
    })
    await settle()
    expect(errors).toEqual([{ title: 'Could not load your keywords', description: 'Database unavailable' }])
    expect(healthyCalls).toBe(2) // invalidated and refetched
    expect(failingCalls).toBe(1) // not refetched by its own invalidation
    expect(client.getQueryState(['inactive'])?.isInvalidated).toBe(true) // stale, fetched on next use
    await settle(100)
    expect(failingCalls).toBe(1)
    expect(errors).toHaveLength(1)
  })

  it('cannot loop: failing queries invalidating each other settle after one failure each', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    const calls = { a: 0, b: 0, c: 0 }
    let bFails = false
    observe(client, {
      queryKey: ['b'],
      retry: false,
      queryFn: () => {
        calls.b++
        if (bFails) throw new Error('b failed')
        return 'b'
      },
    })
    observe(client, { queryKey: ['c'], retry: false, queryFn: () => ++calls.c })
    await settle()
    bFails = true // from now on b fails too: a's invalidation refetches b, whose failure invalidates again
    observe(client, {
      queryKey: ['a'],
      retry: false,
      queryFn: () => {
        calls.a++
        throw new Error('a failed')
      },
    })
    await settle(300)
    expect(errors.map((error) => error.title)).toEqual(['a failed', 'b failed'])
    expect(calls).toEqual({ a: 1, b: 2, c: 3 })
    await settle(300)
    expect(calls).toEqual({ a: 1, b: 2, c: 3 })
  })

  it('a failing query refetched by hand toasts once per failure, never by itself', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    let calls = 0
    const observer = observe(client, {
      queryKey: ['down'],
      retry: false,
      queryFn: () => {
        calls++
        throw new Error('down')
      },
    })
    await settle()
    await observer.refetch()
    await settle(200)
    expect(calls).toBe(2)
    expect(errors).toHaveLength(2)
  })

  it('does not toast a query fetched for a loader (the route error page says it), but still invalidates', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    let healthyCalls = 0
    observe(client, { queryKey: ['healthy'], queryFn: () => ++healthyCalls })
    await settle()
    await expect(
      client.ensureQueryData({ queryKey: ['loader'], retry: false, queryFn: () => Promise.reject(new Error('loader failed')) }),
    ).rejects.toThrow('loader failed')
    await settle()
    expect(errors).toEqual([])
    expect(healthyCalls).toBe(2)
  })

  it('does not toast a suspense query (its error boundary shows the error)', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    observe(client, { queryKey: ['suspense'], retry: false, throwOnError: true, queryFn: () => Promise.reject(new Error('x')) })
    await settle()
    expect(errors).toEqual([])
  })

  it('ignores redirects and not-founds (the router acts on them) and cancelled queries', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    let healthyCalls = 0
    observe(client, { queryKey: ['healthy'], queryFn: () => ++healthyCalls })
    await settle()
    observe(client, { queryKey: ['redirect'], queryFn: () => Promise.reject(redirect({ to: '/setup' })) })
    observe(client, { queryKey: ['not-found'], queryFn: () => Promise.reject(notFound()) })
    observe(client, { queryKey: ['cancelled'], queryFn: () => Promise.reject(new CancelledError()) })
    observe(client, {
      queryKey: ['slow'],
      queryFn: ({ signal }) => new Promise((_, fail) => signal.addEventListener('abort', () => fail(new Error('aborted')))),
    })
    await settle()
    await client.cancelQueries({ queryKey: ['slow'] })
    await settle()
    expect(errors).toEqual([])
    expect(healthyCalls).toBe(1)
  })

  it('logs query-stream errors without a toast or invalidation', async () => {
    const { notify, errors } = fakeNotifier()
    const logged: unknown[][] = []
    const client = createQueryClient({ notify, server: false, log: (...args) => logged.push(args) })
    let healthyCalls = 0
    observe(client, { queryKey: ['healthy'], queryFn: () => ++healthyCalls })
    await settle()
    // oRPC's key for `orpc.x.experimental_streamedOptions()`, and a query marked by meta.
    observe(client, {
      queryKey: [['events'], { type: 'streamed' }],
      retry: false,
      queryFn: () => Promise.reject(new Error('stream closed')),
    })
    observe(client, { queryKey: ['live'], meta: { stream: true }, retry: false, queryFn: () => Promise.reject(new Error('socket gone')) })
    await settle()
    expect(errors).toEqual([])
    expect(logged).toHaveLength(2)
    expect(healthyCalls).toBe(1)
  })
})

describe('a query whose component shows its error inline', () => {
  it('is not toasted (an editor’s preview), while the same failure without the mark is', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    observe(client, {
      queryKey: ['preview'],
      meta: { inlineError: true },
      retry: false,
      queryFn: () => Promise.reject(new Error('No title')),
    })
    await settle()
    expect(errors).toEqual([])
    observe(client, { queryKey: ['plain'], retry: false, queryFn: () => Promise.reject(new Error('No title')) })
    await settle()
    expect(errors).toEqual([{ title: 'No title', description: undefined }])
  })
})

describe('mutations (docs/product/messages.md)', () => {
  it('a failure toasts its message then invalidates; a success toasts meta.successMessage', async () => {
    const { notify, errors, successes } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    let healthyCalls = 0
    observe(client, { queryKey: ['healthy'], queryFn: () => ++healthyCalls })
    await settle()

    const failing = new MutationObserver(client, { mutationFn: () => Promise.reject(new Error('Name is taken')) })
    await failing.mutate().catch(() => {})
    await settle()
    expect(errors).toEqual([{ title: 'Name is taken', description: undefined }])
    expect(healthyCalls).toBe(2)

    const titled = new MutationObserver(client, {
      mutationFn: () => Promise.reject(new Error('Name is taken')),
      meta: { errorMessage: 'Could not rename the business' },
    })
    await titled.mutate().catch(() => {})
    expect(errors[1]).toEqual({ title: 'Could not rename the business', description: 'Name is taken' })

    const saving = new MutationObserver(client, { mutationFn: async () => 'ok', meta: { successMessage: 'Business renamed' } })
    await saving.mutate()
    const quiet = new MutationObserver(client, { mutationFn: async () => 'ok' })
    await quiet.mutate()
    expect(successes).toEqual(['Business renamed'])
  })

  it('a failure the server suggests a next step for ("See plans") toasts it as the button, which goes there', async () => {
    const shown: Array<{ title: string; action?: { label: string; onClick: () => void } }> = []
    const visited: string[] = []
    const notify: QueryNotifier = { error: (title, options) => shown.push({ title, action: options?.action }), success: () => {} }
    const client = createQueryClient({ notify, server: false, navigate: (path) => visited.push(path) })
    const usedUp = Object.assign(new Error('You have used all 15 articles of your Starter plan this month.'), {
      data: { reason: 'ALLOWANCE_REACHED', action: { label: 'See plans', path: '/settings#plan-and-billing' } },
    })
    await new MutationObserver(client, { mutationFn: () => Promise.reject(usedUp) }).mutate().catch(() => {})
    expect(shown[0]?.title).toBe('You have used all 15 articles of your Starter plan this month.')
    expect(shown[0]?.action?.label).toBe('See plans')
    shown[0]!.action!.onClick()
    expect(visited).toEqual(['/settings#plan-and-billing'])

    // Never off-site, whatever the payload says.
    const offSite = Object.assign(new Error('Nope'), { data: { action: { label: 'Go', path: 'https://evil.example/' } } })
    await new MutationObserver(client, { mutationFn: () => Promise.reject(offSite) }).mutate().catch(() => {})
    expect(shown[1]).toEqual({ title: 'Nope', action: undefined })
  })

  it('a mutation with its own onError is not toasted twice, but queries are still invalidated', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    let healthyCalls = 0
    observe(client, { queryKey: ['healthy'], queryFn: () => ++healthyCalls })
    await settle()
    const ownErrors: unknown[] = []
    const mutation = new MutationObserver(client, {
      mutationFn: () => Promise.reject(new Error('Already subscribed')),
      onError: (error) => ownErrors.push(error),
    })
    await mutation.mutate().catch(() => {})
    await settle()
    expect(ownErrors).toHaveLength(1)
    expect(errors).toEqual([])
    expect(healthyCalls).toBe(2)
  })

  it('a redirect from a mutation is not an error toast', async () => {
    const { notify, errors } = fakeNotifier()
    const client = createQueryClient({ notify, server: false })
    const mutation = new MutationObserver(client, { mutationFn: () => Promise.reject(redirect({ to: '/setup' })) })
    await mutation.mutate().catch(() => {})
    expect(errors).toEqual([])
  })
})
