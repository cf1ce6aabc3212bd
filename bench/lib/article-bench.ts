// The body of `npm run bench -- article` (bench/article.mjs loads it through Vite's SSR module
// loader so the app's `~/` imports and TypeScript work without a build).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { resetEnvCache } from '~/env'
import { startArticleGeneration } from '~/server/articles/articles.service'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { LLM_CONCURRENCY } from '~/server/articles/generation/setup'
import { storeMedia } from '~/server/media/media-store'
import { PAGES_FETCHED, PAGE_FETCH_CONCURRENCY } from '~/server/articles/sources'
import type { Auth } from '~/server/auth'
import { openDatabase, type Database } from '~/server/db/client'
import { article, business, jobRun, keyword, plan, user } from '~/server/db/schema'
import { seedPlans } from '~/server/db/seed'
import { createId } from '~/server/ids'
import { startJobs, stopJobs } from '~/server/jobs'
import { createProviders } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { mockRequestCount, resetMockRequestCounts, setMockLatency } from '~/server/demo-network/mock-faults'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { fetchResultPage } from '~tests/fixtures/result-pages'

/** Wall time over the critical path, at most. */
export const TARGET_RATIO = 1.2
const RUN_TIMEOUT_MS = 5 * 60 * 1000

export interface ArticleBenchOptions {
  /** Injected latency, in ms: one LLM call, one SERP task, one page fetch. */
  llmMs: number
  serpMs: number
  pageMs: number
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET')

interface GenerationResult {
  articleId: string
  cost: number
  tokens: { input: number; output: number; calls: number }
  dropped: number
  seoScore: number
  /** The length target and the sections written for it (src/server/articles/generate.ts). */
  length: { target: number; words: number; plannedSections: number; extraCalls: number; extraRounds: number; extraSections: number }
}

/** Only the mocks answer: no credentials or base URLs of the shell reach the providers. */
function useMockProviders(dataDir: string) {
  for (const name of Object.keys(process.env)) {
    if (/^(LLM|EMBEDDINGS|DATAFORSEO|IMAGES|YOUTUBE|POLAR)_|^BILLING$/.test(name)) delete process.env[name]
  }
  Object.assign(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', DATA_DIR: dataDir })
  resetEnvCache()
}

/** A Growth user's coffee roaster with one keyword scheduled in two days. */
async function seedCoffeeRoaster(db: Database) {
  const [growth] = await db.select({ id: plan.id }).from(plan).where(eq(plan.name, 'Growth'))
  const userId = createId()
  await db.insert(user).values({ id: userId, name: 'Bench', email: 'bench-article@example.com', plan: growth!.id })
  const [shop] = await db
    .insert(business)
    .values({
      userId,
      name: 'Acme Roasters',
      url: 'https://acme-roasters.example',
      blogUrl: 'https://acme-roasters.example/journal',
      description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
      valueProposition: 'Coffee roasted to order and on your doorstep within two days.',
      services: ['Coffee subscriptions', 'Single-origin coffee beans'],
      targetAudiences: ['Home baristas'],
      language: 'English',
      tone: 'Friendly',
      internalLinks: 2,
      bestArticles: ['https://acme-roasters.example/journal/how-to-dial-in-espresso'],
      brandColor: '#8b5a2b',
    })
    .returning({ id: business.id })
  const [planned] = await db
    .insert(keyword)
    .values({
      businessId: shop!.id,
      keyword: 'best espresso beans',
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 2 * 86_400_000),
    })
    .returning({ id: keyword.id })
  return { userId, businessId: shop!.id, keywordId: planned!.id }
}

/** The job once it has completed; throws when it fails, is cancelled or runs out of time. */
async function finishedJob(db: Database, jobId: string) {
  const deadline = Date.now() + RUN_TIMEOUT_MS
  let job: typeof jobRun.$inferSelect | undefined
  for (;;) {
    ;[job] = await db.select().from(jobRun).where(eq(jobRun.id, jobId))
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) break
    if (Date.now() > deadline) throw new Error(`the generation did not finish in ${RUN_TIMEOUT_MS / 60000} minutes (state ${job?.state})`)
    await new Promise((done) => setTimeout(done, 20))
  }
  if (job.state !== 'completed') throw new Error(`the generation ${job.state}: ${job.error ?? 'no error recorded'}`)
  return job
}

/** Prints the run's figures against its critical path; 0 when the target is met, else 1. */
function report({
  options,
  result,
  written,
  wallMs,
  pagesFetched,
}: {
  options: ArticleBenchOptions
  result: GenerationResult
  written: typeof article.$inferSelect
  wallMs: number
  pagesFetched: number
}): number {
  // The critical path: each step waits for the one it needs, each provider at its concurrency.
  const sections = written.outline.length
  const { length } = result
  const alongside = length.plannedSections + 1 + 1 // the planned sections, the introduction, the call to action
  const pageWaves = Math.ceil(Math.min(pagesFetched, PAGES_FETCHED) / PAGE_FETCH_CONCURRENCY)
  const steps = [
    { step: 'SERP research', ms: options.serpMs, note: '1 DataForSEO task' },
    {
      step: 'result pages',
      ms: pageWaves * options.pageMs,
      note: `${pagesFetched} pages, ${PAGE_FETCH_CONCURRENCY} at a time (${pageWaves} waves)`,
    },
    { step: 'outline', ms: options.llmMs, note: '1 LLM call' },
    {
      step: 'sections',
      ms: Math.ceil(alongside / LLM_CONCURRENCY) * options.llmMs,
      note: `${alongside} LLM calls (${length.plannedSections} sections, the introduction, the call to action), ${LLM_CONCURRENCY} at a time; video and images alongside`,
    },
    {
      step: 'added sections',
      ms: length.extraRounds * options.llmMs,
      note: `${length.extraCalls} LLM calls in ${length.extraRounds} round(s) while short of the ${length.target}-word target; ${length.extraSections} kept`,
    },
    { step: 'FAQ and meta', ms: options.llmMs, note: '2 LLM calls at once' },
  ]
  const criticalMs = steps.reduce((sum, step) => sum + step.ms, 0)
  console.log(`\n  wall time: ${seconds(wallMs)} (the job, started → finished)`)
  console.log(`  critical path: ${seconds(criticalMs)}`)
  for (const step of steps) console.log(`    ${step.step.padEnd(14)} ${seconds(step.ms).padStart(8)}  ${step.note}`)
  console.log(
    `  LLM: ${result.tokens.calls} calls (the mock answered ${mockRequestCount('llm')} requests), ${result.tokens.input} input and ${result.tokens.output} output tokens`,
  )
  console.log(`  estimated provider cost: $${result.cost.toFixed(4)} (LLM tokens and the SERP task; images are priced by the image model)`)
  const thousands = written.wordCount / 1000
  console.log(
    `  per 1,000 words: ${(result.tokens.calls / thousands).toFixed(1)} LLM calls, $${(result.cost / thousands).toFixed(4)} (${result.tokens.calls} calls: the outline, ${length.plannedSections} sections and the introduction, ${length.extraCalls} added, the call to action, the FAQ and the meta)`,
  )
  console.log(
    `  the article: ${written.wordCount} words against a target of ${length.target}, ${sections} sections (${length.extraSections} added for length), SEO score ${written.seoScore}, ${written.citations.length} citations, ${result.dropped} sentence(s) dropped by the grounding check`,
  )
  const ratio = wallMs / criticalMs
  const met = ratio <= TARGET_RATIO
  console.log(`\nTarget: wall time ≤ ${TARGET_RATIO} × critical path: ${verdict(met)} (${ratio.toFixed(2)})`)
  return met ? 0 : 1
}

export async function runArticleBench(options: ArticleBenchOptions): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'rankpilot-bench-article-'))
  useMockProviders(dir)
  const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...imagesHandlers(), ...youtubeHandlers())
  network.listen({ onUnhandledFrame: 'error' })
  const handle = openDatabase({})
  let pagesFetched = 0
  try {
    await handle.migrate()
    await seedPlans(handle.db)
    // Search Console is the only provider that asks auth for anything; an article never uses it.
    const providers = createProviders({ db: handle.db, auth: {} as Auth })
    await startJobs(handle, {
      kinds: [articleGenerateJob],
      providers: {
        ...providers,
        web: {
          fetch: async (url, request) => {
            pagesFetched++
            await new Promise((done) => setTimeout(done, options.pageMs))
            return fetchResultPage(url, request)
          },
        },
        media: { store: (input) => storeMedia({ ...input, dataDir: dir }) },
      },
      work: true,
    })
    const { userId, businessId, keywordId } = await seedCoffeeRoaster(handle.db)

    setMockLatency('llm', options.llmMs)
    setMockLatency('dataforseo', options.serpMs)
    resetMockRequestCounts()
    console.log('Article benchmark: one article of a coffee roaster, Growth plan, on the mocks (PGlite in memory, the job queue).')
    console.log(
      `Injected latency: LLM ${options.llmMs} ms a call, SERP ${options.serpMs} ms, ${options.pageMs} ms a result page; video search and images answer at once.`,
    )

    const { jobId } = await startArticleGeneration(handle.db, { userId, businessId, keywordId })
    const job = await finishedJob(handle.db, jobId)
    const result = job.result as GenerationResult
    const [written] = await handle.db.select().from(article).where(eq(article.id, result.articleId))
    const wallMs = job.finishedAt!.getTime() - job.startedAt!.getTime()

    return report({ options, result, written: written!, wallMs, pagesFetched })
  } finally {
    setMockLatency('llm', null)
    setMockLatency('dataforseo', null)
    await stopJobs()
    await handle.close()
    network.close()
    await rm(dir, { recursive: true, force: true })
  }
}
