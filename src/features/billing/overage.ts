import { formatDollars, pluralize } from '~/features/format'
import type { BillingOverview } from '~/lib/rpc-outputs'

/**
 * The billing card's line about extra articles on a metered plan (docs/product/billing.md): the
 * extra articles so far and what they come to, as Polar's meter counts them, or, before there
 * are any, what one would cost. `amount` is the part to stress; null on a plan without overage.
 */
export function overageLine(overview: BillingOverview): { amount: string | null; text: string } | null {
  const plan = overview.plan
  if (!plan || overview.billing === 'off' || !plan.hasMeteredPricing || plan.meteredUnitPrice === null) return null
  const price = formatDollars(plan.meteredUnitPrice)
  const extra = overview.overArticles
  if (extra === 0)
    return {
      amount: null,
      text:
        overview.articlesUsed >= overview.articlesIncluded
          ? `Allowance used: each further article this month costs ${price}, billed at the end of the period.`
          : `Past the allowance, extra articles cost ${price} each, billed at the end of the period.`,
    }
  // Articles written before a price change keep their price: then only the total is shown.
  const atOnePrice = Math.abs(extra * plan.meteredUnitPrice - overview.overageCost) < 0.005
  return {
    amount: `${pluralize(extra, 'extra article')}${atOnePrice ? ` × ${price}` : ''} = ${formatDollars(overview.overageCost)}`,
    text: 'projected so far, billed at the end of the period on top of your plan.',
  }
}
