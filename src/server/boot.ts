import { closeDatabase, getDatabaseHandle } from './db'
import { seedPlans } from './db/seed'
import { logger } from './logger'

const globalForBoot = globalThis as typeof globalThis & { __rankpilotBoot?: Promise<void> }

/** Migrates and seeds once per process; every request path can await it cheaply. */
export function bootServer(): Promise<void> {
  globalForBoot.__rankpilotBoot ??= (async () => {
    const handle = getDatabaseHandle()
    await handle.migrate()
    await seedPlans(handle.db)
    logger.info(`database ready (${handle.kind})`)
  })()
  return globalForBoot.__rankpilotBoot
}

export async function shutdownServer() {
  globalForBoot.__rankpilotBoot = undefined
  await closeDatabase()
}
