import { and, count, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/server/db'
import { competitor } from '~/server/db/schema'
import type { Business } from '~/server/business/business.service'
import { enqueueJob } from '~/server/jobs'
import type { Providers } from '~/server/providers'
import { ProviderError } from '~/server/providers/http'
import { logger } from '~/server/logger'
import { appError } from '~/server/rpc/errors'
import { normalizeSiteAddress } from '~/shared/business-profile'
import { competitorAnalyzeJob } from './setup.jobs'
import { MAX_COMPETITORS, SETUP_ERRORS } from './setup.errors'

/** Onboarding step 2 (docs/product/pipeline.md): suggestions, add by address (each analysed as a job), remove. */

/** Hosts compared without "www." and case: a competitor is never the business itself. */
export const siteHost = (url: string) => new URL(url).host.toLowerCase().replace(/^www\./, '')

/** The same site typed two ways (trailing slash, case of the host) is one competitor. */
export function canonicalSiteUrl(url: string) {
  const parsed = new URL(url)
  parsed.hash = ''
  return parsed.href.replace(/\/$/, '')
}

async function ownedCompetitor(db: Database, businessId: string, competitorId: string) {
  const [row] = await db
    .select()
    .from(competitor)
    .where(and(eq(competitor.id, competitorId), eq(competitor.businessId, businessId)))
  if (!row) throw appError(SETUP_ERRORS.COMPETITOR_NOT_FOUND)
  return row
}

const enqueueAnalysis = (db: Database, userId: string, businessId: string, competitorId: string) =>
  enqueueJob(db, { kind: competitorAnalyzeJob, userId, businessId, input: { competitorId, businessId }, singletonKey: competitorId })

/** Adds a competitor and queues its analysis in one transaction: never one without the other. */
export async function addCompetitor(db: Database, owner: Business, address: string) {
  const url = canonicalSiteUrl(address)
  if (siteHost(url) === siteHost(owner.url)) throw appError(SETUP_ERRORS.COMPETITOR_IS_OWN_SITE)
  return db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(competitor).where(eq(competitor.businessId, owner.id))
    if (existing >= MAX_COMPETITORS) throw appError(SETUP_ERRORS.COMPETITOR_LIMIT_REACHED)
    const [row] = await tx.insert(competitor).values({ businessId: owner.id, url }).onConflictDoNothing().returning()
    if (!row) throw appError(SETUP_ERRORS.COMPETITOR_EXISTS)
    const run = await enqueueAnalysis(tx, owner.userId, owner.id, row.id)
    return { competitor: row, jobId: run.id }
  })
}

/** Analyses a competitor again (the Retry of a failed analysis). */
export async function reanalyzeCompetitor(db: Database, owner: Business, competitorId: string) {
  const row = await ownedCompetitor(db, owner.id, competitorId)
  const run = await enqueueAnalysis(db, owner.userId, owner.id, row.id)
  return { competitor: row, jobId: run.id }
}

export async function removeCompetitor(db: Database, owner: Business, competitorId: string) {
  await ownedCompetitor(db, owner.id, competitorId)
  await db.delete(competitor).where(and(eq(competitor.id, competitorId), eq(competitor.businessId, owner.id)))
  return { removed: competitorId }
}

export interface CompetitorSuggestion {
  url: string
  name: string
  reason: string
  source: 'analysis' | 'search data'
}

const suggestionSchema = z.object({
  competitors: z.array(z.object({ name: z.string(), website: z.string(), reason: z.string() })),
})

/** The two providers suggestions come from (the RPC context's providers, or fakes in tests). */
export type SuggestionDeps = Pick<Providers, 'llm' | 'keywordData'>

const MAX_SUGGESTIONS = 8

/**
 * Competitors to propose: the LLM's from the profile, then the domains competing for the same
 * search results (keyword-data provider) when it answers. Never the business itself nor one
 * already added; a provider that fails only drops its half of the list.
 */
export async function suggestCompetitors(db: Database, owner: Business, deps: SuggestionDeps): Promise<CompetitorSuggestion[]> {
  const added = await db.select({ url: competitor.url }).from(competitor).where(eq(competitor.businessId, owner.id))
  const excluded = new Set([siteHost(owner.url), ...added.map((row) => siteHost(row.url))])
  const suggestions: CompetitorSuggestion[] = []
  const offer = (candidate: Omit<CompetitorSuggestion, 'url'> & { address: string }) => {
    const normalized = normalizeSiteAddress(candidate.address)
    if (!normalized.ok) return
    let url: string
    try {
      url = canonicalSiteUrl(new URL(normalized.url).origin)
    } catch {
      return
    }
    const host = siteHost(url)
    if (!host.includes('.') || excluded.has(host) || suggestions.length >= MAX_SUGGESTIONS) return
    excluded.add(host)
    suggestions.push({ url, name: candidate.name.trim() || host, reason: candidate.reason, source: candidate.source })
  }

  const [fromLlm, fromSearch] = await Promise.all([llmSuggestions(owner, deps), searchSuggestions(owner, deps)])
  for (const item of fromLlm) offer({ address: item.website, name: item.name, reason: item.reason, source: 'analysis' })
  for (const item of fromSearch)
    offer({
      address: item.domain,
      name: item.domain,
      reason: `Ranks for ${item.intersections.toLocaleString('en-US')} of the same keywords`,
      source: 'search data',
    })
  return suggestions
}

async function llmSuggestions(owner: Business, deps: SuggestionDeps) {
  try {
    const { object } = await deps.llm.generateObject({
      schema: suggestionSchema,
      schemaName: 'competitor_suggestions',
      system:
        'You name real competitors of a business: other companies, with their own websites, that sell the same thing to the same customers.',
      prompt: [
        `Business: ${owner.name ?? owner.url}`,
        `Industry: ${owner.industry ?? ''}`,
        `Description: ${owner.description ?? ''}`,
        `Services: ${owner.primaryServices.join(', ')}`,
        `Own website (not a competitor): ${owner.url}`,
      ].join('\n'),
    })
    return object.competitors
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    logger.warn(`setup: competitor suggestions from the LLM failed: ${error.message}`)
    return []
  }
}

async function searchSuggestions(owner: Business, deps: SuggestionDeps) {
  try {
    const answer = await deps.keywordData.competitors(siteHost(owner.url), { country: owner.keywordRegion.toLowerCase(), limit: 10 })
    return answer.data
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    logger.warn(`setup: competing domains unavailable: ${error.message}`)
    return []
  }
}
