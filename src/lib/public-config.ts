import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { readPublicConfig } from '~/server/config/public-config'

export const getPublicConfig = createServerFn({ method: 'POST' }).handler(() => readPublicConfig())

/**
 * The same configuration for route guards (`beforeLoad` runs before the root loader has data):
 * fetched once per browser, as it only changes with a restart.
 */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: () => getPublicConfig(), staleTime: Number.POSITIVE_INFINITY })
