import { ProviderError } from '~/server/providers/http'

/** What a user reads when a job failed for a reason that is not theirs to act on. */
export const GENERIC_JOB_ERROR = 'Something went wrong while running this job. It was stopped; please try again later.'

/** Shown when every attempt's worker stopped responding (crash, restart loop) rather than failing. */
export const ABANDONED_JOB_ERROR = 'This job stopped responding and was given up after several attempts. Please try again.'

/**
 * Errors a job handler throws on purpose, with a message written for the user. With
 * `retry: false` the run fails at once, without its remaining attempts: the other side refused
 * for good (a webhook endpoint answering 400), and asking again would get the same answer.
 */
export class JobError extends Error {
  override name = 'JobError'
  readonly retry: boolean

  constructor(message: string, options: { retry?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.retry = options.retry ?? true
  }
}

/**
 * The sentence stored on job_run.error. Provider errors already say which service failed and
 * what to do (src/server/providers/http.ts), so they pass through; anything else is an internal
 * detail that goes to the log, not to the user.
 */
export function userFacingJobError(error: unknown): string {
  if (error instanceof ProviderError || error instanceof JobError) return error.message
  return GENERIC_JOB_ERROR
}
