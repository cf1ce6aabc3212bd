import { z } from 'zod'
import { defineJob } from '~/server/jobs/define'
import { startMonthlyResearch } from './research.service'
import { runResearch } from './research.run'

// Keyword research's background jobs: a run, and the monthly cron that starts next month's runs.

/**
 * A failing stage is retried with backoff (10 s, 20 s, 40 s); past that the run shows failed with
 * the provider's message and a Retry. Each attempt resumes after the last finished stage.
 */
export const researchRunJob = defineJob({
  name: 'research.run',
  input: z.object({ businessId: z.string().min(1) }),
  retry: { retryLimit: 3, retryDelaySeconds: 10, retryDelayMaxSeconds: 120 },
  expireInSeconds: 30 * 60,
  handler: (job) => runResearch(job),
})

/** On the 20th of each month at 04:05 UTC: next month is planned ten days ahead. */
export const MONTHLY_RESEARCH_CRON = '5 4 20 * *'

export const monthlyResearchJob = defineJob({
  name: 'research.monthly',
  input: z.object({}),
  retry: { retryLimit: 3, retryDelaySeconds: 300 },
  handler: ({ db }) => startMonthlyResearch(db),
})
