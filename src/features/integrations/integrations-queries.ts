import { orpc } from '~/lib/orpc'
import type { RpcOutputs } from '~/lib/rpc-outputs'

/*
 * The Integrations screen's queries: the route's loader ensures them, the screen reads them with
 * useSuspenseQuery (docs/decisions/0019-screen-data-loading.md).
 */

/**
 * The business's connectors, its JSON feed and its Search Console link (integration.list). While
 * Search Console's import runs, the screen follows it (a few seconds to minutes).
 */
export const integrationListQuery = (businessId: string) =>
  orpc.integration.list.queryOptions({
    input: { businessId },
    refetchInterval: (query) => (query.state.data?.searchConsole?.syncStatus === 'syncing' ? 3000 : false),
  })

export type IntegrationList = RpcOutputs['integration']['list']
export type Integration = IntegrationList['integrations'][number]
export type ConnectionTest = RpcOutputs['integration']['test']['test']

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

/** "March 4, 2026 at 3:05 PM UTC": English (US) long-month style, in UTC so server and browser agree. */
export const formatDateTime = (value: Date | string) => `${dateTime.format(new Date(value))} UTC`

/** Where a headless site reads the published articles: the JSON feed, its token as the password. */
export const feedAddress = (appUrl: string, businessId: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}/api/feed/${encodeURIComponent(businessId)}.json?token=${encodeURIComponent(token)}`
