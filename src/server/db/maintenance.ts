import { PGlite } from '@electric-sql/pglite'
import type { Database } from './client'

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs. Left alone, the
 * planner has no statistics (every row estimate is a guess), the visibility map is never set (an
 * index-only scan still reads every heap row: a 300-keyword count took 1.7 ms instead of 0.6 ms)
 * and dead rows pile up. `VACUUM (ANALYZE)` does autovacuum's work: once after boot's seeding and
 * then hourly (the `maintenance.vacuum` job). A PostgreSQL server vacuums itself: nothing to do.
 *
 * Answers whether it ran. PGlite serves one statement at a time, so requests wait for it: about
 * 0.2 s on a small database, 1 s on a freshly seeded one (docs/decisions/0008).
 */
export async function maintainDatabase(db: Database): Promise<boolean> {
  // drizzle keeps the driver's client on every database it makes; the shared Database type omits it.
  const client = (db as { $client?: unknown }).$client
  if (!(client instanceof PGlite)) return false
  await client.exec('VACUUM (ANALYZE)')
  return true
}
