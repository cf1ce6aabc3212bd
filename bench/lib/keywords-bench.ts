// The body of `npm run bench -- keywords` (bench/keywords.mjs loads it through Vite's SSR module
// loader so the app's `~/` imports and TypeScript work without a build).
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { PGlite } from '@electric-sql/pglite'
import { createRouterClient } from '@orpc/server'
import { sql } from 'drizzle-orm'
import { parseEnv } from '~/env'
import { createAppAuth } from '~/server/app/auth'
import type { Auth } from '~/server/auth'
import { getMemoizedSession } from '~/server/access/session-memo'
import { openDatabase } from '~/server/db/client'
import { seedPlans } from '~/server/db/seed'
import { createMailer } from '~/server/email/mailer'
import { keywordListInput } from '~/server/keywords/keywords.router'
import { keywordPageQuery } from '~/server/keywords/keywords.service'
import { router } from '~/server/app/router'
import { createProviders } from '~/server/providers'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import { KEYWORD_FILTER_FIELDS, KEYWORD_STATUSES, SEARCH_INTENTS, type KeywordFilterField } from '~/shared/keywords'

const APP_URL = 'http://localhost:3000'
export const TARGET_RATIO = 1.5
export const TARGET_MS = 100
/** Runs of each query before timing, so both paths are compiled by the JIT and cached alike. */
const WARM_UPS = 10
/** Rounds of all 20 views through both paths before the timing starts. */
const WARM_UP_ROUNDS = 5

export interface BenchOptions {
  own: number
  others: number
  runs: number
  explain: boolean
  /** Keep the seeded database in this folder and reuse it next time (same --own/--others). */
  data?: string
}

let filterCounter = 0
const filter = (id: KeywordFilterField, operator: FilterItem['operator'], value: FilterItem['value'] = ''): FilterItem => ({
  id,
  operator,
  value,
  variant: KEYWORD_FILTER_FIELDS[id].variant,
  filterId: `b${String(++filterCounter).padStart(7, '0')}`,
})
const day = (iso: string) => String(Date.parse(`${iso}T00:00:00Z`))

/** 20 views a person would plausibly open on the Keywords screen. */
export const QUERIES: { name: string; input: Record<string, unknown> }[] = [
  { name: 'default: newest first, page 1', input: {} },
  { name: 'newest first, page 500', input: { page: 500 } },
  { name: 'keyword contains "crm"', input: { filters: [filter('keyword', 'iLike', 'crm')] } },
  {
    name: 'contains "best", by volume desc',
    input: { filters: [filter('keyword', 'iLike', 'best')], sort: [{ id: 'searchVolume', desc: true }] },
  },
  { name: 'does not contain "cheap"', input: { filters: [filter('keyword', 'notILike', 'cheap')] } },
  { name: 'keyword is exact text', input: { filters: [filter('keyword', 'eq', 'best seo tools 4242')] } },
  { name: 'intent commercial|transactional', input: { filters: [filter('searchIntent', 'inArray', ['commercial', 'transactional'])] } },
  { name: 'status draft|scheduled', input: { filters: [filter('status', 'inArray', ['draft', 'scheduled'])] } },
  { name: 'status none of archived', input: { filters: [filter('status', 'notInArray', ['archived'])] } },
  {
    name: 'volume 1000–5000, volume desc',
    input: { filters: [filter('searchVolume', 'isBetween', ['1000', '5000'])], sort: [{ id: 'searchVolume', desc: true }] },
  },
  {
    name: 'difficulty ≤ 30, difficulty asc',
    input: { filters: [filter('difficulty', 'lte', '30')], sort: [{ id: 'difficulty', desc: false }] },
  },
  { name: 'priority ≥ 80, priority desc', input: { filters: [filter('priority', 'gte', '80')], sort: [{ id: 'priority', desc: true }] } },
  { name: 'scheduled in the last 30 days', input: { filters: [filter('scheduledAt', 'isRelativeToToday', '-30 days')] } },
  {
    name: 'scheduled in June 2025, date asc',
    input: {
      filters: [filter('scheduledAt', 'isBetween', [day('2025-06-01'), day('2025-06-30')])],
      sort: [{ id: 'scheduledAt', desc: false }],
    },
  },
  {
    name: 'created since 2025-06, oldest first',
    input: { filters: [filter('createdAt', 'gte', day('2025-06-01'))], sort: [{ id: 'createdAt', desc: false }] },
  },
  { name: 'intent is empty', input: { filters: [filter('searchIntent', 'isEmpty')] } },
  {
    name: 'published OR difficulty > 90',
    input: { filters: [filter('status', 'inArray', ['published']), filter('difficulty', 'gt', '90')], joinOperator: 'or' },
  },
  {
    name: '"seo" AND pending AND volume ≥ 100, 50 rows',
    input: {
      filters: [filter('keyword', 'iLike', 'seo'), filter('status', 'inArray', ['pending']), filter('searchVolume', 'gte', '100')],
      perPage: 50,
    },
  },
  { name: 'keyword A→Z, 50 rows', input: { sort: [{ id: 'keyword', desc: false }], perPage: 50 } },
  {
    name: 'status asc, volume desc, page 3',
    input: {
      sort: [
        { id: 'status', desc: false },
        { id: 'searchVolume', desc: true },
      ],
      page: 3,
    },
  },
]

const WORDS_A = ['best', 'cheap', 'top', 'free', 'how to choose', 'local', 'online', 'affordable', 'enterprise', 'small business']
const WORDS_B = [
  'seo',
  'crm',
  'email marketing',
  'accounting',
  'project management',
  'web hosting',
  'payroll',
  'analytics',
  'helpdesk',
  'invoicing',
  'backlink',
  'content',
]
const WORDS_C = ['tools', 'software', 'services', 'agency', 'platform', 'guide', 'pricing', 'alternatives', 'checklist', 'reviews']
const textArray = (words: readonly string[]) => sql.raw(`array[${words.map((word) => `'${word}'`).join(', ')}]`)

/** Bulk rows in SQL (generate_series), one statement per 100,000 rows. */
async function seedKeywords(db: ReturnType<typeof openDatabase>['db'], businessIds: string[], from: number, to: number) {
  const ids = sql.raw(`array[${businessIds.map((id) => `'${id}'`).join(', ')}]`)
  await db.execute(sql`
    insert into keywords.keyword (id, business_id, keyword, search_intent, search_volume, difficulty, priority, status, scheduled_at, created_at, updated_at)
    select
      'kw' || i,
      (${ids})[1 + i % ${businessIds.length}],
      (${textArray(WORDS_A)})[1 + i % 10] || ' ' || (${textArray(WORDS_B)})[1 + (i / 10) % 12] || ' ' || (${textArray(WORDS_C)})[1 + (i / 120) % 10] || ' ' || i,
      case when i % 7 = 5 then null when i % 7 = 6 then '' else (${textArray(SEARCH_INTENTS)})[1 + i % 4] end,
      case when i % 11 = 0 then null else ((i::bigint * 7919) % 10001)::int end,
      case when i % 13 = 0 then null else (i * 31) % 101 end,
      case when i % 17 = 0 then null else (i * 17) % 101 end,
      (${textArray(KEYWORD_STATUSES)})[1 + (i * 7) % 5],
      case when i % 3 = 0 then null else timestamptz '2025-01-01' + ((i * 13) % 1000) * interval '1 day' + (i % 24) * interval '1 hour' end,
      timestamptz '2024-06-01' + ((i * 37) % 1000000) * interval '1 minute',
      now()
    from generate_series(${from}::int, ${to}::int) as i`)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

async function time(run: () => Promise<unknown>, runs: number) {
  for (let index = 0; index < 3; index++) await run()
  const times: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return median(times)
}

/**
 * Medians of two ways of doing the same work, sampled alternately (a, b, a, b, …) so that a slow
 * spell of the machine (another process, a garbage collection) weighs on both alike.
 */
async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number): Promise<[number, number]> {
  for (let index = 0; index < WARM_UPS; index++) {
    await a()
    await b()
  }
  const times: [number[], number[]] = [[], []]
  for (let index = 0; index < runs; index++) {
    for (const [slot, run] of [a, b].entries()) {
      const started = performance.now()
      await run()
      times[slot].push(performance.now() - started)
    }
  }
  return [median(times[0]), median(times[1])]
}

function table(rows: (string | number)[][]) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)))
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) => (column <= 1 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column])))
        .join('  ')
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line
    })
    .join('\n')
}

const BENCH_EMAIL = 'bench@example.com'
const BENCH_PASSWORD = 'correct horse battery'

/** Signs the bench user in (up, on a new database) and returns its id and session cookie. */
async function signIn(auth: Auth, create: boolean) {
  const response = await auth.handler(
    new Request(`${APP_URL}/api/auth/${create ? 'sign-up' : 'sign-in'}/email`, {
      method: 'POST',
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD, name: 'Bench' }),
    }),
  )
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  return { cookie, userId: ((await response.json()) as { user: { id: string } }).user.id }
}

/** 100,000 keywords (by default) for the bench user's business, 900,000 for nine others'. */
async function seed(handle: ReturnType<typeof openDatabase>, userId: string, options: BenchOptions) {
  await handle.db.execute(sql`
    insert into "user" (id, name, email, created_at, updated_at)
    select 'bench-user-' || n, 'Other ' || n, 'other-' || n || '@example.com', now(), now() from generate_series(1, 9) as n`)
  // The signed-in user's business (the oldest, so the current one), and nine others' businesses.
  await handle.db.execute(sql`
    insert into business (id, user_id, name, url, created_at, updated_at)
    select 'bench-business-0', ${userId}, 'Bench business', 'https://bench.example.com', timestamptz '2020-01-01', now()
    union all
    select 'bench-business-' || n, 'bench-user-' || n, 'Other business ' || n, 'https://other-' || n || '.example.com', now(), now() from generate_series(1, 9) as n`)
  const others = Array.from({ length: 9 }, (_, index) => `bench-business-${index + 1}`)
  // Bulk load without the secondary indexes, then build them once (much faster than keeping
  // 14 indexes up to date row by row); the unique and primary keys stay.
  const indexes = (
    await handle.db.execute(sql`
    select indexname, indexdef from pg_indexes i
    where schemaname = 'keywords' and tablename = 'keyword'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)
  ).rows as { indexname: string; indexdef: string }[]
  for (const index of indexes) await handle.db.execute(sql.raw(`drop index keywords."${index.indexname}"`))
  const chunk = 100_000
  for (let from = 1; from <= options.own; from += chunk)
    await seedKeywords(handle.db, ['bench-business-0'], from, Math.min(options.own, from + chunk - 1))
  for (let from = options.own + 1; from <= options.own + options.others; from += chunk) {
    await seedKeywords(handle.db, others, from, Math.min(options.own + options.others, from + chunk - 1))
  }
  for (const index of indexes) await handle.db.execute(sql.raw(index.indexdef))
}

export async function runKeywordsBench(options: BenchOptions): Promise<number> {
  const dir = options.data ?? (await mkdtemp(join(tmpdir(), 'rankpilot-bench-keywords-')))
  const marker = join(dir, 'seeded.json')
  const seeded = JSON.stringify({ own: options.own, others: options.others })
  const reuse = options.data !== undefined && existsSync(marker) && (await readFile(marker, 'utf8')) === seeded
  if (options.data !== undefined && !reuse) await rm(dir, { recursive: true, force: true })
  const handle = openDatabase({ pgliteDir: join(dir, 'pglite') })
  try {
    const started = performance.now()
    await handle.migrate()
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL, DATA_DIR: dir })
    const auth = createAppAuth({ db: handle.db, env, mailer: createMailer({ from: env.EMAIL_FROM, outboxDir: join(dir, 'outbox') }) })
    if (!reuse) {
      await seedPlans(handle.db)
      await seed(handle, (await signIn(auth, true)).userId, options)
    }
    // PGlite runs no autovacuum: vacuum once, as a maintained database would be.
    await handle.db.execute(sql`vacuum analyze keywords.keyword`)
    if (options.data !== undefined) await writeFile(marker, seeded)
    const [{ own }] = (
      await handle.db.execute(
        sql`select count(*) filter (where business_id = 'bench-business-0')::int as own, count(*)::int as total from keywords.keyword`,
      )
    ).rows as { own: number }[]
    console.log(
      `${reuse ? 'Reused' : 'Seeded'} ${own.toLocaleString('en-US')} keywords for the signed-in user's business and ${(options.own + options.others - own).toLocaleString('en-US')} for 9 other businesses in ${((performance.now() - started) / 1000).toFixed(1)} s (PGlite in ${dir}).\n`,
    )

    // Sign in now, as a browser that has been using the app would be: its session cookie cache
    // (60 s) is fresh. The sign-up's cache expired during the seeding above, which would make
    // every call read the session table — not what a user's requests do.
    const { cookie, userId } = await signIn(auth, false)
    // Keyword procedures need a paid plan: the bench user is on Growth, as a customer would be.
    await handle.db.execute(sql`update "user" set plan = (select id from plan where name = 'Growth') where id = ${userId}`)
    const headers = new Headers({ origin: APP_URL, cookie })
    const client = createRouterClient(router, {
      context: { db: handle.db, auth, providers: createProviders({ db: handle.db, auth }), headers },
    })
    await client.keyword.list({}) // the session's first call: resolves and remembers the current business
    const pglite = handle.client as PGlite

    // What every call pays for its session: a session already seen with the same cookies is
    // remembered (session-memo.ts); the full better-auth check runs on the first call.
    const sessionMs = await time(() => getMemoizedSession(auth, headers), options.runs)
    const fullSessionMs = await time(() => auth.api.getSession({ headers }), options.runs)
    const { resolveCurrentBusiness } = await import('~/server/access/business')
    const { recallCurrentBusiness } = await import('~/server/access/current-business-cache')
    // The database resolves the current business on a session's first call; later calls recall it.
    const firstCallMs = await time(() => resolveCurrentBusiness(handle.db, userId), options.runs)
    const businessMs = await time(async () => recallCurrentBusiness(userId, null), options.runs)
    const parseMs = await time(async () => keywordListInput.parse(QUERIES[17].input), options.runs)
    console.log(
      `Fixed cost of every call: session ${sessionMs.toFixed(3)} ms (${fullSessionMs.toFixed(2)} ms when better-auth checks the cookies), current business ${businessMs.toFixed(3)} ms (${firstCallMs.toFixed(2)} ms on a session's first call), input parse ${parseMs.toFixed(3)} ms\n`,
    )

    const views = QUERIES.map((query) => {
      const input = keywordListInput.parse(query.input)
      const { items: itemsSql, total: totalSql } = keywordPageQuery({ businessId: 'bench-business-0', ...input })
      // The procedure's own statements: the page with its total, and the count alone past the last page.
      const raw = async () => {
        const page = await pglite.query(itemsSql.sql, itemsSql.params as unknown[])
        if (page.rows.length === 0 && input.page > 1) await pglite.query(totalSql.sql, totalSql.params as unknown[])
      }
      return { query, input, itemsSql, totalSql, raw }
    })
    // A server that has been up a while: every view through both paths a few times before any
    // is timed, so the JIT has compiled the code all of them share, not only the first ones'.
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      for (const view of views) {
        await client.keyword.list(view.input)
        await view.raw()
      }
    }

    const rows: (string | number)[][] = [['#', 'query', 'rows', 'total', 'procedure ms', 'raw SQL ms', 'ratio', 'ok']]
    let failures = 0
    for (const [index, { query, input, itemsSql, totalSql, raw }] of views.entries()) {
      const page = await client.keyword.list(input)
      const [procedureMs, rawMs] = await timePair(() => client.keyword.list(input), raw, options.runs)
      const ratio = procedureMs / rawMs
      const ok = ratio <= TARGET_RATIO && procedureMs < TARGET_MS
      if (!ok) failures++
      rows.push([
        index + 1,
        query.name,
        page.items.length,
        page.total,
        procedureMs.toFixed(2),
        rawMs.toFixed(2),
        `${ratio.toFixed(2)}×`,
        ok ? 'yes' : 'NO',
      ])
      if (options.explain) {
        for (const [label, statement] of [
          ['page', itemsSql],
          ['count', totalSql],
        ] as const) {
          const plan = await pglite.query<{ 'QUERY PLAN': string }>(`explain analyze ${statement.sql}`, statement.params as unknown[])
          console.log(`#${index + 1} ${query.name} (${label})\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`)
        }
      }
    }
    console.log(
      `Keywords list on PGlite: median of ${options.runs} runs each, the procedure and the raw SQL taking turns, after ${WARM_UP_ROUNDS} rounds of all views and ${WARM_UPS} warm-ups of each; raw SQL = the procedure's two statements (page + count) run directly\n`,
    )
    console.log(table(rows))
    console.log(
      `\nTargets: procedure ≤ ${TARGET_RATIO}× raw SQL and under ${TARGET_MS} ms median for every query → ${failures === 0 ? 'MET' : `NOT MET for ${failures} of ${QUERIES.length} queries`}`,
    )
    return failures
  } finally {
    await handle.close()
    if (options.data === undefined) await rm(dir, { recursive: true, force: true })
  }
}
