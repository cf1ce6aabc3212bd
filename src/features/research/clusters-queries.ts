import { orpc } from '~/lib/orpc'

/*
 * The Keywords screen's Clusters tab's queries: the route's loader ensures them, the tab reads
 * them with useSuspenseQuery (docs/decisions/0019-screen-data-loading.md).
 */

/** The business's topics, each with its pillar and supporting keywords (cluster.list). */
export const clusterListQuery = (businessId: string) => orpc.cluster.list.queryOptions({ input: { businessId } })
