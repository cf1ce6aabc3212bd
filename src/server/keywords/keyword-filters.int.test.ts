import { ORPCError } from '@orpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JoinOperator } from '~/shared/data-table/config'
import type { FilterItem, SortItem } from '~/shared/data-table/filter-schema'
import { KEYWORD_FILTER_FIELDS, KEYWORD_SORTABLE_COLUMNS, type KeywordFilterField } from '~/shared/keywords'
import { insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { handleRpcRequest } from '~/server/app/rpc-handler'
import { eq, sql } from 'drizzle-orm'
import { keyword, keywordCluster } from '~/server/db/schema'
import { keywordPageQuery, listKeywords, type KeywordRow } from './keywords.service'

/**
 * Every operator of every variant the Keywords table uses, against six rows with nulls and
 * empty strings (letters A–F below), through the service with a pinned "now". Topics: A and B are
 * in the business's "CRM software" cluster, F in "SEO Basics"; C names a cluster that does not
 * exist, E another business's "CRM software" cluster, D none: C, D and E have no topic.
 */
let app: TestApp
let owner: { userId: string; cookie: string }
let businessId: string
let pagingBusinessId: string

const at = (iso: string) => new Date(iso)
const ms = (iso: string) => String(Date.parse(iso))
const ROWS = {
  A: {
    keyword: 'Best CRM software',
    searchIntent: 'commercial',
    searchVolume: 1000,
    difficulty: 25,
    priority: 85,
    status: 'draft',
    scheduledAt: at('2025-03-01T10:00:00Z'),
    createdAt: at('2025-01-31T12:00:00Z'),
    source: 'profile',
    cluster: 'crm',
  },
  B: {
    keyword: 'crm for startups',
    searchIntent: 'informational',
    searchVolume: 500,
    difficulty: 45,
    priority: 50,
    status: 'scheduled',
    scheduledAt: at('2025-03-10T00:00:00Z'),
    createdAt: at('2025-02-28T23:59:59Z'),
    source: 'competitor',
    cluster: 'crm',
  },
  C: {
    keyword: 'buy crm',
    searchIntent: 'transactional',
    searchVolume: 0,
    difficulty: 61,
    priority: 39,
    status: 'published',
    scheduledAt: null,
    createdAt: at('2025-03-01T00:00:00Z'),
    source: 'manual',
    cluster: 'missing',
  },
  D: {
    keyword: 'hubspot login',
    searchIntent: 'navigational',
    searchVolume: null,
    difficulty: null,
    priority: null,
    status: 'archived',
    scheduledAt: at('2025-02-28T23:00:00Z'),
    createdAt: at('2025-03-10T08:00:00Z'),
    source: null,
    cluster: null,
  },
  E: {
    keyword: '100% free_tool',
    searchIntent: '',
    searchVolume: 10000,
    difficulty: 100,
    priority: 0,
    status: 'pending',
    scheduledAt: null,
    createdAt: at('2025-03-15T00:00:00Z'),
    source: 'search_console',
    cluster: 'foreign',
  },
  F: {
    keyword: 'seo audit',
    searchIntent: null,
    searchVolume: 30,
    difficulty: 30,
    priority: 80,
    status: 'pending',
    scheduledAt: at('2025-04-01T00:00:00Z'),
    createdAt: at('2025-03-31T23:00:00Z'),
    source: 'service',
    cluster: 'seo',
  },
} as const
type Letter = keyof typeof ROWS
const letterOf = new Map<string, Letter>(Object.entries(ROWS).map(([letter, row]) => [row.keyword, letter as Letter]))
const ALL: Letter[] = ['A', 'B', 'C', 'D', 'E', 'F']

/** Month end: relative dates step over short months from here. */
const NOW = at('2025-03-31T15:00:00Z')

let filterCounter = 0
const filter = (id: KeywordFilterField, operator: FilterItem['operator'], value: FilterItem['value'] = ''): FilterItem => ({
  id,
  operator,
  value,
  variant: KEYWORD_FILTER_FIELDS[id].variant,
  filterId: `f${String(++filterCounter).padStart(7, '0')}`,
})

async function list(filters: FilterItem[], options: { join?: JoinOperator; sort?: SortItem[]; now?: Date } = {}) {
  const page = await listKeywords(
    app.db,
    {
      businessId,
      page: 1,
      perPage: 50,
      filters,
      joinOperator: options.join ?? 'and',
      sort: options.sort ?? [{ id: 'keyword', desc: false }],
    },
    { now: options.now ?? NOW },
  )
  return page.items
}
const letters = async (filters: FilterItem[], options: { join?: JoinOperator; now?: Date } = {}) =>
  (await list(filters, options)).map((row) => letterOf.get(row.keyword)!).sort()

const insertCluster = async (business: string, label: string) =>
  (await app.db.insert(keywordCluster).values({ businessId: business, label }).returning({ id: keywordCluster.id }))[0].id

/** The six rows in a business; `clusters` gives each row's cluster id by its `cluster` key. */
async function insertRows(business: string, clusters: Record<string, string>) {
  for (const { cluster, ...row } of Object.values(ROWS)) {
    await insertKeyword(app, business, { ...row, searchIntent: row.searchIntent as never, clusterId: cluster && clusters[cluster] })
  }
}

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  const business = await insertBusiness(app, owner.userId)
  businessId = business.id
  // Another user's business, with a cluster of the same label as ours, and rows that every filter would match: they must never appear.
  const stranger = await app.signUp({ plan: 'Growth' })
  const strangers = await insertBusiness(app, stranger.userId)
  const strangerCrm = await insertCluster(strangers.id, 'CRM software')
  const strangerClusters = {
    crm: strangerCrm,
    seo: await insertCluster(strangers.id, 'SEO Basics'),
    missing: 'no-such-cluster',
    foreign: strangerCrm,
  }
  const clusters = {
    crm: await insertCluster(businessId, 'CRM software'),
    seo: await insertCluster(businessId, 'SEO Basics'),
    missing: 'no-such-cluster',
    foreign: strangerCrm,
  }
  await insertRows(businessId, clusters)
  pagingBusinessId = (await insertBusiness(app, owner.userId)).id
  for (let i = 0; i < 25; i++) await insertKeyword(app, pagingBusinessId, { keyword: `paging ${i}`, searchVolume: i })
  await insertRows(strangers.id, strangerClusters)
})
afterAll(() => app?.close())

type Case = [string, FilterItem, Letter[]]

describe('text (keyword)', () => {
  it.each<Case>([
    ['iLike, case-insensitive contains', filter('keyword', 'iLike', 'CRM'), ['A', 'B', 'C']],
    ['iLike treats % literally', filter('keyword', 'iLike', '%'), ['E']],
    ['iLike treats _ literally', filter('keyword', 'iLike', 'e_t'), ['E']],
    ['iLike treats \\ literally', filter('keyword', 'iLike', '\\'), []],
    ['notILike', filter('keyword', 'notILike', 'crm'), ['D', 'E', 'F']],
    ['eq is exact', filter('keyword', 'eq', 'buy crm'), ['C']],
    ['eq is case-sensitive', filter('keyword', 'eq', 'BUY CRM'), []],
    ['ne', filter('keyword', 'ne', 'buy crm'), ['A', 'B', 'D', 'E', 'F']],
    ['isEmpty', filter('keyword', 'isEmpty'), []],
    ['isNotEmpty', filter('keyword', 'isNotEmpty'), ALL],
    ['an empty value is ignored', filter('keyword', 'iLike', ''), ALL],
    ['a blank value is ignored', filter('keyword', 'eq', '   '), ALL],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })

  it('contains matches the stored lowercase keyword, which follows every change of the keyword', async () => {
    const compiled = keywordPageQuery({ businessId, page: 1, perPage: 10, filters: [filter('keyword', 'iLike', 'crm')] }).items.sql
    expect(compiled).toContain('"keyword_lower" like lower(')
    const extra = await insertKeyword(app, businessId, { keyword: 'Ärger mit HubSpot' })
    try {
      const keywords = async (item: FilterItem) => (await list([item])).map((row) => row.keyword)
      expect(await keywords(filter('keyword', 'iLike', 'ärger mit hubspot'))).toEqual(['Ärger mit HubSpot'])
      await app.db.update(keyword).set({ keyword: 'Plain words' }).where(eq(keyword.id, extra.id))
      expect(await keywords(filter('keyword', 'iLike', 'hubspot'))).toEqual(['hubspot login'])
      expect(await keywords(filter('keyword', 'iLike', 'PLAIN'))).toEqual(['Plain words'])
    } finally {
      await app.db.delete(keyword).where(eq(keyword.id, extra.id))
    }
  })
})

describe('multiSelect (searchIntent with null and "", status)', () => {
  it.each<Case>([
    ['inArray', filter('searchIntent', 'inArray', ['commercial', 'informational']), ['A', 'B']],
    ['inArray with one text', filter('searchIntent', 'inArray', 'commercial'), ['A']],
    ['notInArray keeps empty values', filter('searchIntent', 'notInArray', ['commercial']), ['B', 'C', 'D', 'E', 'F']],
    ['isEmpty: null and ""', filter('searchIntent', 'isEmpty'), ['E', 'F']],
    ['isNotEmpty', filter('searchIntent', 'isNotEmpty'), ['A', 'B', 'C', 'D']],
    ['an empty list is ignored', filter('searchIntent', 'inArray', []), ALL],
    ['status inArray', filter('status', 'inArray', ['pending']), ['E', 'F']],
    ['status notInArray', filter('status', 'notInArray', ['pending', 'archived']), ['A', 'B', 'C']],
    ['status isEmpty', filter('status', 'isEmpty'), []],
    ['status isNotEmpty', filter('status', 'isNotEmpty'), ALL],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })
})

describe('multiSelect (source; null in D)', () => {
  it.each<Case>([
    ['inArray', filter('source', 'inArray', ['profile', 'competitor']), ['A', 'B']],
    ['inArray with one text', filter('source', 'inArray', 'manual'), ['C']],
    ['notInArray keeps empty values', filter('source', 'notInArray', ['manual', 'service']), ['A', 'B', 'D', 'E']],
    ['isEmpty', filter('source', 'isEmpty'), ['D']],
    ['isNotEmpty', filter('source', 'isNotEmpty'), ['A', 'B', 'C', 'E', 'F']],
    ['an empty list is ignored', filter('source', 'inArray', []), ALL],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })
})

describe('text on the topic cluster’s label (clusterLabel; no topic in C, D and E)', () => {
  it.each<Case>([
    ['iLike, case-insensitive contains', filter('clusterLabel', 'iLike', 'crm SOFT'), ['A', 'B']],
    ['iLike treats % literally', filter('clusterLabel', 'iLike', '%'), []],
    ['notILike keeps rows without a topic', filter('clusterLabel', 'notILike', 'crm'), ['C', 'D', 'E', 'F']],
    ['eq is exact', filter('clusterLabel', 'eq', 'SEO Basics'), ['F']],
    ['eq is case-sensitive', filter('clusterLabel', 'eq', 'seo basics'), []],
    ['ne keeps rows without a topic', filter('clusterLabel', 'ne', 'CRM software'), ['C', 'D', 'E', 'F']],
    ['isEmpty: no cluster, an unknown one, another business’s', filter('clusterLabel', 'isEmpty'), ['C', 'D', 'E']],
    ['isNotEmpty', filter('clusterLabel', 'isNotEmpty'), ['A', 'B', 'F']],
    ['an empty value is ignored', filter('clusterLabel', 'iLike', ''), ALL],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })

  it('never matches through another business’s cluster of the same label', async () => {
    // E's cluster id is the other business's "CRM software": neither its label nor the row shows.
    expect(await letters([filter('clusterLabel', 'eq', 'CRM software')])).toEqual(['A', 'B'])
    expect(await letters([filter('clusterLabel', 'iLike', 'crm'), filter('source', 'inArray', ['search_console'])])).toEqual([])
  })

  it('filters with an EXISTS subquery over the business’s clusters', () => {
    const compiled = keywordPageQuery({ businessId, page: 1, perPage: 10, filters: [filter('clusterLabel', 'iLike', 'crm')] })
    expect(compiled.total.sql).toContain('exists (select 1 from "keywords"."keyword_cluster" where')
    expect(compiled.total.sql).toContain('"keywords"."keyword_cluster"."business_id" = "keywords"."keyword"."business_id"')
  })
})

describe('the page’s rows', () => {
  it('carry the source and the topic cluster’s label (null without a cluster of the business)', async () => {
    const rows = await list([])
    const byLetter = Object.fromEntries(rows.map((row) => [letterOf.get(row.keyword)!, [row.source, row.clusterLabel]]))
    expect(byLetter).toEqual({
      A: ['profile', 'CRM software'],
      B: ['competitor', 'CRM software'],
      C: ['manual', null],
      D: [null, null],
      E: ['search_console', null],
      F: ['service', 'SEO Basics'],
    })
  })

  it('are limited before the cluster is joined, then kept in order', () => {
    const { items } = keywordPageQuery({ businessId, page: 3, perPage: 20, sort: [{ id: 'searchVolume', desc: true }] })
    expect(items.sql).toMatch(
      / limit 20 offset 40\) "page" left join "keywords"\."keyword_cluster" on .* order by "page"\."search_volume" desc nulls last, "page"\."id" asc$/,
    )
  })
})

describe('range (searchVolume, difficulty, priority; null in D)', () => {
  it.each<Case>([
    ['eq', filter('searchVolume', 'eq', '500'), ['B']],
    ['eq 0', filter('searchVolume', 'eq', '0'), ['C']],
    ['eq a decimal on an integer column', filter('searchVolume', 'eq', '30.5'), []],
    ['ne keeps empty values', filter('searchVolume', 'ne', '500'), ['A', 'C', 'D', 'E', 'F']],
    ['lt', filter('searchVolume', 'lt', '500'), ['C', 'F']],
    ['lte', filter('searchVolume', 'lte', '500'), ['B', 'C', 'F']],
    ['gt', filter('searchVolume', 'gt', '500'), ['A', 'E']],
    ['gte', filter('searchVolume', 'gte', '500'), ['A', 'B', 'E']],
    ['lt a decimal', filter('searchVolume', 'lt', '30.5'), ['C', 'F']],
    ['lte a decimal', filter('searchVolume', 'lte', '29.5'), ['C']],
    ['gt a decimal', filter('searchVolume', 'gt', '29.5'), ['A', 'B', 'E', 'F']],
    ['gte a decimal', filter('searchVolume', 'gte', '30.5'), ['A', 'B', 'E']],
    ['a bound beyond the column type', filter('searchVolume', 'lt', '2147483647'), ['A', 'B', 'C', 'E', 'F']],
    ['isBetween, inclusive', filter('searchVolume', 'isBetween', ['30', '1000']), ['A', 'B', 'F']],
    ['isBetween, open minimum', filter('searchVolume', 'isBetween', ['', '30']), ['C', 'F']],
    ['isBetween, open maximum', filter('searchVolume', 'isBetween', ['1000', '']), ['A', 'E']],
    ['isBetween, both empty is ignored', filter('searchVolume', 'isBetween', ['', '']), ALL],
    ['isEmpty', filter('searchVolume', 'isEmpty'), ['D']],
    ['isNotEmpty', filter('searchVolume', 'isNotEmpty'), ['A', 'B', 'C', 'E', 'F']],
    ['an empty value is ignored', filter('searchVolume', 'gt', ''), ALL],
    ['difficulty gte', filter('difficulty', 'gte', '61'), ['C', 'E']],
    ['difficulty isBetween', filter('difficulty', 'isBetween', ['30', '60']), ['B', 'F']],
    ['difficulty isEmpty', filter('difficulty', 'isEmpty'), ['D']],
    ['priority high band', filter('priority', 'isBetween', ['80', '100']), ['A', 'F']],
    ['priority low band', filter('priority', 'isBetween', ['0', '39']), ['C', 'E']],
    ['priority isNotEmpty', filter('priority', 'isNotEmpty'), ['A', 'B', 'C', 'E', 'F']],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })
})

describe('date (scheduledAt; null in C and E) by whole UTC day', () => {
  const day = (date: string) => ms(`${date}T15:30:00Z`) // any time of that day means the day
  it.each<Case>([
    ['eq', filter('scheduledAt', 'eq', day('2025-03-01')), ['A']],
    ['ne keeps empty values', filter('scheduledAt', 'ne', day('2025-03-01')), ['B', 'C', 'D', 'E', 'F']],
    ['lt: before the day', filter('scheduledAt', 'lt', day('2025-03-01')), ['D']],
    ['lte: on or before', filter('scheduledAt', 'lte', day('2025-03-01')), ['A', 'D']],
    ['gt: after the day', filter('scheduledAt', 'gt', day('2025-03-01')), ['B', 'F']],
    ['gte: on or after', filter('scheduledAt', 'gte', day('2025-03-01')), ['A', 'B', 'F']],
    ['isBetween covers both end days', filter('scheduledAt', 'isBetween', [day('2025-02-28'), day('2025-03-10')]), ['A', 'B', 'D']],
    ['isBetween, open start', filter('scheduledAt', 'isBetween', ['', day('2025-03-01')]), ['A', 'D']],
    ['isBetween, open end', filter('scheduledAt', 'isBetween', [day('2025-03-10'), '']), ['B', 'F']],
    [
      'isRelativeToToday -1 month from 03-31 reaches back to 02-28',
      filter('scheduledAt', 'isRelativeToToday', '-1 month'),
      ['A', 'B', 'D'],
    ],
    ['isRelativeToToday as a list', filter('scheduledAt', 'isRelativeToToday', ['-1', 'months']), ['A', 'B', 'D']],
    ['isRelativeToToday -30 days', filter('scheduledAt', 'isRelativeToToday', '-30 days'), ['A', 'B']],
    ['isRelativeToToday +1 day crosses into April', filter('scheduledAt', 'isRelativeToToday', '+1 day'), ['F']],
    ['isRelativeToToday 0 days is today only', filter('scheduledAt', 'isRelativeToToday', '0 days'), []],
    ['isEmpty', filter('scheduledAt', 'isEmpty'), ['C', 'E']],
    ['isNotEmpty', filter('scheduledAt', 'isNotEmpty'), ['A', 'B', 'D', 'F']],
    ['an empty value is ignored', filter('scheduledAt', 'eq', ''), ALL],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })

  it('isRelativeToToday +1 month from January 31 ends on February 28', async () => {
    const now = at('2025-01-31T09:00:00Z')
    expect(await letters([filter('scheduledAt', 'isRelativeToToday', '+1 month')], { now })).toEqual(['D'])
    expect(await letters([filter('scheduledAt', 'isRelativeToToday', '+2 months')], { now })).toEqual(['A', 'B', 'D'])
    expect(await letters([filter('scheduledAt', 'isRelativeToToday', '+3 weeks')], { now })).toEqual([])
  })
})

describe('dateRange (createdAt)', () => {
  it.each<Case>([
    ['isBetween', filter('createdAt', 'isBetween', [ms('2025-02-28T00:00:00Z'), ms('2025-03-01T00:00:00Z')]), ['B', 'C']],
    ['eq', filter('createdAt', 'eq', ms('2025-03-10T00:00:00Z')), ['D']],
    ['ne', filter('createdAt', 'ne', ms('2025-03-10T00:00:00Z')), ['A', 'B', 'C', 'E', 'F']],
    ['lt', filter('createdAt', 'lt', ms('2025-03-01T12:00:00Z')), ['A', 'B']],
    ['lte', filter('createdAt', 'lte', ms('2025-03-01T12:00:00Z')), ['A', 'B', 'C']],
    ['gt', filter('createdAt', 'gt', ms('2025-03-15T12:00:00Z')), ['F']],
    ['gte', filter('createdAt', 'gte', ms('2025-03-15T12:00:00Z')), ['E', 'F']],
    ['isRelativeToToday -1 week', filter('createdAt', 'isRelativeToToday', '-1 week'), ['F']],
    ['isRelativeToToday -2 months reaches January 31', filter('createdAt', 'isRelativeToToday', '-2 months'), ALL],
    ['isRelativeToToday -1 month', filter('createdAt', 'isRelativeToToday', '-1 month'), ['B', 'C', 'D', 'E', 'F']],
    ['isEmpty', filter('createdAt', 'isEmpty'), []],
    ['isNotEmpty', filter('createdAt', 'isNotEmpty'), ALL],
  ])('%s', async (_, item, expected) => {
    expect(await letters([item])).toEqual(expected)
  })
})

describe('joins', () => {
  it('and narrows', async () => {
    expect(await letters([filter('keyword', 'iLike', 'crm'), filter('searchVolume', 'gte', '500')])).toEqual(['A', 'B'])
  })
  it('or widens', async () => {
    expect(await letters([filter('keyword', 'iLike', 'crm'), filter('searchIntent', 'isEmpty')], { join: 'or' })).toEqual([
      'A',
      'B',
      'C',
      'E',
      'F',
    ])
  })
  it('an ignored filter does not turn "or" into everything', async () => {
    expect(await letters([filter('keyword', 'iLike', 'hubspot'), filter('keyword', 'iLike', '')], { join: 'or' })).toEqual(['D'])
  })
  it('or across a topic and a source', async () => {
    expect(await letters([filter('clusterLabel', 'eq', 'SEO Basics'), filter('source', 'inArray', ['profile'])], { join: 'or' })).toEqual([
      'A',
      'F',
    ])
  })
  it('or of three variants', async () => {
    const filters = [
      filter('status', 'inArray', ['archived']),
      filter('difficulty', 'gt', '99'),
      filter('scheduledAt', 'gte', ms('2025-04-01T00:00:00Z')),
    ]
    expect(await letters(filters, { join: 'or' })).toEqual(['D', 'E', 'F'])
  })
})

describe('sorting', () => {
  const values = (rows: KeywordRow[], id: keyof KeywordRow) =>
    rows.map((row) => (row[id] instanceof Date ? (row[id] as Date).toISOString() : row[id]))
  it.each(
    KEYWORD_SORTABLE_COLUMNS.flatMap((id) => [
      { id, desc: false },
      { id, desc: true },
    ]),
  )('by $id, desc $desc, nulls last', async (sort) => {
    const rows = await list([], { sort: [sort] })
    expect(rows).toHaveLength(6)
    const all = values(rows, sort.id)
    const present = all.filter((value) => value !== null)
    expect(all.slice(present.length).every((value) => value === null)).toBe(true)
    const expected = [...present].sort((a, b) => {
      const order = typeof a === 'number' ? (a as number) - (b as number) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0
      return sort.desc ? -order : order
    })
    if (sort.id !== 'keyword') expect(present).toEqual(expected) // text order is the collation's; checked below
  })
  it('by keyword and searchVolume in known orders', async () => {
    expect((await list([], { sort: [{ id: 'searchVolume', desc: false }] })).map((row) => letterOf.get(row.keyword))).toEqual([
      'C',
      'F',
      'B',
      'A',
      'E',
      'D',
    ])
    expect((await list([], { sort: [{ id: 'searchVolume', desc: true }] })).map((row) => letterOf.get(row.keyword))).toEqual([
      'E',
      'A',
      'B',
      'F',
      'C',
      'D',
    ])
    expect((await list([], { sort: [{ id: 'keyword', desc: false }] })).map((row) => letterOf.get(row.keyword))).toEqual([
      'E',
      'A',
      'C',
      'B',
      'D',
      'F',
    ])
    expect((await list([], { sort: [{ id: 'searchIntent', desc: false }] })).map((row) => letterOf.get(row.keyword))).toEqual([
      'E',
      'A',
      'B',
      'D',
      'C',
      'F',
    ])
  })
  it('by two columns', async () => {
    const rows = await list([], {
      sort: [
        { id: 'status', desc: false },
        { id: 'searchVolume', desc: true },
      ],
    })
    expect(rows.map((row) => letterOf.get(row.keyword))).toEqual(['D', 'A', 'E', 'F', 'C', 'B'])
  })
  it('defaults to createdAt descending', async () => {
    const page = await listKeywords(app.db, { businessId, page: 1, perPage: 10 }, { now: NOW })
    expect(page.items.map((row) => letterOf.get(row.keyword))).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
  })
})

describe("a caller's own ORDER BY with parameters", () => {
  it('is compiled together with the WHERE, each parameter in its place', async () => {
    const page = await listKeywords(app.db, {
      businessId,
      page: 1,
      perPage: 10,
      filters: [filter('keyword', 'iLike', 'crm')],
      orderBy: (table) => [sql`abs(${table.searchVolume} - ${400})`],
    })
    expect(page.items.map((row) => letterOf.get(row.keyword))).toEqual(['B', 'C', 'A'])
    expect(page.total).toBe(3)
  })
})

describe('paging with filters', () => {
  it('pages a filtered, sorted list and counts with the same filter', async () => {
    const query = {
      businessId: pagingBusinessId,
      perPage: 10,
      filters: [filter('searchVolume', 'gte', '5')],
      sort: [{ id: 'searchVolume', desc: false }],
    }
    const first = await listKeywords(app.db, { ...query, page: 1 })
    expect(first).toMatchObject({ total: 20, page: 1, perPage: 10, pageCount: 2 })
    expect(first.items.map((row) => row.searchVolume)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    const second = await listKeywords(app.db, { ...query, page: 2 })
    expect(second.items.map((row) => row.searchVolume)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24])
    expect((await listKeywords(app.db, { ...query, page: 3 })).items).toEqual([])
  })
})

describe('keyword.list input over RPC', () => {
  it('filters, sorts and pages through the procedure', async () => {
    const page = await rpcClient(app, owner.cookie).keyword.list({
      page: 1,
      perPage: 10,
      sort: [{ id: 'searchVolume', desc: true }],
      filters: [filter('keyword', 'iLike', 'crm'), filter('status', 'inArray', ['draft', 'published'])],
      joinOperator: 'and',
    })
    expect(page).toMatchObject({ total: 2, pageCount: 1 })
    expect(page.items.map((row) => row.keyword)).toEqual(['Best CRM software', 'buy crm'])
  })

  const valid = filter('keyword', 'iLike', 'crm')
  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown filter column', { filters: [{ ...valid, id: 'businessId' }] }, 'Unknown filter column "businessId"'],
    ['an unknown operator', { filters: [{ ...valid, operator: 'like' }] }, 'Invalid option'],
    [
      'an operator the variant lacks',
      { filters: [{ ...filter('searchVolume', 'gt', '1'), operator: 'iLike' }] },
      'This operator does not apply to this kind of field.',
    ],
    ['a variant other than the column’s', { filters: [{ ...valid, id: 'searchVolume' }] }, '"searchVolume" is a range filter, not text.'],
    ['a malformed number', { filters: [filter('searchVolume', 'gt', 'abc')] }, 'Search volume: "abc" is not a number'],
    ['a number beyond integers', { filters: [filter('searchVolume', 'gt', '1e12')] }, 'is not a number'],
    ['a number as a list', { filters: [filter('difficulty', 'gt', ['1', '2'])] }, 'not a list'],
    ['a between with one bound', { filters: [filter('searchVolume', 'isBetween', ['1'])] }, 'takes two values'],
    ['a malformed date', { filters: [filter('scheduledAt', 'eq', 'yesterday')] }, 'is not a date'],
    ['a date out of range', { filters: [filter('scheduledAt', 'eq', '99999999999999999')] }, 'is not a date'],
    ['a malformed relative date', { filters: [filter('createdAt', 'isRelativeToToday', '7')] }, 'A relative date looks like'],
    [
      'a relative date beyond a century',
      { filters: [filter('createdAt', 'isRelativeToToday', '-200 years')] },
      'A relative date looks like',
    ],
    ['an unknown option', { filters: [filter('status', 'inArray', ['deleted'])] }, 'Status: "deleted" is not an option.'],
    ['text as a list', { filters: [filter('keyword', 'iLike', ['a'])] }, 'not a list'],
    ['a short filterId', { filters: [{ ...valid, filterId: 'abc' }] }, ''],
    ['a filter that is not an object', { filters: ['keyword'] }, ''],
    ['a huge perPage', { perPage: 100000 }, 'Rows per page can be at most 50.'],
    ['a fractional page', { page: 1.5 }, 'Page must be a whole number.'],
    ['an unknown sort column', { sort: [{ id: 'password', desc: true }] }, 'Cannot sort by "password"'],
    ['a sort by the topic', { sort: [{ id: 'clusterLabel', desc: false }] }, 'Cannot sort by "clusterLabel"'],
    ['an unknown source', { filters: [filter('source', 'inArray', ['seo'])] }, 'Source: "seo" is not an option.'],
    ['a topic as a list', { filters: [filter('clusterLabel', 'eq', ['CRM software'])] }, 'not a list'],
    [
      'a sort column twice',
      {
        sort: [
          { id: 'keyword', desc: true },
          { id: 'keyword', desc: false },
        ],
      },
      'Sort by each column at most once.',
    ],
    ['an unknown join', { joinOperator: 'xor' }, ''],
    ['too long a value', { filters: [filter('keyword', 'iLike', 'x'.repeat(501))] }, 'at most 500 characters'],
  ])('refuses %s with 400', async (_, input, message) => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.list(input as never))
    expect(error).toBeInstanceOf(ORPCError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, data: { reason: 'INVALID_INPUT' } })
    expect(error!.message).toContain(message)
  })
})

describe('listKeywords (service) with input the schema would refuse', () => {
  it.each<[string, FilterItem[], SortItem[]]>([
    ['an unknown filter column', [{ ...filter('keyword', 'iLike', 'x'), id: 'businessId' }], []],
    ['a malformed number', [filter('searchVolume', 'gt', 'abc')], []],
    ['an unknown sort column', [], [{ id: 'businessId', desc: false }]],
    ['a sort by the topic, whose label is another table’s', [], [{ id: 'clusterLabel', desc: false }]],
  ])('%s is BAD_REQUEST, not a database error', async (_, filters, sort) => {
    const error = await rejectionOf(listKeywords(app.db, { businessId, page: 1, perPage: 10, filters, sort }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, data: { reason: 'INVALID_INPUT' } })
  })
})

describe('keyword.list over HTTP (GET /rpc/keyword/list)', () => {
  const get = (input: unknown) => {
    const url = new URL(`${TEST_APP_URL}/rpc/keyword/list`)
    url.searchParams.set('data', JSON.stringify({ json: input }))
    const request = new Request(url, { headers: { origin: TEST_APP_URL, 'x-csrf-token': 'orpc', cookie: owner.cookie } })
    return handleRpcRequest(request, { db: app.db, auth: app.auth, providers: app.providers, headers: request.headers })
  }

  it('answers a filtered list', async () => {
    const response = await get({ filters: [filter('keyword', 'iLike', 'crm')], sort: [{ id: 'keyword', desc: true }] })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { json: { total: number } }
    expect(body.json.total).toBe(3)
  })

  it.each([
    ['an unknown column', { filters: [{ ...filter('keyword', 'iLike', 'x'), id: 'password' }] }],
    ['an unknown operator', { filters: [{ ...filter('keyword', 'iLike', 'x'), operator: 'drop table' }] }],
    ['a malformed filter', { filters: [{ id: 'keyword' }] }],
    ['a malformed value', { filters: [filter('difficulty', 'gt', '1; drop table keyword')] }],
    ['filters that are not a list', { filters: 'keyword' }],
  ])('refuses %s with a 400, never a 500', async (_, input) => {
    const response = await get(input)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { json: { code: string; message: string } }
    expect(body.json.code).toBe('BAD_REQUEST')
    expect(body.json.message).not.toBe('')
  })
})
