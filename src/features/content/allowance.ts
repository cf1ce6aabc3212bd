import { pluralize } from '~/features/format'
import type { BillingOverview } from '~/lib/rpc-outputs'

/**
 * What the month's allowance means for the articles still to come, when it is used up on a plan
 * without pay-per-article overage: null otherwise (including while unknown).
 */
export function allowanceNotice(overview: BillingOverview | undefined): { title: string; description: string; upgrade: boolean } | null {
  const plan = overview?.plan
  if (!overview || !plan || plan.hasMeteredPricing || overview.articlesUsed < overview.articlesIncluded) return null
  const selfHosted = overview.billing === 'off'
  return {
    title: 'This month’s articles are used up',
    description: selfHosted
      ? `You have used all ${pluralize(overview.articlesIncluded, 'article')} this server allows per account this month. Planned articles wait until the allowance renews on ${overview.renewsOn}.`
      : `You have used all ${pluralize(overview.articlesIncluded, 'article')} of your ${plan.name} plan this month. Planned articles wait until your allowance renews on ${overview.renewsOn}, or upgrade your plan to have them written now.`,
    upgrade: !selfHosted,
  }
}
