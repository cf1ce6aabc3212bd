import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import * as t from './schema'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

let counter = 0
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`

async function insertOne<T extends PgTable>(table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = await app.db
    .insert(table)
    .values(values as never)
    .returning()
  return row as T['$inferSelect']
}

const newUser = () => insertOne(t.user, { name: 'U', email: `${unique('user')}@example.com` })
async function newBusiness(userId?: string) {
  return insertOne(t.business, { userId: userId ?? (await newUser()).id, url: `https://${unique('site')}.example` })
}

/** Runs a statement and returns the Postgres error code it failed with (e.g. 23505). */
async function failureCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run()
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } }
    return e.code ?? e.cause?.code
  }
  return undefined
}

describe('seeded plans', () => {
  it('are the three plans of docs/product/limits.md', async () => {
    const plans = await app.db.select().from(t.plan).orderBy(t.plan.price)
    expect(plans.map((p) => [p.name, p.price, p.businessLimit, p.articlesPerMonth, p.hasMeteredPricing, p.meteredUnitPrice])).toEqual([
      ['Starter', 49, 1, 15, false, null],
      ['Growth', 99, 3, 30, true, 3],
      ['Agency', 249, 10, 90, true, 2],
    ])
  })
})

describe('defaults (docs/product/entities.md)', () => {
  // Each case inserts a row with only the required columns and checks the documented defaults.
  const cases: Array<{ entity: string; insert: () => Promise<Record<string, unknown>>; expected: Record<string, unknown> }> = [
    { entity: 'user', insert: newUser, expected: { emailVerified: false, image: null, plan: null, selectedBusiness: null } },
    {
      entity: 'plan',
      insert: () =>
        insertOne(t.plan, {
          name: unique('P'),
          price: 1,
          basePrice: 1,
          productId: unique('product'),
          businessLimit: 1,
          articlesPerMonth: 1,
        }),
      expected: { hasMeteredPricing: false, meteredBillingFrequency: 'monthly' },
    },
    {
      entity: 'business',
      insert: () => newBusiness(),
      expected: {
        services: [''],
        keywordRegion: 'US',
        gscConnected: false,
        language: 'English',
        tone: 'Informative',
        autoPublish: true,
        internalLinks: 0,
        addYoutubeVideo: true,
        addCta: true,
        includeInfographics: true,
        imageStyle: 'Brand & Text Realism',
        brandColor: '#000000',
        targetAudiences: [],
        bestArticles: [],
        voiceSamples: [],
        voiceProfile: null,
        voiceDerivedAt: null,
        voiceInstructions: '',
        bannedPhrases: [],
      },
    },
    {
      entity: 'usage',
      insert: async () =>
        insertOne(t.usage, {
          userId: (await newUser()).id,
          source: 'article',
          unit: 'article',
          billingPeriod: '2026-11',
          idempotencyKey: 'schema-test-1',
        }),
      expected: { quantity: 1 },
    },
    {
      entity: 'gsc_data',
      insert: async () => insertOne(t.gscData, { businessId: (await newBusiness()).id, siteUrl: 'sc-domain:example.com' }),
      expected: { verificationStatus: 'pending' },
    },
    {
      entity: 'publishing',
      insert: async () => insertOne(t.publishing, { businessId: (await newBusiness()).id, type: 'wordpress' }),
      expected: { enabled: true },
    },
    {
      entity: 'keyword_cache',
      insert: () => insertOne(t.keywordCache, { keyword: 'seo', endpointType: 'search_volume', cacheKey: unique('cache') }),
      expected: { language: 'en', country: 'us', source: 'dataforseo' },
    },
    {
      entity: 'embedding_cache',
      insert: () => insertOne(t.embeddingCache, { textHash: unique('hash'), text: 'seo', embedding: [0.25, -0.5], dimensions: 2 }),
      expected: { model: 'nomic-embed-text-v1.5', embedding: [0.25, -0.5] },
    },
    ...(['seedKeyword', 'refinedSeed'] as const).map((name) => ({
      entity: name,
      insert: async () => insertOne(t[name], { businessId: (await newBusiness()).id, keyword: 'seo tools', source: 'llm' }),
      expected: { priority: 50, relevance: 50 },
    })),
    {
      entity: 'expanded_keyword',
      insert: async () =>
        insertOne(t.expandedKeyword, { businessId: (await newBusiness()).id, keyword: 'seo tools', source: 'dataforseo' }),
      expected: { priority: 50, relevance: 50, type: 'industry_term' },
    },
    {
      entity: 'long_tail_keyword',
      insert: async () => insertOne(t.longTailKeyword, { businessId: (await newBusiness()).id, keyword: 'best seo tools for startups' }),
      expected: { finalScore: 0, source: 'dataforseo', isSelected: false },
    },
    {
      entity: 'keyword',
      insert: async () => insertOne(t.keyword, { businessId: (await newBusiness()).id, keyword: 'seo audit checklist' }),
      expected: { status: 'pending' },
    },
    {
      entity: 'keyword_cluster',
      insert: async () => insertOne(t.keywordCluster, { businessId: (await newBusiness()).id, label: 'SEO audits' }),
      expected: { clusteringMethod: 'semantic', status: 'active' },
    },
    {
      entity: 'keyword_cluster_membership',
      insert: async () => {
        const business = await newBusiness()
        const cluster = await insertOne(t.keywordCluster, { businessId: business.id, label: 'c' })
        const longTail = await insertOne(t.longTailKeyword, { businessId: business.id, keyword: 'k' })
        return insertOne(t.keywordClusterMembership, { clusterId: cluster.id, longTailKeywordId: longTail.id })
      },
      expected: { contentType: 'supporting', isCore: false, isPillar: false },
    },
    {
      entity: 'content_series',
      insert: async () => {
        const business = await newBusiness()
        const cluster = await insertOne(t.keywordCluster, { businessId: business.id, label: 'c' })
        return insertOne(t.contentSeries, { businessId: business.id, clusterId: cluster.id, title: 'SEO audits, start to finish' })
      },
      expected: { status: 'planned' },
    },
  ]

  it.each(cases)('$entity', async ({ insert, expected }) => {
    const row = await insert()
    expect(row).toMatchObject(expected)
    expect(typeof row.id).toBe('string')
    expect((row.id as string).length).toBe(12)
  })
})

describe('uniqueness rules (docs/product/entities.md)', () => {
  const cases: Array<{ rule: string; first: () => Promise<() => Promise<unknown>> }> = [
    {
      rule: 'user.email',
      first: async () => {
        const email = `${unique('dup')}@example.com`
        await insertOne(t.user, { name: 'A', email })
        return () => insertOne(t.user, { name: 'B', email })
      },
    },
    {
      rule: 'session.token',
      first: async () => {
        const user = await newUser()
        const token = unique('token')
        const session = { userId: user.id, token, expiresAt: new Date(Date.now() + 60_000) }
        await insertOne(t.session, session)
        return () => insertOne(t.session, session)
      },
    },
    ...(['waitlist', 'newsletter'] as const).map((name) => ({
      rule: `${name}.email`,
      first: async () => {
        const email = `${unique(name)}@example.com`
        await insertOne(t[name], { email })
        return () => insertOne(t[name], { email })
      },
    })),
    {
      rule: 'plan.productId',
      first: async () => {
        const values = { name: unique('P'), price: 1, basePrice: 1, productId: unique('product'), businessLimit: 1, articlesPerMonth: 1 }
        await insertOne(t.plan, values)
        return () => insertOne(t.plan, { ...values, name: unique('P') })
      },
    },
    {
      // The seed upserts plans by name (src/server/db/seed.ts).
      rule: 'plan.name',
      first: async () => {
        const values = { name: unique('P'), price: 1, basePrice: 1, productId: unique('product'), businessLimit: 1, articlesPerMonth: 1 }
        await insertOne(t.plan, values)
        return () => insertOne(t.plan, { ...values, productId: unique('product') })
      },
    },
    {
      rule: 'business userId + url',
      first: async () => {
        const business = await newBusiness()
        return () => insertOne(t.business, { userId: business.userId, url: business.url })
      },
    },
    {
      rule: 'gsc_data.businessId',
      first: async () => {
        const business = await newBusiness()
        await insertOne(t.gscData, { businessId: business.id, siteUrl: 'a' })
        return () => insertOne(t.gscData, { businessId: business.id, siteUrl: 'b' })
      },
    },
    {
      rule: 'publishing businessId + type',
      first: async () => {
        const business = await newBusiness()
        await insertOne(t.publishing, { businessId: business.id, type: 'ghost' })
        return () => insertOne(t.publishing, { businessId: business.id, type: 'ghost' })
      },
    },
    {
      rule: 'keyword_cache.cacheKey',
      first: async () => {
        const cacheKey = unique('key')
        await insertOne(t.keywordCache, { keyword: 'a', endpointType: 'x', cacheKey })
        return () => insertOne(t.keywordCache, { keyword: 'b', endpointType: 'y', cacheKey })
      },
    },
    {
      rule: 'embedding_cache.textHash',
      first: async () => {
        const textHash = unique('hash')
        await insertOne(t.embeddingCache, { textHash, text: 'a', embedding: [1], dimensions: 1 })
        return () => insertOne(t.embeddingCache, { textHash, text: 'b', embedding: [1], dimensions: 1 })
      },
    },
    ...(['seedKeyword', 'refinedSeed'] as const).map((name) => ({
      rule: `${name} business + keyword + source`,
      first: async () => {
        const business = await newBusiness()
        const values = { businessId: business.id, keyword: 'seo', source: 'llm' }
        await insertOne(t[name], values)
        return () => insertOne(t[name], values)
      },
    })),
    {
      rule: 'expanded_keyword business + keyword (any source)',
      first: async () => {
        const business = await newBusiness()
        await insertOne(t.expandedKeyword, { businessId: business.id, keyword: 'seo', source: 'suggestions' })
        return () => insertOne(t.expandedKeyword, { businessId: business.id, keyword: 'seo', source: 'related' })
      },
    },
    {
      rule: 'keyword business + keyword',
      first: async () => {
        const business = await newBusiness()
        await insertOne(t.keyword, { businessId: business.id, keyword: 'seo' })
        return () => insertOne(t.keyword, { businessId: business.id, keyword: 'seo' })
      },
    },
    {
      rule: 'keyword_cluster business + label',
      first: async () => {
        const business = await newBusiness()
        await insertOne(t.keywordCluster, { businessId: business.id, label: 'Audits' })
        return () => insertOne(t.keywordCluster, { businessId: business.id, label: 'Audits' })
      },
    },
    {
      rule: 'content_series business + cluster',
      first: async () => {
        const business = await newBusiness()
        const cluster = await insertOne(t.keywordCluster, { businessId: business.id, label: 'c' })
        await insertOne(t.contentSeries, { businessId: business.id, clusterId: cluster.id, title: 'a' })
        return () => insertOne(t.contentSeries, { businessId: business.id, clusterId: cluster.id, title: 'b' })
      },
    },
  ]

  it.each(cases)('$rule is unique', async ({ first }) => {
    const duplicate = await first()
    expect(await failureCode(duplicate)).toBe('23505')
  })

  it('allows the same keyword, url or label in two different businesses', async () => {
    const [a, b] = [await newBusiness(), await newBusiness()]
    for (const business of [a, b]) {
      await insertOne(t.keyword, { businessId: business.id, keyword: 'shared keyword' })
      await insertOne(t.keywordCluster, { businessId: business.id, label: 'Shared' })
    }
    const otherUser = await newUser()
    await expect(insertOne(t.business, { userId: otherUser.id, url: a.url })).resolves.toMatchObject({ url: a.url })
  })
})

describe('user email', () => {
  it('is stored lowercased: the database refuses a mixed-case email', async () => {
    expect(await failureCode(() => insertOne(t.user, { name: 'M', email: `${unique('Mixed')}@Example.com` }))).toBe('23514')
  })
})

describe('references and delete behaviour', () => {
  it('deleting a user cascades to sessions, accounts, businesses and their research', async () => {
    const user = await newUser()
    const business = await newBusiness(user.id)
    await insertOne(t.session, { userId: user.id, token: unique('tok'), expiresAt: new Date(Date.now() + 60_000) })
    await insertOne(t.account, { userId: user.id, accountId: user.id, providerId: 'credential' })
    const kw = await insertOne(t.keyword, { businessId: business.id, keyword: 'seo' })
    await app.db.delete(t.user).where(eq(t.user.id, user.id))
    for (const [table, column, value] of [
      [t.session, t.session.userId, user.id],
      [t.account, t.account.userId, user.id],
      [t.business, t.business.id, business.id],
      [t.keyword, t.keyword.id, kw.id],
    ] as const) {
      expect(await app.db.select().from(table).where(eq(column, value)), getTableName(table)).toHaveLength(0)
    }
  })

  it('deleting a business clears user.selectedBusiness and keeps billed usage', async () => {
    const user = await newUser()
    const business = await newBusiness(user.id)
    await app.db.update(t.user).set({ selectedBusiness: business.id }).where(eq(t.user.id, user.id))
    const usageRow = await insertOne(t.usage, {
      userId: user.id,
      businessId: business.id,
      source: 'article',
      unit: 'article',
      billingPeriod: '2026-11',
      idempotencyKey: 'schema-test-2',
    })
    await app.db.delete(t.business).where(eq(t.business.id, business.id))
    const [after] = await app.db.select().from(t.user).where(eq(t.user.id, user.id))
    expect(after.selectedBusiness).toBeNull()
    const [usageAfter] = await app.db.select().from(t.usage).where(eq(t.usage.id, usageRow.id))
    expect(usageAfter.businessId).toBeNull()
  })

  it('deleting a plan clears user.plan', async () => {
    const custom = await insertOne(t.plan, {
      name: unique('P'),
      price: 1,
      basePrice: 1,
      productId: unique('p'),
      businessLimit: 1,
      articlesPerMonth: 1,
    })
    const user = await newUser()
    await app.db.update(t.user).set({ plan: custom.id }).where(eq(t.user.id, user.id))
    await app.db.delete(t.plan).where(eq(t.plan.id, custom.id))
    const [after] = await app.db.select().from(t.user).where(eq(t.user.id, user.id))
    expect(after.plan).toBeNull()
  })

  it('deleting a crawl clears business.crawlId and competitor.crawlId', async () => {
    const business = await newBusiness()
    const crawlRow = await insertOne(t.crawl, { url: business.url })
    await app.db.update(t.business).set({ crawlId: crawlRow.id }).where(eq(t.business.id, business.id))
    const rival = await insertOne(t.competitor, { businessId: business.id, url: 'https://rival.example', crawlId: crawlRow.id })
    await app.db.delete(t.crawl).where(eq(t.crawl.id, crawlRow.id))
    const [b] = await app.db.select().from(t.business).where(eq(t.business.id, business.id))
    const [c] = await app.db.select().from(t.competitor).where(eq(t.competitor.id, rival.id))
    expect([b.crawlId, c.crawlId]).toEqual([null, null])
  })

  it('deleting a business cascades to competitors, gsc_data, publishing and every keyword table', async () => {
    const business = await newBusiness()
    const cluster = await insertOne(t.keywordCluster, { businessId: business.id, label: 'c' })
    const longTail = await insertOne(t.longTailKeyword, { businessId: business.id, keyword: 'k' })
    await insertOne(t.keywordClusterMembership, { clusterId: cluster.id, longTailKeywordId: longTail.id })
    await insertOne(t.contentSeries, { businessId: business.id, clusterId: cluster.id, title: 's' })
    await insertOne(t.competitor, { businessId: business.id, url: 'https://rival.example' })
    await insertOne(t.gscData, { businessId: business.id, siteUrl: 'sc-domain:x.example' })
    await insertOne(t.publishing, { businessId: business.id, type: 'webhook' })
    await insertOne(t.seedKeyword, { businessId: business.id, keyword: 'k', source: 'llm' })
    await insertOne(t.refinedSeed, { businessId: business.id, keyword: 'k', source: 'llm' })
    await insertOne(t.expandedKeyword, { businessId: business.id, keyword: 'k', source: 'dataforseo' })
    await insertOne(t.keyword, { businessId: business.id, keyword: 'k' })
    await app.db.delete(t.business).where(eq(t.business.id, business.id))
    const tables = [
      t.competitor,
      t.gscData,
      t.publishing,
      t.seedKeyword,
      t.refinedSeed,
      t.expandedKeyword,
      t.longTailKeyword,
      t.keyword,
      t.keywordCluster,
      t.contentSeries,
    ]
    for (const table of tables) {
      const rows = await app.db
        .select()
        .from(table)
        .where(eq((getTableColumns(table) as { businessId: typeof t.keyword.businessId }).businessId, business.id))
      expect(rows, getTableName(table)).toHaveLength(0)
    }
    const memberships = await app.db.select().from(t.keywordClusterMembership).where(eq(t.keywordClusterMembership.clusterId, cluster.id))
    expect(memberships).toHaveLength(0)
  })
})

describe('keyword row constraints', () => {
  it.each([
    ['status', { status: 'done' }],
    ['searchIntent', { searchIntent: 'curious' }],
    ['difficulty', { difficulty: 101 }],
    ['priority', { priority: -1 }],
  ] as const)('refuses an out-of-vocabulary %s', async (_, values) => {
    const business = await newBusiness()
    expect(await failureCode(() => insertOne(t.keyword, { businessId: business.id, keyword: unique('kw'), ...(values as object) }))).toBe(
      '23514',
    )
  })

  it('accepts every documented status and intent, including an empty intent', async () => {
    const business = await newBusiness()
    const statuses = t.KEYWORD_STATUSES
    const intents = ['', ...t.SEARCH_INTENTS]
    const rows = await app.db
      .insert(t.keyword)
      .values(
        statuses.map((status, i) => ({
          businessId: business.id,
          keyword: `kw ${i}`,
          status,
          searchIntent: intents[i % intents.length] as never,
        })),
      )
      .returning()
    expect(rows.map((row) => row.status)).toEqual([...statuses])
  })
})

describe('keywords schema', () => {
  it('keeps the keyword-research tables in the `keywords` Postgres schema', async () => {
    const result = await app.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'keywords' order by table_name`,
    )
    expect(result.rows.map((row) => row.table_name)).toEqual([
      'content_series',
      'deleted_keyword',
      'excluded_keyword',
      'expanded_keyword',
      'keyword',
      'keyword_cluster',
      'keyword_cluster_membership',
      'keyword_merge',
      'long_tail_keyword',
      'refined_seed',
      'research_run',
      'seed_keyword',
    ])
  })
})
