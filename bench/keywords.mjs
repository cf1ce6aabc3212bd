// `npm run bench -- keywords`: the Keywords list against 1,000,000 keywords on PGlite (targets: docs/product/limits.md).
//
// Seeds, in a temporary PGlite data folder, 100,000 keywords for the signed-in user's business and
// 900,000 for nine other businesses (generate_series, 100,000 rows a statement), then runs 20
// representative filtered/sorted/paged views through keyword.list (the in-process router client
// with a signed-in user, as the tests call it) and the same two statements (page + count) directly
// from the drizzle query's toSQL(). Prints the median of each, their ratio, and whether the
// targets hold: procedure ≤ 1.5× raw and every query under 100 ms median.
//
// The body is TypeScript (bench/lib/keywords-bench.ts) that imports the app's server code; it is
// loaded through Vite's SSR module loader (a direct dependency), which understands `~/` imports.
//
// Options: --own N (default 100000), --others N (default 900000), --runs N (default 31),
// --explain (EXPLAIN ANALYZE of each page query), --strict (exit 1 when a target is missed),
// --data DIR (keep the seeded database in DIR and reuse it on the next run with the same sizes;
// migrations still run, so a new index is built on the kept rows).
import { withTypeScriptModule } from './lib/typescript-module.mjs'

function parseArgs(args) {
  const options = { own: 100_000, others: 900_000, runs: 31, explain: false, strict: false }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    const number = () => Math.max(1, Math.floor(Number(args[++index])) || 1)
    if (arg === '--own') options.own = number()
    else if (arg === '--others') options.others = number()
    else if (arg === '--runs') options.runs = number()
    else if (arg === '--explain') options.explain = true
    else if (arg === '--data') options.data = args[++index]
    else if (arg === '--strict') options.strict = true
    else throw new Error(`unknown option ${arg}`)
  }
  return options
}

export async function run(args) {
  const options = parseArgs(args)
  process.env.NODE_ENV ??= 'test'
  process.env.LOG_LEVEL ??= 'silent'
  return withTypeScriptModule('/bench/lib/keywords-bench.ts', async ({ runKeywordsBench }) => {
    const failures = await runKeywordsBench(options)
    return options.strict && failures > 0 ? 1 : 0
  })
}
