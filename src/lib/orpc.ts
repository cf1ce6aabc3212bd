import { createORPCClient, ORPCError } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import { createRouterClient, type RouterClient } from '@orpc/server'
import { SimpleCsrfProtectionLinkPlugin } from '@orpc/client/plugins'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { redirect } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { createRpcContext } from '~/server/app/rpc-context'
import { PLAN_CACHE_MS } from '~/shared/plans'
import { isSameOriginPath } from '~/shared/same-origin-path'
import type { AppErrorData } from '~/server/rpc/errors'
import { router, type AppRouter } from '~/server/app/router'

/** A call goes as GET while its full URL is at most this long, else as POST. */
export const RPC_MAX_GET_URL_LENGTH = 2083

/** What a caller may pass as `context` on a call or in queryOptions/mutationOptions. */
export interface RpcClientContext {
  /** Extra request headers a caller may add; ignored for in-process calls. */
  headers?: Record<string, string>
}

export type RpcClient = RouterClient<AppRouter, RpcClientContext>

/**
 * Redirects from procedures. oRPC errors cannot carry a 3xx status, so a procedure that wants
 * the user elsewhere throws a normal ORPCError whose `data.redirectTo` is a same-origin path
 * (server: `appError(def, { redirectTo: '/setup' })`). Every client call passes through this
 * conversion, which turns such an error into a TanStack Router `redirect()`:
 * - in a loader or beforeLoad (SSR or client) the router follows it;
 * - in a component's query or mutation, the router's SSR-query integration navigates
 *   (`handleRedirects`, src/router.tsx).
 */
export function toRouterRedirect(error: unknown): unknown {
  if (!(error instanceof ORPCError)) return error
  const target = (error.data as Partial<AppErrorData> | undefined)?.redirectTo
  if (typeof target !== 'string' || !isSameOriginPath(target)) return error
  return redirect({ href: target })
}

async function convertRedirects<T>({ next }: { next: () => Promise<T> }): Promise<T> {
  try {
    return await next()
  } catch (error) {
    throw toRouterRedirect(error)
  }
}

/**
 * The browser's link: `${origin}/rpc`, cookies included (docs/product/messages.md): GET with the input in the
 * query string while the URL is at most 2083 characters, POST otherwise — for queries and
 * mutations alike. The CSRF header plugin is what makes a GET safe to accept for a mutation (see
 * src/server/rpc/handler.ts). `fetch` is swappable for tests.
 */
export function createRpcLink(options: { origin: string; fetch?: typeof fetch }) {
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  return new RPCLink<RpcClientContext>({
    url: `${options.origin}/rpc`,
    method: 'GET',
    maxUrlLength: RPC_MAX_GET_URL_LENGTH,
    fallbackMethod: 'POST',
    headers: ({ context }) => context?.headers ?? {},
    fetch: (request, init) => baseFetch(request, { ...init, credentials: 'include' }),
    interceptors: [convertRedirects],
    plugins: [new SimpleCsrfProtectionLinkPlugin()],
  })
}

export function createBrowserRpcClient(options: { origin: string; fetch?: typeof fetch }): RpcClient {
  return createORPCClient(createRpcLink(options))
}

/**
 * During SSR the router is called in-process with the incoming request's headers (its session
 * cookie), so loaders need no HTTP round trip; in the browser calls go over HTTP to /rpc.
 */
const getRpcClient = createIsomorphicFn()
  .server((): RpcClient =>
    createRouterClient(router, {
      context: () => createRpcContext(getRequest().headers),
      interceptors: [convertRedirects],
    }),
  )
  .client((): RpcClient => createBrowserRpcClient({ origin: window.location.origin }))

export const client: RpcClient = getRpcClient()

/** TanStack Query helpers: `orpc.plan.getAll.queryOptions()`, `orpc.business.select.mutationOptions()`. */
export const orpc = createTanstackQueryUtils(client)

export { PLAN_CACHE_MS }

/** queryOptions for the plan list, with the 24-hour cache. */
export const plansQueryOptions = () => orpc.plan.getAll.queryOptions({ staleTime: PLAN_CACHE_MS, gcTime: PLAN_CACHE_MS })
