import { ORPCError } from '@orpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app'
import { newsletter } from '~/server/db/schema'
import { rpcClient } from '../../../tests/fixtures/rpc'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const rows = () => app.db.select({ email: newsletter.email }).from(newsletter)

describe('newsletter.add', () => {
  it('stores the address trimmed and lowercased', async () => {
    await expect(rpcClient(app).newsletter.add({ email: '  Ann.Reader@Example.COM ' })).resolves.toEqual({
      success: true,
      alreadySubscribed: false,
    })
    expect(await rows()).toEqual([{ email: 'ann.reader@example.com' }])
  })

  it('is idempotent: a known address succeeds as alreadySubscribed without a second row, whatever its case', async () => {
    const already = { success: true, alreadySubscribed: true }
    await expect(rpcClient(app).newsletter.add({ email: 'ann.reader@example.com' })).resolves.toEqual(already)
    await expect(rpcClient(app).newsletter.add({ email: ' ANN.READER@example.com' })).resolves.toEqual(already)
    expect(await rows()).toHaveLength(1)
  })

  it('works for a signed-in caller too', async () => {
    const { cookie } = await app.signUp()
    await expect(rpcClient(app, cookie).newsletter.add({ email: 'member@example.com' })).resolves.toEqual({
      success: true,
      alreadySubscribed: false,
    })
  })

  it.each(['not-an-email', 'ann@', '@example.com', '', `${'a'.repeat(250)}@example.com`])(
    'rejects %j with a clear BAD_REQUEST',
    async (email) => {
      const before = (await rows()).length
      const error = await rpcClient(app)
        .newsletter.add({ email })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ORPCError)
      expect(error).toMatchObject({
        code: 'BAD_REQUEST',
        status: 400,
        message: 'Enter a valid email address, like name@example.com.',
        data: { reason: 'NEWSLETTER_INVALID_EMAIL' },
      })
      expect(await rows()).toHaveLength(before)
    },
  )

  it('rejects a missing email as BAD_REQUEST with the same message', async () => {
    const error = await rpcClient(app)
      .newsletter.add({} as { email: string })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Enter a valid email address, like name@example.com.' })
  })
})
