import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { plansQueryOptions } from '~/lib/orpc'
import { toastWithRetry } from '~/lib/toast'
import { e2eTestRoutesEnabled, loadFallbacksPage } from '~/server/e2e/fallbacks'

/**
 * TESTS ONLY (tests/e2e/fallbacks.e2e.ts): the fallbacks and notifications on demand. Served only
 * when the server runs with E2E_TEST_ROUTES=true; anywhere else this URL is the 404 page.
 *
 * Search: `key` names one test's load counter; `fail` makes the first load fail (the route error
 * page, then Try Again); `delay` (ms, ≤ 5000) slows the load (pending bar, full-page spinner).
 */

interface FallbacksSearch {
  key?: string
  fail?: boolean
  delay?: number
}

const loadFallbacks = createServerFn({ method: 'POST' })
  .validator((input: { key: string; fail: boolean; delayMs: number }) => ({
    key: String(input.key).slice(0, 100),
    fail: input.fail === true,
    delayMs: Math.min(Math.max(Number(input.delayMs) || 0, 0), 5000),
  }))
  .handler(({ data }) => {
    if (!e2eTestRoutesEnabled()) throw notFound()
    return loadFallbacksPage(data)
  })

export const Route = createFileRoute('/e2e/fallbacks')({
  validateSearch: (search: Record<string, unknown>): FallbacksSearch => ({
    key: typeof search.key === 'string' ? search.key : undefined,
    fail: search.fail === true || search.fail === 'true' ? true : undefined,
    delay: typeof search.delay === 'number' ? search.delay : undefined,
  }),
  loaderDeps: ({ search }) => ({ key: search.key ?? 'default', fail: search.fail === true, delayMs: search.delay ?? 0 }),
  loader: ({ deps }) => loadFallbacks({ data: deps }),
  head: () => ({ meta: [{ title: 'Fallbacks test page' }, { name: 'robots', content: 'noindex' }] }),
  component: FallbacksTestPage,
})

function FallbacksTestPage() {
  const { loads } = Route.useLoaderData()
  const [retries, setRetries] = useState(0)
  const [plansShown, setPlansShown] = useState(false)
  return (
    <main className="mx-auto grid max-w-2xl gap-8 px-6 py-12">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Fallbacks test page</h1>
        <p className="text-muted-foreground">Loaded {loads} time(s) for this key.</p>
        <Link to="/e2e/fallbacks" search={{ key: 'slow', delay: 1800 }} className="text-primary underline">
          A slow load
        </Link>
      </header>

      <section className="grid gap-2">
        <h2 className="font-medium">Retry toast</h2>
        <div>
          <Button onClick={() => toastWithRetry('Could not refresh the report', () => setRetries((count) => count + 1))}>
            Show retry toast
          </Button>
        </div>
        <p role="status">Retried {retries} time(s)</p>
      </section>

      <section className="grid gap-2">
        <h2 className="font-medium">Error panel</h2>
        <ErrorPanel error={new Error('The error panel test message')} />
      </section>

      <section className="grid gap-2">
        <h2 className="font-medium">Failing query</h2>
        <div>
          <Button variant="outline" onClick={() => setPlansShown(true)}>
            Load plans
          </Button>
        </div>
        {plansShown && <PlansProbe />}
      </section>
    </main>
  )
}

/** A component query (useQuery, default retries) on a real procedure the test makes fail. */
function PlansProbe() {
  const plans = useQuery(plansQueryOptions())
  return <p>Plans: {plans.status}</p>
}
