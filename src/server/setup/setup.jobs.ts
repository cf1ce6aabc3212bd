import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { business, competitor } from '~/server/db/schema'
import { readCompetitorRankings, storeCompetitorRankings } from '~/server/competitors/competitor-rankings'
import { defineJob } from '~/server/jobs/define'
import { logger } from '~/server/logger'
import { ProviderError } from '~/server/providers/http'
import { httpUrl } from '~/shared/business-profile'
import { analyzeBusinessSite, analyzeCompetitorSite, crawlIdForJob } from './site-analysis'

/**
 * Onboarding's background jobs. Both are re-runnable: the crawl row's id comes from the job id
 * (a rerun overwrites it) and the competitor update is a plain UPDATE of the same row.
 *
 * One retry only: the LLM client already retries transient failures itself, and a site that
 * cannot be crawled will not be crawlable a few seconds later; the user has a Retry button.
 */
const RETRY = { retryLimit: 1, retryDelaySeconds: 2, retryDelayMaxSeconds: 10 }

export const businessAnalyzeJob = defineJob({
  name: 'business.analyze',
  input: z.object({ url: httpUrl('Website') }),
  retry: RETRY,
  expireInSeconds: 10 * 60,
  handler: ({ input, jobId, db, providers, progress }) =>
    analyzeBusinessSite(
      db,
      { url: input.url, crawlId: crawlIdForJob(jobId), progress },
      { llm: providers.llm, fetcher: providers.web.fetch },
    ),
})

export const competitorAnalyzeJob = defineJob({
  name: 'competitor.analyze',
  input: z.object({ competitorId: z.string().min(1), businessId: z.string().min(1) }),
  retry: RETRY,
  expireInSeconds: 10 * 60,
  handler: async ({ input, jobId, db, providers, progress }) => {
    const [row] = await db
      .select({ url: competitor.url, business })
      .from(competitor)
      .innerJoin(business, eq(business.id, competitor.businessId))
      .where(and(eq(competitor.id, input.competitorId), eq(competitor.businessId, input.businessId)))
    // Removed while queued: nothing to analyse, and nothing to report as a failure.
    if (!row) return { removed: true }
    // What it ranks for (the /competitors keyword gap). Without keyword data the site's profile
    // is still analysed and the rankings of the previous analysis are kept.
    let ranked: Awaited<ReturnType<typeof readCompetitorRankings>> | null = null
    try {
      progress('Reading the searches it ranks for', 0, 8)
      ranked = await readCompetitorRankings(providers.keywordData, row.business, row.url)
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      logger.warn(`competitor analysis: rankings of ${row.url} unavailable: ${error.message}`)
    }
    const { crawlId, analysis } = await analyzeCompetitorSite(
      db,
      {
        url: row.url,
        crawlId: crawlIdForJob(jobId),
        business: {
          name: row.business.name,
          url: row.business.url,
          description: row.business.description,
          services: row.business.primaryServices,
        },
        progress,
      },
      { llm: providers.llm, fetcher: providers.web.fetch },
    )
    // Stored together once the whole analysis succeeded: a failed one leaves the last successful
    // analysis (its rankings, profile and date) as it was (docs/product/competitors.md).
    await db.transaction(async (tx) => {
      if (ranked && !(await storeCompetitorRankings(tx, row.business, input.competitorId, ranked.rows))) return
      await tx
        .update(competitor)
        .set({
          name: analysis.name.trim() || null,
          description: analysis.description.trim() || null,
          industry: analysis.industry.trim() || null,
          primaryServices: analysis.primaryServices.filter((item) => item.trim() !== ''),
          targetAudience: analysis.targetAudience.trim() || null,
          businessModel: analysis.businessModel.trim() || null,
          coreProducts: analysis.coreProducts.filter((item) => item.trim() !== ''),
          valueProposition: analysis.valueProposition.trim() || null,
          seeds: analysis.seedKeywords.filter((item) => item.trim() !== ''),
          relevanceToOurBusiness: Math.max(0, Math.min(100, Math.round(analysis.relevanceToOurBusiness))),
          businessCategory: analysis.businessCategory.trim() || null,
          lastAnalyzedAt: new Date(),
          crawlId,
          updatedAt: new Date(),
        })
        .where(and(eq(competitor.id, input.competitorId), eq(competitor.businessId, input.businessId)))
    })
    const rankedKeywords = ranked ? ranked.rows.length : null
    return { competitorId: input.competitorId, relevanceToOurBusiness: analysis.relevanceToOurBusiness, rankedKeywords }
  },
})
