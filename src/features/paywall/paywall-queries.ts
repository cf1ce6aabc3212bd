import { plansQueryOptions } from '~/lib/orpc'

/*
 * The paywall's queries: the route's loader ensures the plans and the cards read them with
 * useSuspenseQuery (docs/decisions/0019-screen-data-loading.md). The current plan's mark comes
 * from billing.overview (billingOverviewQuery, billing-queries.ts), prefetched and read without
 * suspense: a failure of it still shows the plans.
 */

/** Every plan on offer, cheapest first, with the 24-hour cache (plan.getAll). */
export const planListQuery = () => plansQueryOptions()

export { billingOverviewQuery } from '~/features/billing/billing-queries'
