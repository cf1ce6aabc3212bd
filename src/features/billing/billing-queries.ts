import { orpc } from '~/lib/orpc'

/*
 * The plan and usage query the screens share: Content's allowance notice and the paywall's
 * current-plan mark read it (docs/decisions/0019-screen-data-loading.md). Settings' billing
 * section reads the same procedure under the same key (settings-queries.ts).
 */

/** The plan and this billing period's usage (billing.overview); a paid procedure (PLAN_REQUIRED without a plan). */
export const billingOverviewQuery = () => orpc.billing.overview.queryOptions()
