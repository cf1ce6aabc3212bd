import type { z } from 'zod'
import type { Database } from '~/server/db'
import type { Providers } from '~/server/providers'

/**
 * How a kind of background job is declared.
 *
 * THE RULE FOR HANDLERS: a handler may run more than once for the same job — after a retry, or
 * when its worker process died mid-run and another worker picks the job up once the heartbeat
 * lapses. So every write a handler makes must be re-runnable: upsert or insert-on-conflict-do-
 * nothing keyed by something stable (the job id, the input), never a blind insert or increment,
 * and check for work already done before calling a paid provider again. Completion itself is
 * guarded by the runner (a job_run row is completed once), so a rerun never completes twice.
 */

export interface RetryPolicy {
  /** Retries after the first attempt; past them the job is dead-lettered and shown as failed. */
  retryLimit: number
  /** First delay in seconds; doubled (with pg-boss' jitter) on each further retry. */
  retryDelaySeconds: number
  /** Caps the backoff. */
  retryDelayMaxSeconds?: number
}

export interface JobContext<Input> {
  input: Input
  /** The job_run id (also the pg-boss job id). Stable across attempts: key idempotent writes on it. */
  jobId: string
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number
  /** Records progress; writes are throttled, the final state is always written. */
  progress(step: string, done: number, total: number, message?: string): void
  /** Aborted when the worker is shutting down or pg-boss gives up on the attempt. */
  signal: AbortSignal
  db: Database
  /** The outside services (AI, keyword data, …), the same object the RPC context carries. */
  providers: Providers
}

/** What a kind's `onFailed` is told about a run that failed for good. */
export interface JobFailure<Input> {
  input: Input
  jobId: string
  userId: string
  businessId: string | null
  /** The sentence stored on the run (userFacingJobError). */
  error: string
  db: Database
}

/** `Input` is what the handler receives; `InputIn` what callers pass (before schema defaults). */
export interface JobKind<Input = unknown, Result = unknown, InputIn = Input> {
  name: string
  input: z.ZodType<Input, InputIn>
  retry: RetryPolicy
  /** A live worker refreshes it; a job whose worker stopped refreshing is retried (≥ 10 s). */
  heartbeatSeconds: number
  /** An attempt running longer than this is failed and retried. */
  expireInSeconds: number
  handler(context: JobContext<Input>): Promise<Result>
  /**
   * Called once when a tracked run failed for good (out of attempts, refused for good, or given
   * up after its workers kept dying), after its row says so; e.g. to tell the business's webhook.
   * Its errors are logged, never the job's.
   */
  onFailed?(failure: JobFailure<Input>): Promise<void>
}

const DEFAULT_RETRY: RetryPolicy = { retryLimit: 3, retryDelaySeconds: 5, retryDelayMaxSeconds: 300 }

export function defineJob<Schema extends z.ZodType, Result>(definition: {
  name: string
  input: Schema
  retry?: Partial<RetryPolicy>
  heartbeatSeconds?: number
  expireInSeconds?: number
  handler: (context: JobContext<z.output<Schema>>) => Promise<Result>
  onFailed?: (failure: JobFailure<z.output<Schema>>) => Promise<void>
}): JobKind<z.output<Schema>, Result, z.input<Schema>> {
  return {
    name: definition.name,
    input: definition.input as unknown as z.ZodType<z.output<Schema>, z.input<Schema>>,
    retry: { ...DEFAULT_RETRY, ...definition.retry },
    heartbeatSeconds: definition.heartbeatSeconds ?? 10,
    expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    handler: definition.handler,
    onFailed: definition.onFailed,
  }
}

/** pg-boss queue names allow letters, digits, '-', '_', '.' and '/'. */
export const deadLetterQueueOf = (kind: string) => `${kind}.dead`

// Kinds of every input and result live in one registry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any, any, any>
