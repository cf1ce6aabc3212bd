import { DAY_MS } from '~/shared/time'

/** The plan list is cached for 24 hours. */
export const PLAN_CACHE_MS = DAY_MS
