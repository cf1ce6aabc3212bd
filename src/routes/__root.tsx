/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { Toaster } from '~/components/ui/toaster'
import { getPublicConfig } from '~/lib/public-config'
import appCss from '~/styles/app.css?url'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: () => getPublicConfig(),
  staleTime: Number.POSITIVE_INFINITY,
  head: ({ loaderData }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'color-scheme', content: 'dark' },
      { title: `${loaderData?.appName ?? 'Rankpilot'} | seo on auto-pilot` },
    ],
    links: [{ rel: 'stylesheet', href: appCss }],
  }),
  shellComponent: RootDocument,
  component: Outlet,
  notFoundComponent: () => <p className="p-6 text-muted-foreground">Not Found</p>,
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
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster />
        <Scripts />
      </body>
    </html>
  )
}
