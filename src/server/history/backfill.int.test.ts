import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertArticle, insertBusiness, insertKeyword } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { articleVersion, historyEvent, publication, publishing, researchRun } from '~/server/db/schema'

// The migration that turned the rows older work left into History entries, once
// (docs/product/history.md, "Before the log"): run again here on such rows.
let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
})

const backfill = readFileSync(join(process.cwd(), 'drizzle/0026_history-events-backfill.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean)

describe('the History backfill', () => {
  it('records each version written with that version’s title and score, each publication, refusal and finished run', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = (await insertBusiness(app, owner.userId))!
    const planned = (await insertKeyword(app, business.id, { keyword: 'cold brew ratio', status: 'published' }))!
    const now = Date.now()
    const written = await insertArticle(app, business.id, {
      keywordId: planned.id,
      title: 'Cold Brew Ratio, Edited',
      slug: 'cold-brew-ratio',
      status: 'published',
      seoScore: 70,
      publishedAt: new Date(now - 5 * 86_400_000),
    })
    const content = { title: 'Cold Brew Ratio', slug: 'cold-brew-ratio' } as never
    await app.db.insert(articleVersion).values([
      { articleId: written.id, version: 1, reason: 'generated', content, seoScore: 88, createdAt: new Date(now - 9 * 86_400_000) },
      { articleId: written.id, version: 2, reason: 'edited', content, seoScore: 70, createdAt: new Date(now - 8 * 86_400_000) },
    ])
    const [site] = await app.db.insert(publishing).values({ businessId: business.id, type: 'ghost', config: {} }).returning()
    await app.db
      .insert(publication)
      .values({ businessId: business.id, articleId: written.id, integrationId: site!.id, status: 'failed', lastError: 'Ghost said no' })
    const runId = crypto.randomUUID()
    await app.db.insert(researchRun).values({
      id: runId,
      businessId: business.id,
      trigger: 'setup',
      month: '2026-03',
      counts: { plan: 12 },
      finishedAt: new Date(now - 10 * 86_400_000),
    })

    for (const statement of backfill) await app.db.execute(sql.raw(statement))
    const rows = await app.db.select().from(historyEvent).where(eq(historyEvent.businessId, business.id)).orderBy(historyEvent.at)
    expect(rows.map((row) => [row.kind, row.action, row.status, row.title, row.score, row.detail, row.error])).toEqual([
      ['research', 'finished', 'succeeded', '2026-03', null, { trigger: 'setup', planned: 12 }, null],
      ['article', 'written', 'succeeded', 'Cold Brew Ratio', 88, {}, null],
      ['article', 'edited', 'succeeded', 'Cold Brew Ratio', 70, {}, null],
      ['publish', 'published', 'succeeded', 'Cold Brew Ratio, Edited', 70, {}, null],
      ['publish', 'failed', 'failed', 'Cold Brew Ratio, Edited', 70, { target: 'ghost' }, 'Ghost said no'],
    ])
  })
})
