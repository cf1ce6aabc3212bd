import { eq } from 'drizzle-orm'
import { http, passthrough } from 'msw'
import { setupServer } from 'msw/node'
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app'
import { resetEnvCache } from '~/env'
import { jobRun } from '~/server/db/schema'
import { JOB_KINDS } from '~/server/app/job-kinds'
import { startJobs, stopJobs } from '~/server/jobs'
import { dataforseoHandlers } from '~/server/providers/dataforseo/mock'
import { llmHandlers } from '~/server/providers/llm/mock'

/**
 * Tests only: the app with its job workers running, the crawler allowed onto 127.0.0.1 (where
 * the tests serve their sites) and the LLM and DataForSEO answered by their mock handlers.
 */
export async function startSetupTestEnv() {
  process.env.FETCH_ALLOW_LOOPBACK = 'true'
  resetEnvCache()
  const network = setupServer(
    // The test sites are real servers on loopback: the crawler's requests go through to them.
    http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
    ...llmHandlers(),
    ...dataforseoHandlers(),
  )
  network.listen({ onUnhandledFrame: 'error' })
  const app = await createTestApp()
  await startJobs(app.handle, {
    kinds: JOB_KINDS,
    providers: app.providers,
    work: true,
    timings: { pollingIntervalSeconds: 0.5, monitorIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 },
    progressIntervalMs: 50,
  })
  return {
    app,
    async close() {
      await stopJobs()
      await app.close()
      network.close()
      delete process.env.FETCH_ALLOW_LOOPBACK
      resetEnvCache()
    },
  }
}

/** Waits for a job to reach completed, failed or cancelled, and returns its row. */
export async function waitForJob(app: TestApp, jobId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [row] = await app.db.select().from(jobRun).where(eq(jobRun.id, jobId))
    if (row && ['completed', 'failed', 'cancelled'].includes(row.state)) return row
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms (state ${row?.state})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

