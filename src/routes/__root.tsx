/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, ScriptOnce } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { FullPageSpinner } from '~/components/fallbacks/full-page-spinner'
import { NotFoundPage } from '~/components/fallbacks/not-found-page'
import { RootErrorPage } from '~/components/fallbacks/route-error-page'
import { RoutePendingBar } from '~/components/fallbacks/route-pending-bar'
import { HeadContent } from '~/components/head-content'
import { BodyScripts } from '~/components/body-scripts'
import { Toaster } from '~/components/ui/toaster'
import { DemoBanner } from '~/features/demo/demo-banner'
import { getPublicConfig } from '~/lib/public-config'
import { copyrightYear } from '~/shared/contact'
import appCss from '~/styles/app.css?url'

export interface RouterContext {
  queryClient: QueryClient
}

interface HeadMatch {
  status: string
  _notFound?: boolean
}

/** A not-found anywhere in the matches: the 404 page is what renders. */
const isNotFoundPage = (matches: readonly HeadMatch[]) => matches.some((match) => match._notFound || match.status === 'notFound')

/**
 * Zod compiles faster object parsers with `new Function` where it may, and probes for it when the
 * first object schema is built. The pages' Content-Security-Policy allows no eval, so the probe
 * alone is reported as a violation: the browser's Zod is told not to try. It must be told before
 * any schema module runs, hence a script in the head, ahead of the app's modules (carrying the
 * request's nonce); Zod reads its settings from this global, which `z.config()` writes.
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The footer's year comes from the server with the page, so the browser hydrates the same text.
  loader: async () => ({ ...(await getPublicConfig()), copyrightYear: copyrightYear(new Date()) }),
  staleTime: Number.POSITIVE_INFINITY,
  head: ({ loaderData, matches }) => {
    const appName = loaderData?.appName ?? 'Rankpilot'
    const notFound = isNotFoundPage(matches)
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'color-scheme', content: 'dark' },
        { title: notFound ? `Page not found | ${appName}` : `${appName} | seo on auto-pilot` },
        ...(notFound ? [{ name: 'robots', content: 'noindex' }] : []),
      ],
      links: [
        { rel: 'stylesheet', href: appCss },
        { rel: 'icon', href: '/logo.svg', type: 'image/svg+xml' },
      ],
    }
  },
  shellComponent: RootDocument,
  component: Outlet,
  // The fallbacks (src/components/fallbacks/, docs/product/routes.md): every unmatched URL, and every notFound()
  // without a closer notFoundComponent, renders the 404 page with HTTP 404; a failure of the
  // root itself (its loader) gets the route error page over the whole window.
  notFoundComponent: NotFoundPage,
  errorComponent: RootErrorPage,
  pendingComponent: FullPageSpinner,
})

function RootDocument({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Browser tests wait for this before clicking: a click before hydration would submit a form
    // as a plain GET.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en" className="dark">
      <head>
        <HeadContent />
        <ScriptOnce>{ZOD_JITLESS}</ScriptOnce>
      </head>
      <body className="min-h-screen">
        <RoutePendingBar />
        <DemoBanner />
        {children}
        <Toaster />
        <BodyScripts />
      </body>
    </html>
  )
}
