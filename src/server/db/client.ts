import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { logger } from '~/server/logger'
import { pgliteForDrizzle } from './pglite-for-drizzle'
import * as schema from './schema'

export { schema }

/**
 * The app talks to one query-builder type. PGlite's and node-postgres' drizzle databases share
 * the PgDatabase API; this alias lets services stay ignorant of which one runs.
 */
export type Database = PgliteDatabase<typeof schema>

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  kind: DatabaseKind
  /** The PGlite instance, for the embedded database only (tests dump it as a template). */
  client?: PGlite
  /** Applies the committed migrations in `drizzle/`. Idempotent. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A postgres:// URL switches to PostgreSQL. */
  databaseUrl?: string
  /** PGlite data folder; omitted means an in-memory database (tests). */
  pgliteDir?: string
  /** Start the in-memory database from this data-directory dump (a migrated test template). */
  pgliteDump?: Blob
  migrationsFolder?: string
}

export const defaultMigrationsFolder = () => resolve(process.cwd(), 'drizzle')

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder()
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle client the server drops (restart, failover) emits 'error' on the pool; unheard,
    // Node would crash the process. The pool replaces the client on the next query.
    pool.on('error', (error) => logger.error('postgres: idle connection lost', error.message))
    const db = drizzlePg(pool, { schema }) as unknown as Database
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    }
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true })
  const client = options.pgliteDump ? new PGlite({ loadDataDir: options.pgliteDump }) : new PGlite(options.pgliteDir)
  const db = drizzlePglite(pgliteForDrizzle(client), { schema })
  let closed = false
  return {
    db,
    kind: 'pglite',
    client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (closed) return
      closed = true
      await client.close()
    },
  }
}

export const pgliteDirFor = (dataDir: string) => join(resolve(dataDir), 'pglite')
