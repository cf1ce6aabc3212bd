// `npm run bench -- article`: one article generated on the mocks (src/server/articles/generate.ts).
//
// A Growth user's coffee roaster with one scheduled keyword, in-memory PGlite with the job queue,
// every provider answered by its in-process mock with latency injected per request: the LLM 2 s a
// call, DataForSEO's SERP 300 ms, each result page fetched in 200 ms (the other providers — video
// search and images — answer at once). Prints the generation's wall time; its critical path given
// the providers' concurrency and the steps' dependencies (sections added for length are a round of
// their own); their ratio (target ≤ 1.2); LLM calls, tokens, estimated cost, and both per 1,000 words.
//
// The body is TypeScript (bench/lib/article-bench.ts) loaded through Vite's SSR module loader.
//
// Options: --llm-ms N (default 2000), --serp-ms N (default 300), --page-ms N (default 200),
// --strict (exit 1 when the target is missed).
import { parseLatencyOptions } from './lib/latency-options.mjs'
import { withTypeScriptModule } from './lib/typescript-module.mjs'

export async function run(args) {
  const options = parseLatencyOptions(
    args,
    { llmMs: 2000, serpMs: 300, pageMs: 200 },
    { '--llm-ms': 'llmMs', '--serp-ms': 'serpMs', '--page-ms': 'pageMs' },
  )
  process.env.NODE_ENV = 'test'
  process.env.LOG_LEVEL = 'silent'
  return withTypeScriptModule('/bench/lib/article-bench.ts', async ({ runArticleBench }) => {
    const failures = await runArticleBench(options)
    return options.strict && failures > 0 ? 1 : 0
  })
}
