import { z } from 'zod'
import { maintainDatabase } from '~/server/db/maintenance'
import { defineJob } from '~/server/jobs/define'
import { purgeExpired } from './purge-expired'

/** Every hour at minute 41 (off the hour, away from everyone else's cron). */
export const VACUUM_CRON = '41 * * * *'

/** The embedded database's stand-in for autovacuum (maintainDatabase); a no-op on PostgreSQL. */
export const vacuumJob = defineJob({
  name: 'maintenance.vacuum',
  input: z.object({}),
  retry: { retryLimit: 1, retryDelaySeconds: 300 },
  handler: async ({ db }) => ({ vacuumed: await maintainDatabase(db) }),
})

/** Every day at 03:17 UTC (off the hour, away from everyone else's cron). */
export const PURGE_EXPIRED_CRON = '17 3 * * *'

export const purgeExpiredJob = defineJob({
  name: 'maintenance.purge-expired',
  input: z.object({}),
  retry: { retryLimit: 3, retryDelaySeconds: 60 },
  handler: ({ db }) => purgeExpired(db),
})
