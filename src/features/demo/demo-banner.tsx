import { getRouteApi } from '@tanstack/react-router'
import { FlaskConical } from 'lucide-react'

const rootRoute = getRouteApi('__root__')

/**
 * The demo-mode announcement (docs/product/services.md), on every page: which services answer from our
 * simulations, so nothing simulated passes for real data.
 */
export function DemoBanner() {
  // The shell also wraps the root's own error page, when there is no loader data.
  const demo = rootRoute.useLoaderData()?.demo
  if (!demo) return null
  const text = `Simulated, not real data: ${demo.simulated.join(', ')}. Add the services’ credentials to .env to use them for real.`
  return (
    <>
      {/* The sidebar's full height leaves room for this line on wide screens (app-shell.tsx). */}
      <style>{'@media (min-width: 48rem) { :root { --demo-banner-height: 2rem } }'}</style>
      <div
        role="status"
        aria-label="Demo mode"
        title={text}
        className="flex items-center justify-center gap-2 border-b border-amber-500/30 bg-amber-500/10 px-4 py-1.5 text-center text-xs text-amber-200 md:h-8 md:py-0"
      >
        <FlaskConical aria-hidden className="size-3.5 shrink-0" />
        <strong className="shrink-0 font-semibold">Demo mode</strong>
        <span className="md:truncate">{text}</span>
      </div>
    </>
  )
}
