import { getRouteApi } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AppLogo } from '~/components/app-logo'
import { SiteFooter } from '~/components/site-footer'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card'

const rootRoute = getRouteApi('__root__')

interface AuthLayoutProps {
  title: string
  description: ReactNode
  children: ReactNode
  /** Links to the other auth pages, under the card body. */
  footer?: ReactNode
}

/**
 * The centred card every sign-in, sign-up and password page shares, above the site footer
 * (the footer is on every page outside the app layout: docs/product/routes.md).
 */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  const { appName } = rootRoute.useLoaderData()
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex flex-1 flex-col items-center justify-center gap-8 px-4 py-12">
        <AppLogo appName={appName} className="text-lg" />
        <Card className="w-full max-w-sm">
          <CardHeader>
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">{children}</CardContent>
          {footer && <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter>}
        </Card>
      </main>
      <SiteFooter />
    </div>
  )
}
