import { CheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatDollars, pluralize } from '~/features/format'
import { cn } from '~/lib/utils'

/** The plan fields its feature list is made of (plan.getAll rows). */
export interface PlanFacts {
  businessLimit: number
  articlesPerMonth: number
  hasMeteredPricing: boolean
  meteredUnitPrice: number | null
  meteredUnit: string | null
}

/** What a plan includes, as on every pricing card (landing and paywall). */
export function PlanFeatures({ plan, className }: { plan: PlanFacts; className?: string }) {
  return (
    <ul className={cn('grid gap-2 text-sm', className)}>
      <PlanFeature>{pluralize(plan.businessLimit, 'business', 'businesses')}</PlanFeature>
      <PlanFeature>{pluralize(plan.articlesPerMonth, 'article')} a month</PlanFeature>
      {plan.hasMeteredPricing && plan.meteredUnitPrice != null ? (
        <PlanFeature>
          Extra {plan.meteredUnit ?? 'article'}s at {formatDollars(plan.meteredUnitPrice)} each
        </PlanFeature>
      ) : (
        <PlanFeature>No overage charges</PlanFeature>
      )}
    </ul>
  )
}

function PlanFeature({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <CheckIcon aria-hidden="true" className="size-4 shrink-0 text-violet-300" />
      {children}
    </li>
  )
}
