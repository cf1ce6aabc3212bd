import { env } from '~/env'
import { openDatabase, pgliteDirFor, type Database, type DatabaseHandle } from './client'
import { globalSlot, singleton } from '~/server/singleton'

export { schema, type Database, type DatabaseHandle } from './client'

const DB_KEY = '__rankpilotDb'

/**
 * The process's one database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under
 * DATA_DIR. One PGlite instance per process, kept on globalThis so dev reloads reuse it.
 */
export function getDatabaseHandle(): DatabaseHandle {
  return singleton(DB_KEY, () => {
    const current = env()
    return openDatabase(current.DATABASE_URL ? { databaseUrl: current.DATABASE_URL } : { pgliteDir: pgliteDirFor(current.DATA_DIR) })
  })
}

export const getDb = (): Database => getDatabaseHandle().db

/** Closes the process's database if it was opened. */
export async function closeDatabase() {
  const slot = globalSlot<DatabaseHandle>(DB_KEY)
  const handle = slot.get()
  slot.set(undefined)
  await handle?.close()
}
