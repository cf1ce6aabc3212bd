import { sql, type SQL } from 'drizzle-orm'
import { fromPglite, PgBoss, type ConstructorOptions, type Db } from 'pg-boss'
import type pg from 'pg'
import type { Database, DatabaseHandle } from '~/server/db'

/** How often pg-boss looks for work and for dead workers; tests shorten them. */
export interface JobTimings {
  /** Idle poll of each worker (≥ 0.5). */
  pollingIntervalSeconds: number
  /** How often expired attempts and lapsed heartbeats are failed over to a retry. */
  monitorIntervalSeconds: number
  cronMonitorIntervalSeconds: number
}

export const DEFAULT_JOB_TIMINGS: JobTimings = {
  pollingIntervalSeconds: 1,
  monitorIntervalSeconds: 15,
  cronMonitorIntervalSeconds: 30,
}

/**
 * pg-boss on the app's own database. PGlite has one connection, shared with the app through
 * pg-boss' adapter (stack.md). PostgreSQL gets pg-boss' own small pool on the same connection
 * string: its fetch uses SKIP LOCKED, so any number of worker processes can share the database.
 */
export function createBoss(handle: DatabaseHandle, timings: JobTimings): PgBoss {
  const shared: ConstructorOptions = {
    monitorIntervalSeconds: timings.monitorIntervalSeconds,
    superviseIntervalSeconds: timings.monitorIntervalSeconds,
    cronMonitorIntervalSeconds: timings.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: Math.min(5, timings.cronMonitorIntervalSeconds),
  }
  if (handle.kind === 'pglite') {
    if (!handle.client) throw new Error('jobs: the PGlite handle has no client')
    return new PgBoss({ ...shared, db: fromPglite(handle.client), backend: 'pglite' })
  }
  // drizzle keeps the node-postgres pool it was built on as $client; its options hold the URL.
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client
  const connectionString = (pool.options as { connectionString?: string }).connectionString
  if (!connectionString) throw new Error('jobs: the PostgreSQL handle has no connection string')
  return new PgBoss({ ...shared, connectionString, max: 4, application_name: 'rankpilot-jobs' })
}

/**
 * pg-boss' database interface over a drizzle transaction, so a pg-boss `send` commits or rolls
 * back together with our own rows. pg-boss passes `$n` placeholders; they become drizzle params.
 */
export function bossDbFor(tx: Pick<Database, 'execute'>): Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = []
      let last = 0
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1]}`)
        last = match.index + match[0].length
      }
      chunks.push(sql.raw(text.slice(last)))
      const result = await tx.execute(sql.join(chunks))
      return { rows: (result as unknown as { rows: unknown[] }).rows }
    },
  }
}
