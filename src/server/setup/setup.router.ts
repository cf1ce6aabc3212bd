import { z } from 'zod'
import type { RpcContext } from '~/server/rpc/context'
import { authedProcedure } from '~/server/rpc/procedures'
import { httpUrl, siteStructureSchema } from '~/shared/business-profile'
import { addCompetitorInput, businessIdInput, competitorIdInput, jobIdSchema, languageToneSchema, saveBusinessInput } from '~/shared/setup-wizard'
import { addCompetitor, reanalyzeCompetitor, removeCompetitor, suggestCompetitors } from './competitors.service'
import {
  finishSetup,
  getAnalysisResult,
  getSetupState,
  listCompetitors,
  saveBusinessProfile,
  saveLanguageTone,
  saveSiteStructure,
  startBusinessAnalysis,
} from './setup.service'
import { getOwnedBusiness } from '~/server/business/business.service'

/**
 * The /setup wizard's procedures (spec §4, §5; product.md §2). Each takes the business it works
 * on by id and checks the caller owns it: another user's business or competitor is NOT_FOUND.
 */
export const setupRouter = {
  /** The business setup works on, its competitors, the step to open at, what the crawl found. */
  state: authedProcedure.route({ method: 'GET' }).handler(({ context }) => getSetupState(context.db, context.user.id)),

  /** Step 1 "Analyse": a background job; follow it with job.watch, then read analysisResult. */
  analyze: authedProcedure
    .input(z.object({ url: httpUrl('Website') }))
    .handler(({ context, input }) => startBusinessAnalysis(context.db, context.user.id, input.url)),

  analysisResult: authedProcedure
    .input(z.object({ jobId: jobIdSchema }))
    .handler(({ context, input }) => getAnalysisResult(context.db, context.user.id, input.jobId)),

  /** Step 1 "Save and continue": creates the business (plan limit) or updates it. */
  saveBusiness: authedProcedure.input(saveBusinessInput).handler(({ context, input }) => saveBusinessProfile(context.db, context.user.id, input)),

  competitors: authedProcedure
    .route({ method: 'GET' })
    .input(businessIdInput)
    .handler(async ({ context, input }) => {
      await getOwnedBusiness(context.db, context.user.id, input.businessId)
      return listCompetitors(context.db, input.businessId)
    }),

  suggestCompetitors: authedProcedure
    .input(businessIdInput)
    .handler(({ context, input }) => suggestCompetitors(context.db, context.user.id, input.businessId)),

  addCompetitor: authedProcedure.input(addCompetitorInput).handler(({ context, input }) => addCompetitor(context.db, context.user.id, input)),

  analyzeCompetitor: authedProcedure
    .input(competitorIdInput)
    .handler(({ context, input }) => reanalyzeCompetitor(context.db, context.user.id, input)),

  removeCompetitor: authedProcedure
    .input(competitorIdInput)
    .handler(({ context, input }) => removeCompetitor(context.db, context.user.id, input)),

  saveSiteStructure: authedProcedure
    .input(businessIdInput.extend({ structure: siteStructureSchema }))
    .handler(({ context, input }) => saveSiteStructure(context.db, context.user.id, input.businessId, input.structure)),

  saveLanguageTone: authedProcedure
    .input(businessIdInput.extend({ settings: languageToneSchema }))
    .handler(({ context, input }) => saveLanguageTone(context.db, context.user.id, input.businessId, input.settings)),

  /** Step 5: selects the business, starts keyword research, re-issues the session cookie. */
  finish: authedProcedure.input(businessIdInput).handler(async ({ context, input }) => {
    const finished = await finishSetup(context.db, context.user.id, input.businessId)
    await refreshSessionCookie(context)
    return finished
  }),
}

/**
 * The session cookie caches the user for a minute: re-reading the session with the cache
 * disabled re-issues it, so the access gate sees the new selectedBusiness on the next page.
 * (Same as business.select's; that one is private to business.router.ts.)
 */
async function refreshSessionCookie(context: RpcContext) {
  if (!context.resHeaders) return
  const { headers } = await context.auth.api.getSession({ headers: context.headers, query: { disableCookieCache: true }, returnHeaders: true })
  for (const cookie of headers.getSetCookie()) context.resHeaders.append('set-cookie', cookie)
}
