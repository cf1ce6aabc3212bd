import { billingRouter } from '~/server/billing/billing.router'
import { businessRouter } from '~/server/business/business.router'
import { jobRouter } from '~/server/jobs/jobs.router'
import { keywordRouter } from '~/server/keywords/keywords.router'
import { newsletterRouter } from '~/server/newsletter/newsletter.router'
import { planRouter } from '~/server/plans/plans.router'
import { setupRouter } from '~/server/setup/setup.router'
import { settingsRouter } from '~/server/settings/settings.router'

/** The application's procedures at /rpc (spec §7); the transport rules are in ./handler.ts. */
export const router = {
  business: businessRouter,
  plan: planRouter,
  billing: billingRouter,
  newsletter: newsletterRouter,
  keyword: keywordRouter,
  job: jobRouter,
  setup: setupRouter,
  settings: settingsRouter,
}

export type AppRouter = typeof router
