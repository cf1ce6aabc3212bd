import { eventIterator } from '@orpc/server'
import { z } from 'zod'
import { paidProcedure } from '~/server/rpc/procedures'
import { cancelJobRun, getJobSnapshot, watchJobSnapshots, type JobSnapshot } from './job-run.service'

const jobIdInput = z.object({ id: z.string().min(1).max(64) })

export const jobRouter = {
  /** The caller's job as it is now. */
  get: paidProcedure.input(jobIdInput).handler(({ input, context }) => getJobSnapshot(context.db, context.user.id, input.id)),

  /**
   * An event stream of the caller's job: a snapshot at once, then one per change, closed after
   * completed, failed or cancelled. The handler's keep-alive comments hold idle streams open.
   */
  watch: paidProcedure
    .input(jobIdInput)
    .output(eventIterator(z.custom<JobSnapshot>()))
    .handler(async ({ input, context, signal }) => {
      // Checked before the stream opens, so a foreign id fails the call itself with NOT_FOUND.
      await getJobSnapshot(context.db, context.user.id, input.id)
      return watchJobSnapshots(context.db, context.user.id, input.id, { signal })
    }),

  /** Stops the caller's unfinished job; answers its snapshot (cancelled, or how it already ended). */
  cancel: paidProcedure.input(jobIdInput).handler(({ input, context }) => cancelJobRun(context.db, context.user.id, input.id)),
}
