import { z } from 'zod'
import { ProviderError } from '~/server/providers/http'
import { defineJob } from '~/server/jobs/define'

export const DEMO_PROVIDER_FAILURE = 'The demo provider is unavailable right now (it failed on purpose). Try again in a few minutes.'

/**
 * A job that only counts: `steps` steps of `delayMs` each, reporting progress. Used by the
 * tests and the /e2e/jobs page to exercise workers, retries, the dead-letter state and the
 * progress bar without an outside service. `failAttempts` makes that many first attempts fail
 * halfway with a provider-style error (or an internal one, which users see as a generic sentence).
 */
export const demoCountJob = defineJob({
  name: 'demo.count',
  input: z.object({
    steps: z.number().int().min(1).max(100),
    delayMs: z.number().int().min(0).max(5000).default(200),
    failAttempts: z.number().int().min(0).max(100).default(0),
    failWith: z.enum(['provider', 'internal']).default('provider'),
  }),
  retry: { retryLimit: 2, retryDelaySeconds: 1, retryDelayMaxSeconds: 10 },
  handler: async ({ input, attempt, progress, signal }) => {
    const failAt = attempt <= input.failAttempts ? Math.ceil(input.steps / 2) : undefined
    for (let done = 0; done < input.steps; done++) {
      if (done === failAt) {
        if (input.failWith === 'internal') throw new TypeError(`demo.count: internal failure at step ${done}`)
        throw new ProviderError({ provider: 'Demo', kind: 'server', status: 503, message: DEMO_PROVIDER_FAILURE })
      }
      progress('Counting', done, input.steps, `Counted ${done} of ${input.steps}`)
      await sleep(input.delayMs, signal)
    }
    progress('Done', input.steps, input.steps, `Counted to ${input.steps}`)
    return { counted: input.steps }
  },
})

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    signal.throwIfAborted()
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
