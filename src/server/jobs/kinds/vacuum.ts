import { z } from 'zod'
import { maintainDatabase } from '~/server/db/maintenance'
import { defineJob } from '../define'

/** Every hour at minute 41 (off the hour, away from everyone else's cron). */
export const VACUUM_CRON = '41 * * * *'

/** The embedded database's stand-in for autovacuum (maintainDatabase); a no-op on PostgreSQL. */
export const vacuumJob = defineJob({
  name: 'maintenance.vacuum',
  input: z.object({}),
  retry: { retryLimit: 1, retryDelaySeconds: 300 },
  handler: async ({ db }) => ({ vacuumed: await maintainDatabase(db) }),
})
