import { env } from '~/env'
import { getAuth } from '~/server/app/auth'
import { oauthTokenKey, protectTokensAtRest } from '~/server/auth/tokens-at-rest'
import { closeDatabase, getDatabaseHandle } from '~/server/db'
import { maintainDatabase } from '~/server/db/maintenance'
import { seedPlans } from '~/server/db/seed'
import { analyzeDemoCompetitors, demoAccountEnabled, recreateDemoAccount } from '~/server/demo/demo-account'
import { stopDemoArticles, writeDemoArticles, writeDemoArticlesInBackground } from '~/server/demo/demo-articles'
import { connectDemoCms, publishDemoArticles } from '~/server/demo/demo-publishing'
import { replayDemoResearch } from '~/server/demo/demo-research'
import { demoSiteDirectory, linkDemoGoogle, syncDemoSearchConsole } from '~/server/demo/demo-search-console'
import { encryptionKeys } from '~/server/publishing/crypto'
import { appPublishingDeps, reencryptSecrets } from '~/server/publishing/integrations.service'
import { startJobs, stopJobs } from '~/server/jobs'
import { logger } from '~/server/logger'
import { getProviders } from '~/server/providers'
import { setDemoSiteDirectory, startDemoNetwork, stopDemoNetwork } from '~/server/providers/demo-mode'
import { providerModes } from '~/server/providers/modes'
import { JOB_KINDS, JOB_SCHEDULES } from './job-kinds'
import { globalSlot, singleton } from '~/server/singleton'

const BOOT_KEY = '__rankpilotBoot'

/** Migrates and seeds once per process; every request path can await it cheaply. */
export function bootServer(): Promise<void> {
  return singleton(BOOT_KEY, async () => {
    // Before anything can call a provider: demo-mode vendors answer from their in-process mocks.
    startDemoNetwork(env())
    const handle = getDatabaseHandle()
    await handle.migrate()
    await seedPlans(handle.db)
    // Rows written before tokens were protected at rest (docs/decisions/0015-tokens-at-rest.md).
    const tokenKey = await oauthTokenKey(getAuth())
    const tokens = await protectTokensAtRest(handle.db, tokenKey)
    if (tokens.accounts + tokens.idTokens + tokens.verifications > 0)
      logger.info(
        `tokens protected at rest: ${tokens.accounts} accounts' OAuth tokens encrypted, ${tokens.idTokens} id tokens dropped, ${tokens.verifications} verification identifiers hashed`,
      )
    const providers = getProviders({ db: handle.db, auth: getAuth() })
    // Demo Google: Search Console's mock serves each user's own sites and pages, read from this database.
    const demoGoogle = providerModes(env()).google === 'demo'
    if (demoGoogle) setDemoSiteDirectory(demoSiteDirectory(handle.db))
    if (demoAccountEnabled(env())) {
      const demo = await recreateDemoAccount(handle.db, env())
      if (demoGoogle) await linkDemoGoogle(handle.db, demo.userId, tokenKey)
      await analyzeDemoCompetitors(handle.db, providers, demo.businessId)
      const publishingDeps = appPublishingDeps()
      await connectDemoCms(handle.db, demo.businessId, env(), publishingDeps)
      const keywords = await replayDemoResearch(handle.db, providers, demo.businessId)
      logger.info(`demo account ready (${keywords} keywords planned by research on the mocks); writing its articles`)
      writeDemoArticlesInBackground(async (signal) => {
        const written = await writeDemoArticles(handle.db, providers, demo.businessId, new Date(), signal)
        await publishDemoArticles(handle.db, demo.businessId, { ...publishingDeps, dataDir: env().DATA_DIR, signal })
        // Search Console last: its data is about the pages just published.
        if (demoGoogle && !signal.aborted) {
          const synced = await syncDemoSearchConsole(handle.db, demo.businessId, providers.searchConsole(demo.userId), signal)
          if (synced)
            logger.info(`demo Search Console: ${synced.siteUrl} synced (${synced.outcome.status}) in ${(synced.ms / 1000).toFixed(1)} s`)
        }
        return written
      }, logger)
    }
    const rotated = await reencryptSecrets(handle.db, encryptionKeys(env()))
    if (rotated > 0) logger.info(`publishing credentials re-encrypted with the current ENCRYPTION_KEY: ${rotated}`)
    // The embedded database has no autovacuum: statistics and the visibility map for what was just written.
    await maintainDatabase(handle.db)
    logger.info(`database ready (${handle.kind})`)
    await startJobs(handle, { kinds: JOB_KINDS, schedules: JOB_SCHEDULES, providers, work: env().JOB_WORKER })
  })
}

export async function shutdownServer() {
  globalSlot<Promise<void>>(BOOT_KEY).set(undefined)
  // Jobs and the demo's article writer first: they still call providers and write to the database as they wind down.
  await stopDemoArticles()
  await stopJobs()
  stopDemoNetwork()
  setDemoSiteDirectory(null)
  await closeDatabase()
}
