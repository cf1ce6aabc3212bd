import { z } from 'zod'
import { ownedBusinessProcedure, paidProcedure } from '~/server/rpc/procedures'
import { reissueSessionCookie } from '~/server/rpc/session-cookie'
import { httpUrl } from '~/shared/business-profile'
import { businessIdInput, jobIdSchema } from '~/shared/id-inputs'
import { addCompetitorInput, competitorIdInput, languageToneSchema, saveBusinessInput, siteStructureInput } from '~/shared/setup-wizard'
import { addCompetitor, reanalyzeCompetitor, removeCompetitor, suggestCompetitors } from './competitors.service'
import {
  finishSetup,
  getAnalysisFailure,
  getAnalysisResult,
  getSetupState,
  listCompetitors,
  saveBusinessProfile,
  saveLanguageTone,
  saveSiteStructure,
  setupStateOf,
  startBusinessAnalysis,
} from './setup.service'

/**
 * The /setup wizard's procedures (docs/product/routes.md). Each one that works on a business takes
 * it by id through ownedBusinessProcedure: another user's business or competitor is NOT_FOUND.
 */
export const setupRouter = {
  /** The business setup works on, its competitors, the step to open at, what the crawl found. */
  state: paidProcedure.route({ method: 'GET' }).handler(({ context }) => getSetupState(context.db, context.user.id)),

  /** The same for a business named by id: setup of an added business, which is not the current one until it finishes. */
  businessState: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => setupStateOf(context.db, context.business)),

  /** Step 1 "Analyse": a background job; follow it with job.watch, then read analysisResult. */
  analyze: paidProcedure
    .input(z.object({ url: httpUrl('Website') }))
    .handler(({ context, input }) => startBusinessAnalysis(context.db, context.user.id, input.url)),

  /** Step 1's last analysis if it failed and nothing resolved it since: shown again after a reload. */
  analysisFailure: paidProcedure.route({ method: 'GET' }).handler(({ context }) => getAnalysisFailure(context.db, context.user.id)),

  analysisResult: paidProcedure
    .input(z.object({ jobId: jobIdSchema }))
    .handler(({ context, input }) => getAnalysisResult(context.db, context.user.id, input.jobId)),

  /** Step 1 "Save and continue": creates the business (plan limit) or updates the caller's own. */
  saveBusiness: paidProcedure
    .input(saveBusinessInput)
    .handler(({ context, input }) => saveBusinessProfile(context.db, context.user.id, input)),

  competitors: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => listCompetitors(context.db, context.businessId)),

  suggestCompetitors: ownedBusinessProcedure(businessIdInput).handler(({ context }) =>
    suggestCompetitors(context.db, context.business, context.providers),
  ),

  addCompetitor: ownedBusinessProcedure(addCompetitorInput).handler(({ context, input }) =>
    addCompetitor(context.db, context.business, input.url),
  ),

  analyzeCompetitor: ownedBusinessProcedure(competitorIdInput).handler(({ context, input }) =>
    reanalyzeCompetitor(context.db, context.business, input.competitorId),
  ),

  removeCompetitor: ownedBusinessProcedure(competitorIdInput).handler(({ context, input }) =>
    removeCompetitor(context.db, context.business, input.competitorId),
  ),

  /** Step 3: a changed sitemap address is read first (through providers.web) and refused unless it is one. */
  saveSiteStructure: ownedBusinessProcedure(businessIdInput.extend({ structure: siteStructureInput })).handler(({ context, input }) =>
    saveSiteStructure(context.db, context.business, input.structure, context.providers.web.fetch),
  ),

  saveLanguageTone: ownedBusinessProcedure(businessIdInput.extend({ settings: languageToneSchema })).handler(({ context, input }) =>
    saveLanguageTone(context.db, context.business, input.settings),
  ),

  /** Step 5: selects the business, starts keyword research, re-issues the session cookie. */
  finish: ownedBusinessProcedure(businessIdInput).handler(async ({ context }) => {
    const finished = await finishSetup(context.db, context.business)
    await reissueSessionCookie(context)
    return finished
  }),
}
