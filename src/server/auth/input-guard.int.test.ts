import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, errorOf, type TestApp } from '~tests/fixtures/test-app'
import { schema } from '~/server/db'
import { UNSAFE_TEXT_MESSAGE } from '~/shared/text'
import { INVALID_IMAGE_MESSAGE } from './input-guard'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const INVALID_TEXT = { status: 400, code: 'INVALID_TEXT', message: UNSAFE_TEXT_MESSAGE }
const INVALID_IMAGE = { status: 400, code: 'INVALID_IMAGE_URL', message: INVALID_IMAGE_MESSAGE }

describe('unsafe text in an auth request', () => {
  it.each([
    { name: 'a NUL', value: 'a\u0000' },
    { name: 'a lone high surrogate', value: 'a\uD800' },
    { name: 'a lone low surrogate', value: '\uDC00b' },
  ])('is refused with 400 INVALID_TEXT on sign-up and update-user ($name), and nothing is stored', async ({ value }) => {
    const email = `text-${Math.random().toString(36).slice(2)}@example.com`
    const signUp = await app.authRequest('/sign-up/email', { body: { email, password: 'long enough 1', name: value } })
    expect(await errorOf(signUp)).toEqual(INVALID_TEXT)
    expect(await app.db.select().from(schema.user).where(eq(schema.user.email, email))).toEqual([])

    const { cookie, userId } = await app.signUp({ name: 'Before' })
    expect(await errorOf(await app.authRequest('/update-user', { cookie, body: { name: value } }))).toEqual(INVALID_TEXT)
    const [row] = await app.db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, userId))
    expect(row.name).toBe('Before')
  })

  it.each([
    { path: '/sign-in/email', body: { email: 'a\u0000@example.com', password: 'x' } },
    { path: '/change-email', body: { newEmail: 'b\u0000@example.com' } },
    { path: '/request-password-reset', body: { email: 'c\u0000@example.com' } },
    { path: '/update-user', body: { name: 'ok', extra: { deep: ['\u0000'] } } },
    { path: '/verify-email?token=%00' },
  ])('is refused anywhere in the body or the query, before anything looks it up ($path)', async ({ path, body }) => {
    const { cookie } = await app.signUp()
    expect(await errorOf(await app.authRequest(path, { cookie, body }))).toEqual(INVALID_TEXT)
  })
})

describe('the avatar image', () => {
  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'https://user:secret@images.example/a.png',
    'https://user@images.example/a.png',
    'ftp://images.example/a.png',
    'not a url',
    '',
    `https://images.example/${'a'.repeat(2100)}.png`,
  ])('refuses %j on update-user and sign-up with 400 INVALID_IMAGE_URL', async (image) => {
    const { cookie, userId } = await app.signUp()
    expect(await errorOf(await app.authRequest('/update-user', { cookie, body: { image } }))).toEqual(INVALID_IMAGE)
    const [row] = await app.db.select({ image: schema.user.image }).from(schema.user).where(eq(schema.user.id, userId))
    expect(row.image).toBeNull()
    const signUp = await app.authRequest('/sign-up/email', {
      body: { email: `img-${Math.random().toString(36).slice(2)}@example.com`, password: 'long enough 1', name: 'X', image },
    })
    expect(await errorOf(signUp)).toEqual(INVALID_IMAGE)
  })

  it('accepts an http(s) address, and null to remove it', async () => {
    const { cookie, userId } = await app.signUp()
    const imageOf = async () => {
      const [row] = await app.db.select({ image: schema.user.image }).from(schema.user).where(eq(schema.user.id, userId))
      return row.image
    }
    expect((await app.authRequest('/update-user', { cookie, body: { image: 'https://images.example/me.png' } })).status).toBe(200)
    expect(await imageOf()).toBe('https://images.example/me.png')
    expect((await app.authRequest('/update-user', { cookie, body: { image: null } })).status).toBe(200)
    expect(await imageOf()).toBeNull()
    const email = `img-${Math.random().toString(36).slice(2)}@example.com`
    const image = 'http://images.example/a.png'
    const signUp = await app.authRequest('/sign-up/email', { body: { email, password: 'long enough 1', name: 'X', image } })
    expect(signUp.status).toBe(200)
  })
})
