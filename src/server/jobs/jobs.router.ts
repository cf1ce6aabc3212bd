import { eventIterator } from '@orpc/server'
import { z } from 'zod'
import { e2eTestRoutesEnabled } from '~/server/e2e/fallbacks'
import { authedProcedure } from '~/server/rpc/procedures'
import { appError } from '~/server/rpc/errors'
import { enqueueJob } from './index'
import { cancelJobRun, getJobSnapshot, JOB_ERRORS, watchJobSnapshots, type JobSnapshot } from './job-run.service'
import { demoCountJob } from './kinds/demo-count'

const jobIdInput = z.object({ id: z.string().min(1).max(64) })

export const jobRouter = {
  /** The caller's job as it is now. */
  get: authedProcedure.input(jobIdInput).handler(({ input, context }) => getJobSnapshot(context.db, context.user.id, input.id)),

  /**
   * An event stream of the caller's job: a snapshot at once, then one per change, closed after
   * completed, failed or cancelled. The handler's keep-alive comments hold idle streams open.
   */
  watch: authedProcedure
    .input(jobIdInput)
    .output(eventIterator(z.custom<JobSnapshot>()))
    .handler(async ({ input, context, signal }) => {
      // Checked before the stream opens, so a foreign id fails the call itself with NOT_FOUND.
      await getJobSnapshot(context.db, context.user.id, input.id)
      return watchJobSnapshots(context.db, context.user.id, input.id, { signal })
    }),

  /** Stops the caller's unfinished job; answers its snapshot (cancelled, or how it already ended). */
  cancel: authedProcedure.input(jobIdInput).handler(({ input, context }) => cancelJobRun(context.db, context.user.id, input.id)),

  /** TESTS ONLY (/e2e/jobs): starts the counting demo job; a 404 unless E2E_TEST_ROUTES is on. */
  startDemo: authedProcedure
    .input(z.object({ steps: z.number().int().min(1).max(100), delayMs: z.number().int().min(0).max(5000) }))
    .handler(async ({ input, context }) => {
      if (!e2eTestRoutesEnabled()) throw appError(JOB_ERRORS.JOB_NOT_FOUND)
      const run = await enqueueJob(context.db, { kind: demoCountJob, userId: context.user.id, input })
      return { id: run.id }
    }),
}
