import { and, asc, desc, eq, gt } from 'drizzle-orm'
import { defaultMarket } from '~/shared/markets'
import type { Database } from '~/server/db'
import { business, competitor, crawl, jobRun, user } from '~/server/db/schema'
import { findCurrentBusiness, type Business } from '~/server/access/business'
import { createBusiness, selectBusiness, updateBusinessProfile, type AnalysisLink } from '~/server/business/business.service'
import { enqueueJob } from '~/server/jobs'
import { appError } from '~/server/rpc/errors'
import type { SafeFetcher } from '~/server/outbound/safe-fetch'
import { initialSetupStep, MIN_COMPETITORS, SETUP_STEPS, type SetupStepNumber } from '~/shared/setup-step'
import type { SetupProfile, languageToneSchema, siteStructureInput } from '~/shared/setup-wizard'
import type { z } from 'zod'
import { startKeywordResearch } from './keyword-research-hook'
import { businessAnalyzeJob } from './setup.jobs'
import { SETUP_ERRORS } from './setup.errors'
import { assertSitemap } from './sitemap-check'
import type { SiteAnalysisResult } from './site-analysis'
import type { ArticleCandidate } from './site-structure'

export type Competitor = typeof competitor.$inferSelect

export interface SetupState {
  business: Business | null
  competitors: Competitor[]
  step: SetupStepNumber
  /** What the business's crawl found, proposed in step 3 while the business has no values yet. */
  detected: { sitemapUrl: string | null; blogUrl: string | null; articleCandidates: ArticleCandidate[] }
}

const NOTHING_DETECTED: SetupState['detected'] = { sitemapUrl: null, blogUrl: null, articleCandidates: [] }

export async function listCompetitors(db: Database, businessId: string): Promise<Competitor[]> {
  return db.select().from(competitor).where(eq(competitor.businessId, businessId)).orderBy(asc(competitor.createdAt), asc(competitor.id))
}

async function detectedStructure(db: Database, crawlId: string | null): Promise<SetupState['detected']> {
  if (!crawlId) return NOTHING_DETECTED
  const [row] = await db.select({ data: crawl.data }).from(crawl).where(eq(crawl.id, crawlId))
  const data = (row?.data ?? {}) as { sitemapUrl?: string | null; blogUrl?: string | null; articleCandidates?: ArticleCandidate[] }
  return { sitemapUrl: data.sitemapUrl ?? null, blogUrl: data.blogUrl ?? null, articleCandidates: data.articleCandidates ?? [] }
}

/** Where setup stands for the user: their business, its competitors and the step to open at. */
export async function getSetupState(db: Database, userId: string): Promise<SetupState> {
  // The current business (selected, else oldest); none yet starts setup at step 1.
  const current = await findCurrentBusiness(db, userId)
  if (!current) return { business: null, competitors: [], step: 1, detected: NOTHING_DETECTED }
  return setupStateOf(db, current)
}

/** Where setup stands for one of the user's businesses (ownership checked): an added business resumes here. */
export async function setupStateOf(db: Database, owned: Business): Promise<SetupState> {
  const competitors = await listCompetitors(db, owned.id)
  return {
    business: owned,
    competitors,
    step: initialSetupStep(owned, competitors.length),
    detected: await detectedStructure(db, owned.crawlId),
  }
}

/** Step 1 "Analyse": queues the crawl + LLM job for a site address. */
export async function startBusinessAnalysis(db: Database, userId: string, url: string) {
  const run = await enqueueJob(db, { kind: businessAnalyzeJob, userId, input: { url }, singletonKey: `${userId}:${url}` })
  return { jobId: run.id }
}

export interface AnalysisFailure {
  jobId: string
  /** The address that was analysed. */
  url: string
  /** The job's sentence (src/server/setup/reach-failure.ts). */
  message: string
  failedAt: Date
}

/**
 * Step 1's last analysis, when it failed and nothing has resolved it since: it stays on screen
 * after a reload until a later analysis is started (and then succeeds or fails on its own terms)
 * or the user saves a business profile after it (filled in by hand). The job's run row is the
 * analysis state: a business that is being set up may not exist yet.
 */
export async function getAnalysisFailure(db: Database, userId: string): Promise<AnalysisFailure | null> {
  const [run] = await db
    .select({
      id: jobRun.id,
      state: jobRun.state,
      error: jobRun.error,
      input: jobRun.input,
      finishedAt: jobRun.finishedAt,
      updatedAt: jobRun.updatedAt,
    })
    .from(jobRun)
    .where(and(eq(jobRun.userId, userId), eq(jobRun.kind, businessAnalyzeJob.name)))
    .orderBy(desc(jobRun.createdAt), desc(jobRun.id))
    .limit(1)
  if (!run || run.state !== 'failed') return null
  const failedAt = run.finishedAt ?? run.updatedAt
  const [savedSince] = await db
    .select({ id: business.id })
    .from(business)
    .where(and(eq(business.userId, userId), gt(business.updatedAt, failedAt)))
    .limit(1)
  if (savedSince) return null
  const url = (run.input as { url?: unknown } | null)?.url
  return {
    jobId: run.id,
    url: typeof url === 'string' ? url : '',
    message: run.error ?? 'We could not read your site.',
    failedAt,
  }
}

/** The finished analysis of one of the user's own jobs: the profile to fill the form with. */
export async function getAnalysisResult(db: Database, userId: string, jobId: string): Promise<SiteAnalysisResult> {
  const [run] = await db
    .select({ state: jobRun.state, result: jobRun.result })
    .from(jobRun)
    .where(and(eq(jobRun.id, jobId), eq(jobRun.userId, userId), eq(jobRun.kind, businessAnalyzeJob.name)))
  if (!run) throw appError(SETUP_ERRORS.ANALYSIS_NOT_FOUND)
  if (run.state !== 'completed' || !run.result) throw appError(SETUP_ERRORS.ANALYSIS_NOT_READY)
  return run.result as SiteAnalysisResult
}

/** Step 1 "Save and continue": creates the business (plan limit enforced) or updates it. */
export async function saveBusinessProfile(
  db: Database,
  userId: string,
  input: { businessId?: string; analysisJobId?: string; profile: SetupProfile },
): Promise<Business> {
  let analysis: AnalysisLink | undefined
  let siteLanguage: string | undefined
  if (input.analysisJobId) {
    const result = await getAnalysisResult(db, userId, input.analysisJobId)
    analysis = { crawlId: result.crawlId, analyzedAt: new Date() }
    siteLanguage = result.siteLanguage
  }
  if (input.businessId) return updateBusinessProfile(db, userId, input.businessId, input.profile, analysis)
  // A new business starts in the market of its site (docs/product/pipeline.md "Markets"); step 4 shows it to change.
  const market = defaultMarket({ siteUrl: input.profile.url, siteLanguage })
  return createBusiness(db, userId, input.profile, analysis, { keywordRegion: market.region, language: market.language })
}

/**
 * Step 3 (and settings): the sitemap, blog and best articles the user confirmed. A sitemap address
 * that changed is read first and refused unless it is a sitemap (sitemap-check.ts); an unchanged one
 * was read when it was saved. One UPDATE scoped to the owner: a refusal writes nothing.
 */
export async function saveSiteStructure(
  db: Database,
  owned: Business,
  values: z.output<typeof siteStructureInput>,
  fetcher: SafeFetcher,
): Promise<Business> {
  if (values.sitemapUrl && values.sitemapUrl !== owned.sitemapUrl) await assertSitemap(values.sitemapUrl, fetcher)
  const [row] = await db
    .update(business)
    .set({
      sitemapUrl: values.sitemapUrl,
      blogUrl: values.blogUrl,
      bestArticles: values.bestArticles,
      siteStructureSavedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(business.id, owned.id), eq(business.userId, owned.userId)))
    .returning()
  return row
}

/** Step 4: language, tone and keyword region. */
export async function saveLanguageTone(db: Database, owned: Business, values: z.output<typeof languageToneSchema>) {
  const [row] = await db
    .update(business)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(business.id, owned.id), eq(business.userId, owned.userId)))
    .returning()
  return row
}

/** Why a business cannot finish setup yet, in the words of the step that is missing. */
function incompleteReason(step: SetupStepNumber): string {
  switch (step) {
    case 1:
      return 'Add your business’s name, website address and description first (step 1).'
    case 2:
      return `Add at least ${MIN_COMPETITORS} competitors first (step 2).`
    case 3:
      return 'Confirm your sitemap and blog addresses first, or leave them empty (step 3).'
    default:
      return `Choose a language and tone first (step 4, ${SETUP_STEPS[3]}).`
  }
}

/**
 * Step 5 "Finish": the business becomes the user's selected one (the gate then lets them in)
 * and keyword research is started through its hook.
 */
export async function finishSetup(db: Database, owned: Business) {
  const { userId, id: businessId } = owned
  const competitors = await listCompetitors(db, businessId)
  const step = initialSetupStep(owned, competitors.length)
  if (step !== 5) throw appError(SETUP_ERRORS.SETUP_INCOMPLETE, { message: incompleteReason(step) })
  await selectBusiness(db, userId, owned)
  const research = await startKeywordResearch(db, { userId, businessId })
  const [updated] = await db.select({ selectedBusiness: user.selectedBusiness }).from(user).where(eq(user.id, userId))
  return { businessId, selectedBusiness: updated.selectedBusiness, keywordResearch: research }
}
