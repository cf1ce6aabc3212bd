import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import type { TestApp } from '~tests/fixtures/test-app'
import { startSetupTestEnv } from '~tests/fixtures/setup-test-env'
import { business, competitor } from '~/server/db/schema'

// Step 3 of a business without a blog (docs/product/pipeline.md): both addresses may stay empty,
// and saving them so completes the step.
let env: Awaited<ReturnType<typeof startSetupTestEnv>>
let app: TestApp
let owner: { userId: string; cookie: string }
let strangerBusinessId: string
let businessId: string

beforeAll(async () => {
  env = await startSetupTestEnv()
  app = env.app
  owner = await app.signUp({ plan: 'Growth' })
  const stranger = await app.signUp({ plan: 'Growth' })
  businessId = (await insertBusiness(app, owner.userId, { description: 'Sourdough and rye, baked in Leeds.' })).id
  strangerBusinessId = (await insertBusiness(app, stranger.userId, { description: 'Not yours.', blogUrl: 'https://theirs.example/blog' }))
    .id
  for (const id of [businessId, strangerBusinessId]) {
    await app.db.insert(competitor).values([
      { businessId: id, url: 'https://rival-one.example' },
      { businessId: id, url: 'https://rival-two.example' },
    ])
  }
}, 60_000)
afterAll(async () => {
  await env?.close()
})

const rowOf = async (id: string) => (await app.db.select().from(business).where(eq(business.id, id)))[0]!

describe('setup step 3 without a blog', () => {
  it('stays at step 3 until saved, then completes with the blog and sitemap empty (null)', async () => {
    const client = rpcClient(app, owner.cookie)
    expect((await client.setup.state()).step).toBe(3)
    expect(await rejectionOf(client.setup.finish({ businessId }))).toMatchObject({ code: 'PRECONDITION_FAILED' })

    const saved = await client.setup.saveSiteStructure({ businessId, structure: { sitemapUrl: '', blogUrl: '', bestArticles: [] } })
    expect(saved).toMatchObject({ id: businessId, blogUrl: null, sitemapUrl: null, bestArticles: [] })
    expect((await rowOf(businessId)).siteStructureSavedAt).toBeInstanceOf(Date)
    expect((await client.setup.state()).step).toBe(5)
    expect(await client.setup.finish({ businessId })).toMatchObject({ businessId, selectedBusiness: businessId })
  })

  it('still refuses a malformed blog address, saving nothing', async () => {
    const client = rpcClient(app, owner.cookie)
    const before = await rowOf(businessId)
    expect(
      await rejectionOf(
        client.setup.saveSiteStructure({ businessId, structure: { sitemapUrl: '', blogUrl: 'our blog', bestArticles: [] } }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Blog URL must be a web address such as https://example.com.' })
    expect(await rowOf(businessId)).toEqual(before)
  })

  it('refuses another user’s business and leaves its blog as it was', async () => {
    const client = rpcClient(app, owner.cookie)
    const before = await rowOf(strangerBusinessId)
    expect(
      await rejectionOf(
        client.setup.saveSiteStructure({ businessId: strangerBusinessId, structure: { sitemapUrl: '', blogUrl: '', bestArticles: [] } }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } })
    expect(await rowOf(strangerBusinessId)).toEqual(before)
    expect(before.blogUrl).toBe('https://theirs.example/blog')
  })
})
