import { z } from 'zod'
import { enqueueJob } from '~/server/jobs'
import { demoCountJob } from './e2e.jobs'
import { paidProcedure } from '~/server/rpc/procedures'

/**
 * Procedures only the browser suite's test pages call (/e2e/jobs). The root router includes them
 * only when E2E_TEST_ROUTES is on (tests/e2e/global-setup.ts); in production they do not exist.
 */
export const e2eRouter = {
  /** Starts the counting demo job for the caller. */
  startDemoJob: paidProcedure
    .input(z.object({ steps: z.number().int().min(1).max(100), delayMs: z.number().int().min(0).max(5000) }))
    .handler(async ({ input, context }) => {
      const run = await enqueueJob(context.db, { kind: demoCountJob, userId: context.user.id, input })
      return { id: run.id }
    }),
}
