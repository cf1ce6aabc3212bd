// `npm run bench -- research`: a whole keyword-research run (src/server/research) on the mocks.
//
// One business with 10 seed keywords and 5 competitors on the Growth plan, in-memory PGlite with
// the job queue, every provider answered by its in-process mock with latency injected per request
// (setMockLatency in src/server/demo-network/mock-faults.ts): DataForSEO 300 ms a task, LLM 2 s a
// call, embeddings 150 ms a batch. Prints the run's wall time; its critical path, counted per
// stage from the calls the run made (the research ledger's per-stage tallies) and the concurrency
// each stage uses with each provider; their ratio (target ≤ 1.2); provider calls, cache hits and
// estimated cost. Then the same for a second run the same day (target: 0 paid calls).
//
// The body is TypeScript (bench/lib/research-bench.ts) loaded through Vite's SSR module loader.
//
// Options: --dataforseo-ms N (default 300), --llm-ms N (default 2000), --embeddings-ms N
// (default 150), --strict (exit 1 when a target is missed).
import { parseLatencyOptions } from './lib/latency-options.mjs'
import { withTypeScriptModule } from './lib/typescript-module.mjs'

export async function run(args) {
  const options = parseLatencyOptions(
    args,
    { dataforseoMs: 300, llmMs: 2000, embeddingsMs: 150 },
    { '--dataforseo-ms': 'dataforseoMs', '--llm-ms': 'llmMs', '--embeddings-ms': 'embeddingsMs' },
  )
  process.env.NODE_ENV = 'test'
  process.env.LOG_LEVEL = 'silent'
  return withTypeScriptModule('/bench/lib/research-bench.ts', async ({ runResearchBench }) => {
    const failures = await runResearchBench(options)
    return options.strict && failures > 0 ? 1 : 0
  })
}
