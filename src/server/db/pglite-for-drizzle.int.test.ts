import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { getTableColumns, is, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { PgTable, PgTimestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '~tests/fixtures/test-app'
import type { DatabaseHandle } from './client'
import { pgliteForDrizzle } from './pglite-for-drizzle'
import * as schema from './schema'

// The adapter is sound only while no column needs drizzle's strings: every date-like column is
// `timestamp with time zone` read as a Date (see pglite-for-drizzle.ts).
describe('the schema keeps to what the PGlite adapter relies on', () => {
  const dateLike = /timestamp|date|interval|time/i
  const columns = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .flatMap((table) => Object.values(getTableColumns(table as PgTable)).map((column) => ({ table: table as PgTable, column })))

  it('finds the tables', () => {
    expect(columns.length).toBeGreaterThan(50)
  })

  it('has only timestamptz columns in Date mode among its date-like columns', () => {
    const offending = columns
      .filter(({ column }) => dateLike.test(column.getSQLType()) || dateLike.test(column.columnType))
      .filter(
        ({ column }) =>
          !(
            is(column, PgTimestamp) &&
            column.withTimezone &&
            column.getSQLType().startsWith('timestamp') &&
            !column.getSQLType().endsWith('[]')
          ),
      )
      .map(({ column }) => `${column.name} (${column.getSQLType()}, ${column.columnType})`)
    expect(offending).toEqual([])
  })
})

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('pgliteForDrizzle', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(() => handle?.close())

  it('runs typed queries without a per-query parser table and leaves untyped ones as drizzle sent them', async () => {
    const client = new PGlite()
    const seen: (QueryOptions | undefined)[] = []
    const query = client.query.bind(client)
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options)
      return query(text, params, options)
    }) as PGlite['query']
    const db = drizzle(pgliteForDrizzle(client))
    await db.execute(sql`create table t (at timestamptz not null)`)
    await db.execute(sql`insert into t values ('2026-01-31 23:59:59.123+00')`)
    seen.length = 0
    const at = schema.user.createdAt // any timestamptz column: only its mapper matters here
    const typed = await db.select({ at: sql`at`.mapWith(at) }).from(sql`t`)
    const untyped = await db.execute<{ at: unknown }>(sql`select at from t`)
    expect(seen[0]).toEqual({ rowMode: 'array' })
    expect(seen[1]?.parsers).toBeDefined()
    expect(typed[0].at).toEqual(new Date('2026-01-31T23:59:59.123Z'))
    // Untyped results keep drizzle's behaviour (the database's text), as on PostgreSQL.
    expect(untyped.rows[0].at).toBe('2026-01-31 23:59:59.123+00')
    await client.close()
  })

  it('reads every kind of column of the real schema as drizzle alone would', async () => {
    const plain = drizzle(handle.client as PGlite, { schema })
    await handle.db.execute(sql`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('adapter-user', 'A', 'adapter@example.com', true, '2025-12-31 23:30:00.5+00', now())`)
    await handle.db.execute(sql`
      insert into business (id, user_id, name, url, primary_services, created_at, updated_at)
      values ('adapter-business', 'adapter-user', 'B', 'https://adapter.example', array['SEO', 'Ads, "paid"'], '2024-02-29 12:00:00+00', now())`)
    await handle.db.execute(sql`
      insert into keywords.keyword_cluster (id, business_id, label, avg_cpc, centroid, created_at, updated_at)
      values ('adapter-cluster', 'adapter-business', 'C', 1.25, array[0.5, -1.5]::real[], now(), now())`)
    for (const table of [schema.user, schema.business, schema.keywordCluster]) {
      const adapted = await handle.db.select().from(table)
      const direct = await plain.select().from(table)
      expect(adapted).toEqual(direct)
      expect(adapted.length).toBeGreaterThan(0)
    }
    const [business] = await handle.db.select().from(schema.business)
    expect(business.createdAt).toEqual(new Date('2024-02-29T12:00:00Z'))
    expect(business.primaryServices).toEqual(['SEO', 'Ads, "paid"'])
    const [cluster] = await handle.db.select().from(schema.keywordCluster)
    expect([cluster.avgCpc, cluster.centroid]).toEqual([1.25, [0.5, -1.5]])
    // In a transaction too.
    const inTransaction = await handle.db.transaction((tx) => tx.select().from(schema.user))
    expect(inTransaction).toEqual(await plain.select().from(schema.user))
  })
})
