/** The plan list is cached for 24 hours. */
export const PLAN_CACHE_MS = 24 * 60 * 60 * 1000
