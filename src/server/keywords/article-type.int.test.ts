import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { keyword } from '~/server/db/schema'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

describe('a keyword’s article type', () => {
  it('is shown in the why-panel with its reason, changed by its owner before writing, and fixed once written', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await insertBusiness(app, owner.userId)
    const planned = await insertKeyword(app, business.id, { keyword: 'french press vs pour over', status: 'scheduled' })
    const client = rpcClient(app, owner.cookie)

    // Planned before types: chosen from its wording on the fly.
    const shown = await client.keyword.explain({ businessId: business.id, keywordId: planned!.id })
    expect(shown.articleType).toEqual({
      type: 'comparison',
      label: 'Comparison',
      description: expect.any(String),
      reason: 'The keyword compares two things (“vs”).',
      chosenByUser: false,
      changeable: true,
    })

    const chosen = await client.keyword.setArticleType({ businessId: business.id, keywordId: planned!.id, type: 'listicle' })
    expect(chosen).toMatchObject({ type: 'listicle', reason: 'You chose this type.', chosenByUser: true })
    const [stored] = await app.db.select().from(keyword).where(eq(keyword.id, planned!.id))
    expect(stored).toMatchObject({ articleType: 'listicle', articleTypeByUser: true })

    // Back to the writer's choice.
    const reset = await client.keyword.setArticleType({ businessId: business.id, keywordId: planned!.id, type: null })
    expect(reset).toMatchObject({ type: 'comparison', chosenByUser: false })

    await insertArticle(app, business.id, { title: 'French press vs pour over', slug: 'french-press-vs-pour-over', keywordId: planned!.id })
    expect((await client.keyword.explain({ businessId: business.id, keywordId: planned!.id })).articleType.changeable).toBe(false)
    const refused = await rejectionOf(client.keyword.setArticleType({ businessId: business.id, keywordId: planned!.id, type: 'guide' }))
    expect(refused?.code).toBe('CONFLICT')
  })

  it('refuses another user’s keyword id as not found, and leaves it unchanged', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const intruder = await app.signUp({ plan: 'Growth' })
    const victimBusiness = await insertBusiness(app, owner.userId)
    const ownBusiness = await insertBusiness(app, intruder.userId)
    const victim = await insertKeyword(app, victimBusiness.id, { keyword: 'best coffee grinders', status: 'scheduled' })
    const client = rpcClient(app, intruder.cookie)

    const viaOwnBusiness = await rejectionOf(
      client.keyword.setArticleType({ businessId: ownBusiness.id, keywordId: victim!.id, type: 'guide' }),
    )
    expect(viaOwnBusiness?.code).toBe('NOT_FOUND')
    const viaTheirs = await rejectionOf(
      client.keyword.setArticleType({ businessId: victimBusiness.id, keywordId: victim!.id, type: 'guide' }),
    )
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(viaTheirs?.code)
    const [untouched] = await app.db.select().from(keyword).where(eq(keyword.id, victim!.id))
    expect(untouched).toMatchObject({ articleType: null, articleTypeByUser: false })
  })
})
