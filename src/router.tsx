import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { followRpcRedirects } from '~/lib/orpc'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // Spec §2: no scroll restoration, no preloading.
    scrollRestoration: false,
    defaultPreload: false,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  // A redirect thrown by a procedure inside a component's query or mutation navigates too
  // (loaders follow thrown redirects by themselves). No-op on the server.
  followRpcRedirects({ queryClient, router })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
