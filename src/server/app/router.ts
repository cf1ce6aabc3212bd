import { apiKeyRouter } from '~/server/api-keys/api-keys.router'
import { articleRouter } from '~/server/articles/articles.router'
import { billingRouter } from '~/server/billing/billing.router'
import { e2eRouter } from '~/server/e2e/e2e.router'
import { e2eTestRoutesEnabled } from '~/server/e2e/fallbacks'
import { businessRouter } from '~/server/business/business.router'
import { gscRouter } from '~/server/gsc/gsc.router'
import { historyRouter } from '~/server/history/history.router'
import { integrationRouter } from '~/server/publishing/integrations.router'
import { competitorRouter } from '~/server/competitors/competitors.router'
import { jobRouter } from '~/server/job-runs/job-runs.router'
import { keywordRouter } from '~/server/keywords/keywords.router'
import { clusterRouter, researchRouter } from '~/server/research/research.router'
import { newsletterRouter } from '~/server/newsletter/newsletter.router'
import { planRouter } from '~/server/plans/plans.router'
import { setupRouter } from '~/server/setup/setup.router'
import { settingsRouter } from '~/server/settings/settings.router'

/** The application's procedures at /rpc; the transport rules are in ./rpc-handler.ts. */
const appRouter = {
  business: businessRouter,
  plan: planRouter,
  billing: billingRouter,
  newsletter: newsletterRouter,
  keyword: keywordRouter,
  research: researchRouter,
  article: articleRouter,
  cluster: clusterRouter,
  job: jobRouter,
  setup: setupRouter,
  competitor: competitorRouter,
  settings: settingsRouter,
  history: historyRouter,
  integration: integrationRouter,
  gsc: gscRouter,
  apiKey: apiKeyRouter,
}

/** Test pages' procedures: present only when E2E_TEST_ROUTES is on, never in production. */
const testRouter = { e2e: e2eRouter }

// Typed with the test procedures so the test pages compile; at run time they are absent (a call is
// a 404) unless the browser suite started this server.
export const router = (e2eTestRoutesEnabled() ? { ...appRouter, ...testRouter } : appRouter) as typeof appRouter & typeof testRouter

export type AppRouter = typeof router
