import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { FullPageSpinner } from '~/components/fallbacks/full-page-spinner'
import { NotFoundParagraph } from '~/components/fallbacks/not-found-page'
import { RouteErrorPage } from '~/components/fallbacks/route-error-page'
import { createQueryClient } from '~/lib/query-client'
import { routeTree } from './routeTree.gen'

/** Called once per SSR request and once in the browser: each gets its own QueryClient. */
export function getRouter() {
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // Spec §2: no scroll restoration, no preloading.
    scrollRestoration: false,
    defaultPreload: false,
    // Spec §2 fallbacks. A route with its own designed states (skeleton, list error) sets
    // pendingComponent / errorComponent; the rest get these. The root route sets the 404 page.
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundParagraph,
    defaultPendingComponent: FullPageSpinner,
  })
  // Also makes a redirect thrown by a component's query or mutation (e.g. a procedure's
  // `data.redirectTo`, see src/lib/orpc.ts) navigate: its handleRedirects option, on by default.
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
