import { createHash } from 'node:crypto'
import { z } from 'zod'
import { crawlSite, type CrawlResult } from '~/server/crawl/crawler'
import { safeFetcher, SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import type { Database } from '~/server/db'
import { crawl } from '~/server/db/schema'
import { JobError } from '~/server/jobs/errors'
import type { LlmClient } from '~/server/providers/llm/client'
import { classifyReachFailure } from './reach-failure'
import { detectSiteStructure, type DetectedSiteStructure } from './site-structure'

/**
 * The crawl + LLM half of onboarding (docs/product/pipeline.md): a site is crawled, the crawl is kept as a
 * `crawl` row, and the LLM reads what was crawled. Used by the business and competitor jobs.
 */

export interface AnalysisDeps {
  /** The job's providers.llm. */
  llm: LlmClient
  fetcher?: SafeFetcher
  /** Pause between page requests; tests pass 0. */
  delayMs?: number
}

const resolveDeps = (deps: AnalysisDeps) => ({ fetcher: deps.fetcher ?? safeFetcher(), llm: deps.llm, delayMs: deps.delayMs })

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A 12-character row id derived from a job id: a rerun of the job writes the same crawl row. */
export function crawlIdForJob(jobId: string) {
  const digest = createHash('sha256').update(`crawl:${jobId}`).digest()
  return Array.from(digest.subarray(0, 12), (byte) => ALPHABET[byte % ALPHABET.length]).join('')
}

const stringList = (what: string) => z.array(z.string()).describe(what)

/** What the LLM fills for a business: every profile field. */
export const businessAnalysisSchema = z.object({
  name: z.string().describe('The business or brand name as the site presents it'),
  description: z.string().describe('Two or three sentences on what the business offers and to whom'),
  industry: z.string(),
  targetAudiences: stringList('Groups of people the business sells to'),
  services: stringList('Everything the business offers'),
  primaryServices: stringList('The two to four offerings the business is mainly known for'),
  businessModel: z.string().describe('How the business makes money, e.g. SaaS subscription, agency retainer, e-commerce'),
  coreProducts: stringList('Named products or packages'),
  valueProposition: z.string(),
  customerProblems: stringList('Problems customers come to the business to solve'),
  competitiveAdvantages: stringList('Why customers choose this business over others'),
  targetOutcomes: stringList('Results customers want'),
  seedKeywords: stringList('Five to ten short search phrases a potential customer would type'),
})
export type BusinessAnalysis = z.infer<typeof businessAnalysisSchema>

/** What the LLM fills for a competitor (docs/product/entities.md). */
export const competitorAnalysisSchema = z.object({
  name: z.string(),
  description: z.string(),
  industry: z.string(),
  primaryServices: stringList('The competitor’s main offerings'),
  targetAudience: z.string(),
  businessModel: z.string(),
  coreProducts: stringList('Named products or packages'),
  valueProposition: z.string(),
  relevanceToOurBusiness: z.number().int().min(0).max(100).describe('0 = unrelated, 100 = the same offer to the same customers'),
  businessCategory: z.string().describe('direct competitor, indirect competitor, or content competitor'),
  seedKeywords: stringList('Search phrases this competitor targets'),
})
export type CompetitorAnalysis = z.infer<typeof competitorAnalysisSchema>

/**
 * The crawl as a prompt: the site's labelled facts, then one section per page (its Title,
 * Description, Headings as markdown levels, and Text), separated by blank lines. Every
 * word of it is the site's own; the instructions travel separately as the system message, so
 * a reader (or the mock, src/server/demo-network/llm/prompt-material.ts) never takes one for the other.
 */
export function crawlMaterial(result: CrawlResult) {
  const [home, ...others] = result.pages
  const lines = [`Website: ${result.url}`]
  if (home?.siteName) lines.push(`Site name: ${home.siteName}`)
  for (const page of result.pages) {
    lines.push('', `Page: ${page.url} (${page.role})`)
    if (page.title) lines.push(`Title: ${oneLine(page.title)}`)
    if (page.description) lines.push(`Description: ${oneLine(page.description)}`)
    const headings = page.headings.slice(0, 12)
    if (headings.length > 0) lines.push('Headings:', ...headings.map((heading) => `${'#'.repeat(heading.level)} ${oneLine(heading.text)}`))
    const text = oneLine(page.text).slice(0, page === home && others.length > 0 ? 2500 : 1500)
    if (text) lines.push('Text:', text)
  }
  return lines.join('\n')
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim()

type CrawlStatus = 'running' | 'crawled' | 'analyzed' | 'failed'

async function saveCrawl(
  db: Database,
  id: string,
  url: string,
  status: CrawlStatus,
  values: { data?: Record<string, unknown>; analysis?: Record<string, unknown> } = {},
) {
  const row = { id, url, status, ...values, updatedAt: new Date() }
  await db.insert(crawl).values(row).onConflictDoUpdate({ target: crawl.id, set: row })
}

/** What is kept of a crawl: enough for step 3 to re-propose articles without crawling again. */
function crawlData(result: CrawlResult, structure?: DetectedSiteStructure) {
  return {
    pages: result.pages.map(({ url, role, title, description, headings }) => ({
      url,
      role,
      title,
      description,
      headings: headings.slice(0, 20),
    })),
    sitemapUrl: structure?.sitemapUrl ?? result.sitemapUrl ?? null,
    sitemaps: result.sitemaps,
    sitemapEntries: result.sitemapEntries.slice(0, 500),
    blogUrl: structure?.blogUrl ?? result.blogUrl ?? null,
    articleCandidates: structure?.articleCandidates ?? [],
    warnings: result.warnings,
  }
}

export interface ProgressReporter {
  (step: string, done: number, total: number, message?: string): void
}

/** Crawls into the crawl row; a site that cannot be read fails with the crawler's own sentence. */
async function crawlInto(
  db: Database,
  crawlId: string,
  url: string,
  options: { maxPages: number; progress: ProgressReporter },
  deps: ReturnType<typeof resolveDeps>,
) {
  await saveCrawl(db, crawlId, url, 'running')
  try {
    return await crawlSite(url, {
      maxPages: options.maxPages,
      fetcher: deps.fetcher,
      delayMs: deps.delayMs,
      // The counter is pages: fetched of those the crawl will fetch (crawlSite's onProgress).
      onProgress: ({ done, total, message }) => options.progress('Crawling the site', done, total, message),
    })
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error
    // The sentence is written for the user (reach-failure.ts): it is the job's error.
    const failure = classifyReachFailure(error)
    await saveCrawl(db, crawlId, url, 'failed', { data: { error: failure.message, failureKind: failure.kind } })
    throw new JobError(failure.message)
  }
}

export interface SiteAnalysisResult {
  crawlId: string
  url: string
  profile: BusinessAnalysis
  structure: DetectedSiteStructure
  warnings: string[]
  /** The home page's `lang` attribute, for the business's default market (defaultMarket in src/shared/markets.ts). */
  siteLanguage?: string
}

/** Onboarding step 1's analysis: crawl (home + up to 20 pages), keep it, let the LLM fill the profile. */
export async function analyzeBusinessSite(
  db: Database,
  input: { url: string; crawlId: string; progress: ProgressReporter },
  deps: AnalysisDeps,
): Promise<SiteAnalysisResult> {
  const resolved = resolveDeps(deps)
  const result = await crawlInto(db, input.crawlId, input.url, { maxPages: 21, progress: input.progress }, resolved)
  // After the crawl the counter stays at the pages it fetched.
  const pages = result.pages.length
  const fetchedPages = `Fetched ${pages} ${pages === 1 ? 'page' : 'pages'}`
  input.progress('Finding the sitemap and blog', pages, pages, fetchedPages)
  const structure = await detectSiteStructure(result, resolved.fetcher)
  await saveCrawl(db, input.crawlId, input.url, 'crawled', { data: crawlData(result, structure) })
  input.progress('Reading the site', pages, pages, 'Writing your business profile')
  const { object } = await resolved.llm.generateObject({
    schema: businessAnalysisSchema,
    schemaName: 'business_profile',
    system:
      'You describe a business from its own website for an SEO content tool. Use only what the pages say; ' +
      'leave a field empty (or a list empty) rather than invent. Write in the language of the site.',
    prompt: crawlMaterial(result),
  })
  await saveCrawl(db, input.crawlId, input.url, 'analyzed', { data: crawlData(result, structure), analysis: object })
  input.progress('Done', pages, pages, 'Your business profile is ready to review')
  return {
    crawlId: input.crawlId,
    url: result.url,
    profile: object,
    structure,
    warnings: result.warnings,
    siteLanguage: result.pages[0]?.lang,
  }
}

export interface CompetitorContext {
  name: string | null
  url: string
  description: string | null
  services: string[]
}

/** A competitor's crawl (a few pages) read by the LLM against our business. */
export async function analyzeCompetitorSite(
  db: Database,
  input: { url: string; crawlId: string; business: CompetitorContext; progress: ProgressReporter },
  deps: AnalysisDeps,
): Promise<{ crawlId: string; analysis: CompetitorAnalysis }> {
  const resolved = resolveDeps(deps)
  const result = await crawlInto(db, input.crawlId, input.url, { maxPages: 4, progress: input.progress }, resolved)
  await saveCrawl(db, input.crawlId, input.url, 'crawled', { data: crawlData(result) })
  const pages = result.pages.length
  input.progress('Comparing with your business', pages, pages, `Fetched ${pages} ${pages === 1 ? 'page' : 'pages'}`)
  const ours = [
    '',
    `Compare against: ${input.business.name ?? input.business.url} (${input.business.url})`,
    input.business.description ? `Their offer in brief: ${input.business.description}` : '',
    input.business.services.length > 0 ? `Their services: ${input.business.services.join(', ')}` : '',
  ]
  const { object } = await resolved.llm.generateObject({
    schema: competitorAnalysisSchema,
    schemaName: 'competitor_profile',
    system:
      'You profile a competitor from its website for an SEO content tool, and rate from 0 to 100 how directly it ' +
      'competes with the business described at the end. Use only what the pages say.',
    prompt: [crawlMaterial(result), ...ours.filter((line) => line !== undefined)].join('\n'),
  })
  await saveCrawl(db, input.crawlId, input.url, 'analyzed', { data: crawlData(result), analysis: object })
  input.progress('Done', pages, pages, 'Competitor analysed')
  return { crawlId: input.crawlId, analysis: object }
}
