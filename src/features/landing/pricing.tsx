import { useQuery } from '@tanstack/react-query'
import { formatDollars } from '~/features/format'
import { PlanFeatures } from '~/features/plans/plan-features'
import { StartRankingLink } from '~/features/public/start-ranking'
import { landingPlansQueryOptions } from './landing-queries'
import { cn } from '~/lib/utils'
import { SectionHeading } from './section-heading'

/** The plan a visitor is pointed to: the middle one of three, "an article a day". */
const HIGHLIGHTED_PLAN = 'Growth'

/**
 * Pricing cards from `plan.getAll`. The route loader fetched the plans during SSR, so they are
 * in the HTML; if that failed, the landing page still renders and this section says so.
 */
export function Pricing() {
  const { data: plans, isError, isPending } = useQuery(landingPlansQueryOptions())

  return (
    <section aria-labelledby="pricing" className="border-t border-border bg-card/40 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing" eyebrow="Pricing" title="One monthly price, no agency retainer">
          Every plan includes site analysis, keyword research, topic clusters, publishing to every supported CMS and Search Console insight.
          Plans differ in how many businesses you run and how many articles are written.
        </SectionHeading>
        {plans && plans.length > 0 ? (
          <ul className="mt-14 grid gap-6 md:grid-cols-3 md:gap-y-0">
            {plans.map((plan) => {
              const highlighted = plan.name === HIGHLIGHTED_PLAN
              return (
                <li
                  key={plan.id}
                  // Side by side, the cards share the list's rows (subgrid): a longer description
                  // in one card moves every card's price down with it, so the prices stay level.
                  className={cn(
                    'flex flex-col rounded-lg border border-border bg-card p-6 md:row-span-5 md:grid md:grid-rows-subgrid',
                    highlighted && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-lg font-semibold tracking-tight">{plan.name}</h3>
                    {highlighted && (
                      <span className="rounded-md bg-primary/15 px-2 py-0.5 text-xs font-medium text-violet-200">An article a day</span>
                    )}
                  </div>
                  <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
                  <p className="mt-6" data-slot="plan-price">
                    <span className="text-4xl font-bold tracking-tight">{formatDollars(plan.price)}</span>
                    <span className="text-sm text-muted-foreground"> / month</span>
                  </p>
                  <PlanFeatures plan={plan} className="mt-6" />
                  <div className="mt-auto pt-8">
                    <StartRankingLink className="w-full" />
                  </div>
                </li>
              )
            })}
          </ul>
        ) : (
          <p role={isError ? 'alert' : 'status'} className="mx-auto mt-14 max-w-xl text-center text-muted-foreground">
            {isPending
              ? 'Loading plans…'
              : isError
                ? 'The plans could not be loaded just now. Reload the page to see them.'
                : 'Plans are being set up. Check back shortly.'}
          </p>
        )}
      </div>
    </section>
  )
}
