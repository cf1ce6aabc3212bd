import { env } from '~/env'
import { openDatabase, pgliteDirFor, type Database, type DatabaseHandle } from './client'

export { schema, type Database, type DatabaseHandle } from './client'

const globalForDb = globalThis as typeof globalThis & { __rankpilotDb?: DatabaseHandle }

/**
 * The process's one database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under
 * DATA_DIR. One PGlite instance per process, kept on globalThis so dev reloads reuse it.
 */
export function getDatabaseHandle(): DatabaseHandle {
  if (!globalForDb.__rankpilotDb) {
    const current = env()
    globalForDb.__rankpilotDb = openDatabase(
      current.DATABASE_URL ? { databaseUrl: current.DATABASE_URL } : { pgliteDir: pgliteDirFor(current.DATA_DIR) },
    )
  }
  return globalForDb.__rankpilotDb
}

export const getDb = (): Database => getDatabaseHandle().db

/** Closes the process's database if it was opened. */
export async function closeDatabase() {
  const handle = globalForDb.__rankpilotDb
  globalForDb.__rankpilotDb = undefined
  await handle?.close()
}
