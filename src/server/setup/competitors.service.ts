import { and, count, eq } from 'drizzle-orm'
import { keywordMarket } from '~/server/providers/dataforseo/market'
import { z } from 'zod'
import type { Database } from '~/server/db'
import { competitor } from '~/server/db/schema'
import type { Business } from '~/server/access/business'
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
/** Keywords whose search results are read: the profile's first seeds. */
const SERP_KEYWORDS = 3

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc', 'me', 'nhs', 'sch'])

/** The registrable part of a host: "www.example.com", "blog.example.com" and "example.com" are one site. */
export function siteDomain(url: string) {
  const host = new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return host
  const labels = host.split('.')
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2
  return labels.slice(-keep).join('.')
}

/** Sites that rank for nearly any search without selling anything: an encyclopaedia, forums, video, social networks, the general press. */
const NOT_COMPETITORS = new Set([
  'wikipedia.org',
  'reddit.com',
  'youtube.com',
  'quora.com',
  'medium.com',
  'pinterest.com',
  'facebook.com',
  'instagram.com',
  'linkedin.com',
  'x.com',
  'twitter.com',
  'tiktok.com',
  'forbes.com',
  'nytimes.com',
  'theguardian.com',
  'bbc.co.uk',
  'bbc.com',
])

/** A site ranking for the business's keywords: where it ranks, for which of them. */
interface RankingSite {
  domain: string
  ranks: Array<{ keyword: string; rank: number }>
}

const quote = (keyword: string) => `“${keyword}”`
const rankingNote = (site: RankingSite) =>
  `Ranks ${site.ranks
    .slice(0, 3)
    .map(({ keyword, rank }) => `#${rank} for ${quote(keyword)}`)
    .join(', ')}`

/**
 * Competitors to propose, all from the search results for the business's own keywords (its
 * seeds, else its services): the LLM picks the ones that sell the same thing from those sites,
 * then the other sites ranking there follow as search data. Never the business itself (nor a
 * subdomain of it), one already added, or a site that ranks for everything (an encyclopaedia,
 * a forum, a social network). Without search results (the keyword-data provider failed) the
 * LLM names competitors from the profile alone; a provider that fails only drops its half.
 */
export async function suggestCompetitors(db: Database, owner: Business, deps: SuggestionDeps): Promise<CompetitorSuggestion[]> {
  const added = await db.select({ url: competitor.url }).from(competitor).where(eq(competitor.businessId, owner.id))
  const excluded = new Set([siteDomain(owner.url), ...added.map((row) => siteDomain(row.url)), ...NOT_COMPETITORS])
  const ranking = (await rankingSites(owner, deps)).filter((site) => !excluded.has(siteDomain(`https://${site.domain}`)))
  const ranked = ranking.length > 0 ? new Set(ranking.map((site) => siteDomain(`https://${site.domain}`))) : undefined

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
    const domain = siteDomain(url)
    // With search results at hand, a suggestion is one of the sites in them: never a name the LLM made up.
    if (!domain.includes('.') || excluded.has(domain) || (ranked && !ranked.has(domain)) || suggestions.length >= MAX_SUGGESTIONS) return
    excluded.add(domain)
    suggestions.push({ url, name: candidate.name.trim() || siteHost(url), reason: candidate.reason.trim(), source: candidate.source })
  }

  for (const item of await llmSuggestions(owner, ranking, deps))
    offer({ address: item.website, name: item.name, reason: item.reason, source: 'analysis' })
  for (const site of ranking)
    offer({ address: site.domain, name: site.domain.replace(/^www\./, ''), reason: rankingNote(site), source: 'search data' })
  return suggestions
}

/** The keywords searched for: the profile's seeds, else its primary services and services. */
function businessKeywords(owner: Business) {
  const seeds = Array.isArray(owner.seeds) ? owner.seeds : []
  const candidates = [...seeds, ...owner.primaryServices, ...owner.services].map((keyword) =>
    keyword.trim().toLowerCase().replace(/\s+/g, ' '),
  )
  return [...new Set(candidates.filter((keyword) => keyword.length > 1 && keyword.split(' ').length <= 10 && keyword.length <= 80))].slice(
    0,
    SERP_KEYWORDS,
  )
}

/** The sites in the organic results for the business's keywords, the ones ranking for more of them (and higher) first. */
async function rankingSites(owner: Business, deps: SuggestionDeps): Promise<RankingSite[]> {
  const sites = new Map<string, RankingSite>()
  const market = { ...keywordMarket(owner), depth: 10 }
  const results = await Promise.all(
    businessKeywords(owner).map(async (keyword) => {
      try {
        return { keyword, organic: (await deps.keywordData.organicSerp(keyword, market)).data.organic }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        logger.warn(`setup: search results for "${keyword}" unavailable: ${error.message}`)
        return { keyword, organic: [] }
      }
    }),
  )
  for (const { keyword, organic } of results) {
    for (const result of organic) {
      const domain = result.domain.toLowerCase().replace(/^www\./, '')
      const site = sites.get(domain) ?? { domain, ranks: [] }
      if (!site.ranks.some((entry) => entry.keyword === keyword)) site.ranks.push({ keyword, rank: result.rank })
      sites.set(domain, site)
    }
  }
  const best = (site: RankingSite) => Math.min(...site.ranks.map((entry) => entry.rank))
  return [...sites.values()].sort((a, b) => b.ranks.length - a.ranks.length || best(a) - best(b) || a.domain.localeCompare(b.domain))
}

async function llmSuggestions(owner: Business, ranking: RankingSite[], deps: SuggestionDeps) {
  try {
    const { object } = await deps.llm.generateObject({
      schema: suggestionSchema,
      schemaName: 'competitor_suggestions',
      system:
        'You name real competitors of a business: other companies, with their own websites, that sell the same thing to the same customers. ' +
        (ranking.length > 0
          ? 'Choose them only from the sites listed as ranking for its keywords, and give as the reason what they offer in common with it.'
          : 'Never name the business’s own site.'),
      prompt: [
        `Business: ${owner.name ?? owner.url}`,
        `Own website: ${owner.url}`,
        `Industry: ${owner.industry ?? ''}`,
        `Offer in brief: ${owner.description ?? ''}`,
        `Services: ${owner.primaryServices.join(', ')}`,
        ...(ranking.length > 0
          ? ['', 'Sites ranking for its keywords:', ...ranking.map((site) => `- ${site.domain}: ${rankingNote(site)}`)]
          : []),
      ].join('\n'),
    })
    return object.competitors
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    logger.warn(`setup: competitor suggestions from the LLM failed: ${error.message}`)
    return []
  }
}
