import {
  isCancelledError,
  isServer,
  MutationCache,
  QueryCache,
  QueryClient,
  shouldThrowError,
  type Mutation,
  type Query,
} from '@tanstack/react-query'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { toast } from './toast'
import { isSameOriginPath } from '~/shared/same-origin-path'

/**
 * The app's QueryClient (docs/product/messages.md): one per router, so one per SSR request and one per tab.
 *
 * - Queries retry 3 times with an exponential delay (1 s, 2 s, 4 s … capped at 30 s) in the
 *   browser, never on the server (a failing loader must not hold the HTML back for 7 s).
 *   Redirects, not-founds and 4xx answers are final, not transient: they are not retried.
 * - Unused data is kept 5 minutes (gcTime).
 * - A failed query or mutation shows an error toast, then all queries are invalidated. The
 *   invalidation never refetches a query that is in error (the one that just failed included):
 *   refetching it would fail, toast and invalidate again, forever.
 * - A mutation whose `meta.successMessage` is set shows a success toast.
 * - Query-stream errors (oRPC streamed/live queries, or `meta.stream`) are logged only; a query
 *   whose component shows its error inline (`meta.inlineError`) is not toasted.
 * - Nothing is toasted for router redirects and not-founds (the router acts on them) or for
 *   cancelled queries, nor on the server.
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta
    mutationMeta: AppMutationMeta
  }
}

export interface AppQueryMeta extends Record<string, unknown> {
  /** The toast's title when this query fails (the error's message becomes the description). */
  errorMessage?: string
  /** A streamed query: its errors are logged, never toasted. */
  stream?: boolean
  /** The component shows this query's error where the data would be (an editor's live preview): no toast. */
  inlineError?: boolean
}

export interface AppMutationMeta extends Record<string, unknown> {
  /** The toast's title when this mutation fails (the error's message becomes the description). */
  errorMessage?: string
  /** Shown as a success toast when the mutation succeeds. */
  successMessage?: string
}

/** Retries, their delay cap and how long unused data is kept (docs/product/limits.md). */
export const QUERY_RETRY_COUNT = 3
export const QUERY_RETRY_MAX_DELAY_MS = 30_000
export const QUERY_GC_TIME_MS = 5 * 60 * 1000

/** 1000, 2000, 4000, 8000 … ms, never more than 30 s. `failureCount` counts from 0. */
export function queryRetryDelay(failureCount: number) {
  return Math.min(1000 * 2 ** failureCount, QUERY_RETRY_MAX_DELAY_MS)
}

/** An HTTP-like status carried by the error (oRPC errors, server-function failures), if any. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : undefined
}

/** Errors another part of the app acts on: never a failure to report or retry. */
function isControlFlow(error: unknown) {
  return isRedirect(error) || isNotFound(error) || isCancelledError(error)
}

/**
 * Whether to try again after `failureCount` failures (counted from 0 before the first retry).
 * A 4xx answer will not change by asking again, except time-outs and rate limits.
 */
export function shouldRetryQuery(failureCount: number, error: unknown) {
  if (failureCount >= QUERY_RETRY_COUNT || isControlFlow(error)) return false
  const status = statusOf(error)
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false
  return true
}

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const message = (error as { message: string }).message
    if (message) return message
  }
  return 'Something went wrong. Check your connection and try again.'
}

/** The toast of a failure: the caller's own message as the title if given, else the error's. */
export function errorToastContent(error: unknown, ownMessage: string | undefined) {
  const message = errorMessageOf(error)
  return ownMessage ? { title: ownMessage, description: message } : { title: message, description: undefined }
}

/** The server's suggested next step for an error (`data.action`: "See plans" → a same-origin path), if any. */
export function errorActionOf(error: unknown): { label: string; path: string } | undefined {
  const action = (error as { data?: { action?: unknown } } | null)?.data?.action as { label?: unknown; path?: unknown } | undefined
  if (!action || typeof action.label !== 'string' || typeof action.path !== 'string' || !isSameOriginPath(action.path)) return undefined
  return { label: action.label, path: action.path }
}

/** oRPC's streamed and live query keys are `[path, { type: 'streamed' | 'live', … }]`. */
export function isStreamQuery(query: Query<unknown, unknown>) {
  if (query.meta?.stream) return true
  const state = query.queryKey[1] as { type?: unknown } | undefined
  return typeof state === 'object' && state !== null && (state.type === 'streamed' || state.type === 'live')
}

/**
 * A query error is toasted only when a component shows the query and no error boundary takes
 * the error: a query fetched for a loader (no observers) fails the route, whose error page says
 * it; a suspense query throws to its boundary. A toast on top would say it twice.
 */
function isShownByItsCaller(query: Query<unknown, unknown>, error: unknown) {
  if (query.observers.length === 0) return true
  return query.observers.some((observer) => shouldThrowError(observer.options.throwOnError, [error, query]))
}

/**
 * A mutation with its own `onError` option (e.g. a form that toasts "Could not subscribe")
 * already told the user; the generic toast would be a second one.
 */
function handlesItsOwnErrors(mutation: Mutation<unknown, unknown>) {
  return typeof mutation.options.onError === 'function' && !mutation.meta?.errorMessage
}

export interface QueryNotifier {
  error: (title: string, options?: { description?: string; action?: { label: string; onClick: () => void } }) => unknown
  success: (title: string) => unknown
}

export interface CreateQueryClientOptions {
  /** Where notifications go; the app's toasts by default (tests pass a fake). */
  notify?: QueryNotifier
  /** Defaults to TanStack Query's own detection; tests may force the browser behaviour. */
  server?: boolean
  /** Stream errors are logged here (console.error by default). */
  log?: (...args: unknown[]) => void
  /** Where an error toast's action goes (a full page load by default). */
  navigate?: (path: string) => void
}

export function createQueryClient(options: CreateQueryClientOptions = {}): QueryClient {
  const server = options.server ?? isServer
  const notify: QueryNotifier = options.notify ?? {
    error: (title, toastOptions) => toast.error(title, toastOptions),
    success: (title) => toast.success(title),
  }
  const log = options.log ?? console.error
  const navigate = options.navigate ?? ((path: string) => window.location.assign(path))
  /** An error toast, with the server's next step as its button when it suggests one. */
  const notifyError = (error: unknown, ownMessage: string | undefined) => {
    const { title, description } = errorToastContent(error, ownMessage)
    const action = errorActionOf(error)
    const extras = {
      ...(description ? { description } : {}),
      ...(action ? { action: { label: action.label, onClick: () => navigate(action.path) } } : {}),
    }
    notify.error(title, Object.keys(extras).length > 0 ? extras : undefined)
  }

  /**
   * Marks every query stale, then refetches the active ones that are not in error. A query in
   * error is left to its own triggers (remount, window focus, Try again): refetching it here is
   * what would loop. Each cascade only ever shrinks the set of refetched queries, so it ends.
   */
  const invalidateAfterFailure = (failed?: Query<unknown, unknown>) => {
    void queryClient.invalidateQueries({ refetchType: 'none' })
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query !== failed && query.state.status !== 'error',
    })
  }

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (server || isControlFlow(error)) return
        if (isStreamQuery(query)) {
          log('[query stream]', query.queryKey, error)
          return
        }
        if (!query.meta?.inlineError && !isShownByItsCaller(query, error)) notifyError(error, query.meta?.errorMessage)
        invalidateAfterFailure(query)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (server || isControlFlow(error)) return
        if (!handlesItsOwnErrors(mutation)) notifyError(error, mutation.meta?.errorMessage)
        invalidateAfterFailure()
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        if (server) return
        const message = mutation.meta?.successMessage
        if (message) notify.success(message)
      },
    }),
    defaultOptions: {
      queries: {
        retry: server ? false : shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
      },
    },
  })
  return queryClient
}
