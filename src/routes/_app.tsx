import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { AppShell } from '~/features/shell/app-shell'
import { publicConfigQueryOptions } from '~/lib/public-config'
import { getSession } from '~/lib/session'
import { decideAccess, shouldBypassCookieCache } from '~/shared/access-gate'

export interface AppSearch {
  /** Added by the checkout provider (Polar) to the return address after payment. */
  customer_session_token?: string
}

export const Route = createFileRoute('/_app')({
  // Anything but a string (e.g. `?customer_session_token=123`, parsed as a number) is dropped.
  // The key is always returned: the router merges validated search over the raw one, so an
  // omitted key would keep the raw number.
  validateSearch: (search: Record<string, unknown>): AppSearch => ({
    customer_session_token: typeof search.customer_session_token === 'string' ? search.customer_session_token : undefined,
  }),
  // beforeLoad runs on every navigation (loaders may be cached): the access gate (docs/product/routes.md).
  // The billing mode of the public config decides whether a plan is needed at all (self-hosted: no).
  beforeLoad: async ({ context, location, search }) => {
    const [session, config] = await Promise.all([
      getSession({ data: { disableCookieCache: shouldBypassCookieCache(location.pathname) } }),
      context.queryClient.ensureQueryData(publicConfigQueryOptions()),
    ])
    const decision = decideAccess({
      session,
      pathname: location.pathname,
      customerSessionToken: search.customer_session_token,
      billing: config.billing,
    })
    if (decision?.search) throw redirect({ to: decision.to, search: decision.search })
    if (decision) throw redirect({ to: decision.to })
    // decideAccess already sent a missing session to "/"; this only narrows the type.
    if (!session?.user) throw redirect({ to: '/' })
    // The checkout's token has been read (the gate above): it leaves the address bar, replacing
    // the history entry, so it is neither bookmarked, shared nor sent on as a referrer.
    if (search.customer_session_token !== undefined) throw redirect({ href: withoutCheckoutToken(location.href), replace: true })
    return { session: session.session, user: session.user }
  },
  component: AppLayout,
})

/** The same address without `customer_session_token` (path, other search values and hash kept). */
export function withoutCheckoutToken(href: string) {
  const url = new URL(href, 'http://app.invalid')
  url.searchParams.delete('customer_session_token')
  return `${url.pathname}${url.search}${url.hash}`
}

function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
