// The body of `npm run bench -- research` (bench/research.mjs loads it through Vite's SSR module
// loader so the app's `~/` imports and TypeScript work without a build).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { parseEnv, resetEnvCache } from '~/env'
import { JOB_KINDS } from '~/server/app/job-kinds'
import { createAppAuth } from '~/server/app/auth'
import type { Auth } from '~/server/auth'
import { openDatabase } from '~/server/db/client'
import { LABEL_CONCURRENCY } from '~/server/research/plan-stages'
import { business, competitor, jobRun, plan, researchRun, user } from '~/server/db/schema'
import { seedPlans } from '~/server/db/seed'
import { createMailer } from '~/server/email/mailer'
import { startJobs, stopJobs } from '~/server/jobs'
import { createProviders } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { mockRequestCount, resetMockRequestCounts, setMockLatency, type MockVendor } from '~/server/demo-network/mock-faults'
import type { ProviderTally } from '~/server/providers/cost-ledger'
import type { ResearchRunResult } from '~/server/research/research.run'
import { startResearch } from '~/server/research/research.service'
import { MAX_REFINED_SEEDS } from '~/server/research/seed-stages'
import { RESEARCH_STAGE_IDS, type ResearchStage } from '~/shared/research'

const APP_URL = 'http://localhost:3000'
/** Wall time over the critical path, at most. */
export const TARGET_RATIO = 1.2
/** Paid provider calls of a second run the same day. */
export const TARGET_SECOND_RUN_PAID_CALLS = 0
const RUN_TIMEOUT_MS = 15 * 60 * 1000

export interface ResearchBenchOptions {
  /** Injected latency, in ms: one DataForSEO task, one LLM call, one embeddings batch. */
  dataforseoMs: number
  llmMs: number
  embeddingsMs: number
}

type Provider = 'dataforseo' | 'llm' | 'embeddings'
const PROVIDERS: Provider[] = ['dataforseo', 'llm', 'embeddings']

/**
 * How each stage asks the providers, as its code does (src/server/research/*-stages.ts), with the
 * providers' documented concurrency:
 * - DataForSEO Labs live endpoints take up to 2000 calls a minute; the stages run at most 4 tasks
 *   at once (expansion: 4 seeds at a time, each a suggestions call then a related-keywords call;
 *   competitors: 3 at a time). The rate limit is not reached by a run's few dozen calls.
 * - The LLM client has no concurrency limit of its own, so the code's sequencing is the bound:
 *   one service-keywords call in seeds; cluster naming asks LABEL_CONCURRENCY (4) topics at a time.
 * - Embeddings: one batch (up to 96 inputs) at a time per call site, one call site per stage.
 * A stage's provider-bound time is therefore each provider's calls in "waves" of its concurrency.
 */
function stageCriticalMs(
  stage: ResearchStage,
  calls: Record<Provider, number>,
  latency: Record<Provider, number>,
  expandedSeeds: number,
): { ms: number; note: string } {
  const { dataforseo: d, llm: l, embeddings: e } = calls
  const E = e * latency.embeddings
  switch (stage) {
    case 'seeds': {
      // The service-keywords LLM call, then the competitors' ranked keywords 3 at a time.
      const waves = Math.ceil(d / 3)
      return {
        ms: l * latency.llm + waves * latency.dataforseo,
        note: `${l} LLM call${l === 1 ? '' : 's'} in sequence, then ${d} ranked-keywords task${d === 1 ? '' : 's'} 3 at a time (${waves} wave${waves === 1 ? '' : 's'})`,
      }
    }
    case 'expand': {
      // Search volume and difficulty (one batch task each, in sequence), then per seed
      // suggestions → related (2 in sequence) with 4 seeds at a time, then one keyword-ideas task.
      const batches = Math.min(2, d)
      const ideas = d > batches ? 1 : 0
      const perSeed = d - batches - ideas
      const waves = perSeed === 2 * expandedSeeds ? Math.ceil(expandedSeeds / 4) * 2 : Math.ceil(perSeed / 4)
      return {
        ms: (batches + waves + ideas) * latency.dataforseo,
        note: `${batches} batch task${batches === 1 ? '' : 's'} in sequence, ${perSeed} per-seed tasks for ${expandedSeeds} seeds (2 in sequence per seed, 4 seeds at a time: ${waves} waves), ${ideas} ideas task`,
      }
    }
    case 'cluster': {
      const waves = Math.ceil(l / LABEL_CONCURRENCY)
      return {
        ms: E + waves * latency.llm,
        note: `${e} embeddings batch${e === 1 ? '' : 'es'} in sequence, then ${l} topic-naming LLM call${l === 1 ? '' : 's'}, ${LABEL_CONCURRENCY} at a time (${waves} wave${waves === 1 ? '' : 's'})`,
      }
    }
    default:
      return {
        ms: E + l * latency.llm + d * latency.dataforseo,
        note: e + l + d === 0 ? 'no paid provider call' : `${e} embeddings batch${e === 1 ? '' : 'es'} in sequence`,
      }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const dollars = (value: number) => `$${value.toFixed(4)}`
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET')
const pad = (text: string, width: number) => text.padEnd(width)

interface RunFigures {
  wallMs: number
  endToEndMs: number
  result: ResearchRunResult
  calls: Record<string, ProviderTally>
  requests: Record<Provider, number>
}

/** A business with 10 seed keywords and 5 competitors, owned by a new Growth user. */
async function createBusiness(handle: ReturnType<typeof openDatabase>, auth: Auth) {
  const response = await auth.handler(
    new Request(`${APP_URL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-research@example.com', password: 'correct horse battery', name: 'Bench' }),
    }),
  )
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
  const userId = ((await response.json()) as { user: { id: string } }).user.id
  const [growth] = await handle.db.select({ id: plan.id }).from(plan).where(eq(plan.name, 'Growth'))
  await handle.db.update(user).set({ plan: growth!.id }).where(eq(user.id, userId))
  const [row] = await handle.db
    .insert(business)
    .values({
      userId,
      name: 'Acme Roasters',
      url: 'https://acme-roasters.example',
      description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
      industry: 'Specialty coffee',
      services: ['Coffee subscriptions', 'Wholesale coffee for cafés'],
      coreProducts: ['Ethiopia Yirgacheffe', 'Colombia Huila espresso'],
      targetAudiences: ['Home baristas'],
      seeds: [
        'specialty coffee beans',
        'coffee subscription',
        'pour over coffee',
        'espresso beans',
        'single origin coffee',
        'light roast coffee',
        'decaf coffee beans',
        'cold brew coffee',
        'whole bean coffee',
        'coffee gift box',
      ],
      keywordRegion: 'US',
      language: 'English',
    })
    .returning()
  await handle.db.insert(competitor).values(
    [
      ['https://bluebottlecoffee.com', 'Blue Bottle'],
      ['https://counterculturecoffee.com', 'Counter Culture'],
      ['https://intelligentsia.com', 'Intelligentsia'],
      ['https://stumptowncoffee.com', 'Stumptown'],
      ['https://lacolombe.com', 'La Colombe'],
    ].map(([url, name]) => ({ businessId: row!.id, url: url!, name })),
  )
  return { userId, businessId: row!.id }
}

/** Starts a research run through the job queue and waits for it; the job's own time and the time from the start. */
async function runOnce(db: ReturnType<typeof openDatabase>['db'], target: { userId: string; businessId: string }): Promise<RunFigures> {
  resetMockRequestCounts()
  const started = performance.now()
  const { jobId } = await startResearch(db, target, 'manual')
  const deadline = Date.now() + RUN_TIMEOUT_MS
  for (;;) {
    const [row] = await db.select().from(jobRun).where(eq(jobRun.id, jobId))
    if (row && ['completed', 'failed', 'cancelled'].includes(row.state)) {
      const endToEndMs = performance.now() - started
      if (row.state !== 'completed') throw new Error(`research run ${row.state}: ${row.error ?? 'no error recorded'}`)
      const [run] = await db.select().from(researchRun).where(eq(researchRun.id, jobId))
      return {
        wallMs: row.finishedAt!.getTime() - row.startedAt!.getTime(),
        endToEndMs,
        result: row.result as ResearchRunResult,
        calls: run!.calls,
        requests: Object.fromEntries(PROVIDERS.map((name) => [name, mockRequestCount(name as MockVendor)])) as Record<Provider, number>,
      }
    }
    if (Date.now() > deadline) throw new Error(`research run did not finish in ${RUN_TIMEOUT_MS / 60000} minutes (state ${row?.state})`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function callsOf(tallies: Record<string, ProviderTally> | undefined): Record<Provider, number> {
  return Object.fromEntries(PROVIDERS.map((name) => [name, tallies?.[name]?.calls ?? 0])) as Record<Provider, number>
}

/** Prints one run's figures; returns its critical path in ms. */
function report(title: string, figures: RunFigures, latency: Record<Provider, number>): number {
  const { result } = figures
  const expandedSeeds = Math.min(MAX_REFINED_SEEDS, result.counts.refine ?? 0)
  console.log(`\n${title}`)
  console.log(
    `  wall time: ${seconds(figures.wallMs)} (the job, started → finished); ${seconds(figures.endToEndMs)} from the start request, queue pick-up included`,
  )
  let criticalMs = 0
  const rows: string[][] = []
  for (const stage of RESEARCH_STAGE_IDS) {
    const ran = result.stages[stage]
    if (!ran) continue
    const calls = callsOf(ran.calls)
    const { ms, note } = stageCriticalMs(stage, calls, latency, expandedSeeds)
    criticalMs += ms
    const cached = PROVIDERS.map((name) => ran.calls[name]?.cacheHits ?? 0)
    rows.push([
      stage,
      seconds(ran.ms),
      seconds(ms),
      ms > 0 ? `${(ran.ms / ms).toFixed(2)}×` : '–',
      PROVIDERS.map((name) => calls[name]).join('/'),
      cached.join('/'),
      note,
    ])
  }
  console.log(`  critical path (provider latency at each provider's concurrency, per stage): ${seconds(criticalMs)}`)
  const header = ['stage', 'measured', 'critical', 'ratio', 'paid d/l/e', 'cached d/l/e', 'how the critical path is counted']
  const widths = header.map((name, index) => Math.max(name.length, ...rows.map((row) => row[index]!.length)))
  for (const row of [header, ...rows]) console.log(`    ${row.map((cell, index) => pad(cell, widths[index]!)).join('  ')}`.trimEnd())
  const stageSum = Object.values(result.stages).reduce((sum, stage) => sum + stage.ms, 0)
  console.log(
    `    (d/l/e: DataForSEO/LLM/embeddings; stages add up to ${seconds(stageSum)}, the rest of the job's time is its set-up and bookkeeping)`,
  )
  for (const name of PROVIDERS) {
    const tally = figures.calls[name] ?? { calls: 0, cacheHits: 0, cost: 0 }
    const requests = figures.requests[name]
    console.log(
      `  ${pad(name, 10)}: ${tally.calls} paid call${tally.calls === 1 ? '' : 's'}, ${tally.cacheHits} cache hit${tally.cacheHits === 1 ? '' : 's'}, ${dollars(tally.cost)}` +
        (requests === tally.calls ? '' : ` (the mocks answered ${requests} requests: the critical path counts the ledger's calls)`),
    )
  }
  console.log(`  estimated cost: ${dollars(result.cost)}; paid calls: ${result.paidCalls}`)
  return criticalMs
}

/** Where the time goes, largest provider-bound share first. */
function whereTimeGoes(result: ResearchRunResult, latency: Record<Provider, number>) {
  const expandedSeeds = Math.min(MAX_REFINED_SEEDS, result.counts.refine ?? 0)
  const shares = RESEARCH_STAGE_IDS.filter((stage) => result.stages[stage]).map((stage) => {
    const ran = result.stages[stage]!
    const { ms } = stageCriticalMs(stage, callsOf(ran.calls), latency, expandedSeeds)
    return { stage, measured: ran.ms, critical: ms, overhead: ran.ms - ms }
  })
  const total = shares.reduce((sum, share) => sum + share.measured, 0)
  console.log('  Where the time goes (stage: measured, of which provider-bound, the rest database and CPU):')
  for (const share of [...shares].sort((a, b) => b.measured - a.measured)) {
    console.log(
      `    ${pad(share.stage, 8)} ${seconds(share.measured)} (${((share.measured / total) * 100).toFixed(0)}%): provider-bound ${seconds(share.critical)}, other ${seconds(Math.max(0, share.overhead))}`,
    )
  }
}

/** Only the mocks answer: no credentials, base URLs or billing of the shell reach the providers. */
function useMockProviders(dataDir: string) {
  for (const name of Object.keys(process.env)) {
    if (/^(LLM|EMBEDDINGS|DATAFORSEO|IMAGES|YOUTUBE|POLAR)_|^BILLING$/.test(name)) delete process.env[name]
  }
  Object.assign(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL, DATA_DIR: dataDir })
  resetEnvCache()
}

export async function runResearchBench(options: ResearchBenchOptions): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'rankpilot-bench-research-'))
  useMockProviders(dir)
  const latency: Record<Provider, number> = { dataforseo: options.dataforseoMs, llm: options.llmMs, embeddings: options.embeddingsMs }
  const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...embeddingsHandlers())
  network.listen({ onUnhandledFrame: 'error' })
  const handle = openDatabase({})
  try {
    await handle.migrate()
    await seedPlans(handle.db)
    const env = parseEnv(process.env)
    const auth = createAppAuth({ db: handle.db, env, mailer: createMailer({ from: env.EMAIL_FROM, outboxDir: join(dir, 'outbox') }) })
    const providers = createProviders({ db: handle.db, auth })
    await startJobs(handle, { kinds: JOB_KINDS, providers, work: true })
    const target = await createBusiness(handle, auth)
    for (const name of PROVIDERS) setMockLatency(name, latency[name])

    console.log(
      `Research benchmark: one business, 10 seeds, 5 competitors, Growth plan, on the mocks (PGlite in memory, the job queue with its default timings).`,
    )
    console.log(
      `Injected latency: DataForSEO ${latency.dataforseo} ms a task, LLM ${latency.llm} ms a call, embeddings ${latency.embeddings} ms a batch (up to 96 inputs).`,
    )

    const first = await runOnce(handle.db, target)
    const criticalMs = report('First run (empty caches)', first, latency)
    const ratio = first.wallMs / criticalMs
    const ratioMet = ratio <= TARGET_RATIO
    console.log(`  wall time / critical path: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${verdict(ratioMet)}`)
    whereTimeGoes(first.result, latency)

    const second = await runOnce(handle.db, target)
    report('Second run, the same day (caches warm)', second, latency)
    const secondMet = second.result.paidCalls <= TARGET_SECOND_RUN_PAID_CALLS
    console.log(`  paid calls: ${second.result.paidCalls} (target ${TARGET_SECOND_RUN_PAID_CALLS}): ${verdict(secondMet)}`)

    console.log('\nTargets:')
    console.log(`  first run, wall time ≤ ${TARGET_RATIO} × critical path: ${verdict(ratioMet)} (${ratio.toFixed(2)})`)
    console.log(`  second run, ${TARGET_SECOND_RUN_PAID_CALLS} paid calls: ${verdict(secondMet)} (${second.result.paidCalls})`)
    return [ratioMet, secondMet].filter((met) => !met).length
  } finally {
    for (const name of PROVIDERS) setMockLatency(name, null)
    await stopJobs()
    await handle.close()
    network.close()
    await rm(dir, { recursive: true, force: true })
  }
}
