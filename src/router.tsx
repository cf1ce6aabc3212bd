import { createRouter } from '@tanstack/react-router'
import { getGlobalStartContext } from '@tanstack/react-start'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { FullPageSpinner } from '~/components/fallbacks/full-page-spinner'
import { NotFoundParagraph } from '~/components/fallbacks/not-found-page'
import { RouteErrorPage } from '~/components/fallbacks/route-error-page'
import { createQueryClient } from '~/lib/query-client'
import { yieldToMain } from '~/lib/yield-to-main'
import { routeTree } from './routeTree.gen'

/** Called once per SSR request and once in the browser: each gets its own QueryClient. */
export function getRouter() {
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // No scroll restoration, no preloading (docs/product/routes.md).
    scrollRestoration: false,
    defaultPreload: false,
    // The fallbacks (docs/product/routes.md). A route with its own designed states (skeleton, list error) sets
    // pendingComponent / errorComponent; the rest get these. The root route sets the 404 page.
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundParagraph,
    defaultPendingComponent: FullPageSpinner,
    // The Content-Security-Policy nonce of this request (src/server.ts passes it in the request
    // context): TanStack writes it on the SSR scripts and into a csp-nonce meta tag, where the
    // browser's router reads it back (on the client this is undefined until hydration does).
    ssr: { nonce: getGlobalStartContext()?.nonce },
    // In the browser, reading the server's data (and rendering from it) starts one task after the
    // router is built: two shorter tasks instead of one long one while the page hydrates, so a tap
    // meanwhile is answered sooner (Total Blocking Time, docs/product/limits.md).
    hydrate: () => yieldToMain(),
  })
  // Also makes a redirect thrown by a component's query or mutation (e.g. a procedure's
  // `data.redirectTo`, see src/lib/orpc.ts) navigate: its handleRedirects option, on by default.
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
    /** What src/server.ts passes to TanStack Start's handler with every request. */
    server: { requestContext: { nonce: string } }
  }
}
