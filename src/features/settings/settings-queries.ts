import { orpc } from '~/lib/orpc'

/*
 * The Settings screen's queries: the route's loader ensures them, its cards read them with
 * useSuspenseQuery (docs/decisions/0019-screen-data-loading.md). The account cards' better-auth
 * lists (auth-queries.ts) and the notification settings are read in the browser only: the first
 * comes from the auth client, the second proposes the browser's time zone.
 */

/** The current business's profile, site structure, seeds, article settings and voice (settings.get). */
export const businessSettingsQuery = () => orpc.settings.get.queryOptions()

/** The user's businesses: the picker above the Business section, and Delete business. */
export const businessListQuery = () => orpc.business.list.queryOptions()

/** The plan and this billing period's usage (billing.overview). */
export const billingOverviewQuery = () => orpc.billing.overview.queryOptions()

/** The user's API keys (apiKey.list). */
export const apiKeyListQuery = () => orpc.apiKey.list.queryOptions()
