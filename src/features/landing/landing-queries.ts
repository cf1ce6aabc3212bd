import { queryOptions } from '@tanstack/react-query'
import type { RpcClient } from '~/lib/orpc'
import { PLAN_CACHE_MS } from '~/shared/plans'

/**
 * The landing page calls the same procedures as the app (plan.getAll, newsletter.add), but loads
 * the oRPC client only when it needs it: on the server for SSR, in the browser on a refetch or a
 * submit. The public page's JavaScript then carries no RPC client (its budget: docs/product/limits.md).
 */
const rpc = async () => (await import('~/lib/orpc')).client

export type LandingPlan = Awaited<ReturnType<RpcClient['plan']['getAll']>>[number]

export const landingPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['landing', 'plans'],
    queryFn: async () => (await rpc()).plan.getAll(),
    staleTime: PLAN_CACHE_MS,
    gcTime: PLAN_CACHE_MS,
  })

export const subscribeToNewsletter = async (input: { email: string }) => (await rpc()).newsletter.add(input)
