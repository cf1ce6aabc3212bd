import { symmetricDecrypt } from 'better-auth/crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { providerEnvNames } from '~/env'
import { schema } from '~/server/db'
import { createId } from '~/server/ids'
import { oauthTokenKey, protectTokensAtRest, storedVerificationIdentifier, type OAuthTokenKey } from './tokens-at-rest'

/** docs/decisions/0015-tokens-at-rest.md: what a read of the database yields. */
const google = providerEnvNames('google')
let app: TestApp
let key: OAuthTokenKey
beforeAll(async () => {
  app = await createTestApp({ [google.id]: 'google-client-id', [google.secret]: 'google-client-secret' })
  key = await oauthTokenKey(app.auth)
})
afterAll(() => app?.close())
afterEach(() => vi.unstubAllGlobals())

/** Every column of every row of a table, as one text each: what a dump of it shows. */
const dump = async (table: typeof schema.account | typeof schema.verification) =>
  (await app.db.select({ row: sql<string>`row_to_json(${table})::text` }).from(table)).map((entry) => entry.row)
const open = (stored: string | null) => symmetricDecrypt({ key, data: stored! })

/** An unsigned id token: Google's getUserInfo only decodes the token it got from its token endpoint. */
const idToken = (claims: Record<string, unknown>) =>
  ['{"alg":"none"}', JSON.stringify({ iss: 'https://accounts.google.com', aud: 'google-client-id', ...claims })]
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.') + '.'

describe('Google sign-in', () => {
  it('stores the access and refresh tokens encrypted and no id token; getAccessToken still hands out the token', async () => {
    const issued = {
      access_token: `ya29.access-${createId()}`,
      refresh_token: `1//refresh-${createId()}`,
      id_token: idToken({ sub: 'g-at-rest', email: 'at.rest@gmail.com', email_verified: true, name: 'At Rest' }),
    }
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input)
      if (!url.startsWith('https://oauth2.googleapis.com/token')) throw new Error(`unexpected fetch ${url}`)
      return Response.json({ ...issued, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' })
    })
    const start = await app.authRequest('/sign-in/social', { body: { provider: 'google', callbackURL: '/content' } })
    const state = new URL(((await start.json()) as { url: string }).url).searchParams.get('state')!
    const callback = await app.authRequest(`/callback/google?code=the-code&state=${encodeURIComponent(state)}`, {
      cookie: cookieFrom(start),
    })
    expect(callback.headers.get('location')).toBe('/content')

    const [user] = await app.db.select().from(schema.user).where(eq(schema.user.email, 'at.rest@gmail.com'))
    const [row] = await app.db.select().from(schema.account).where(eq(schema.account.userId, user!.id))
    const rows = (await dump(schema.account)).join('\n')
    for (const token of Object.values(issued)) expect(rows).not.toContain(token)
    // The id token's payload is not there either, in any encoding of its own.
    expect(rows).not.toContain(issued.id_token.split('.')[1])
    expect(row!.idToken).toBeNull()
    expect(await open(row!.accessToken)).toBe(issued.access_token)
    expect(await open(row!.refreshToken)).toBe(issued.refresh_token)

    const tokens = await app.auth.api.getAccessToken({ body: { accountId: row!.id, userId: user!.id } })
    expect(tokens.accessToken).toBe(issued.access_token)
  })
})

const outboxLink = async (email: string, subject: string, prefix: string) => {
  const message = await app.outbox.latest(email, subject)
  const link = message.links.find((url) => url.startsWith(`${TEST_APP_URL}/api/auth/${prefix}`))
  if (!link) throw new Error(`no ${prefix} link in:\n${message.raw}`)
  return link
}
const resetToken = async (email: string) => new URL(await outboxLink(email, 'Reset your', 'reset-password/')).pathname.split('/').at(-1)!
const signIn = (email: string, password: string) => app.authRequest('/sign-in/email', { body: { email, password } })

describe('emailed links', () => {
  it('a password reset: its token is in no column of the verification table, and the link still resets', async () => {
    const { email } = await app.signUp()
    await app.authRequest('/request-password-reset', { body: { email, redirectTo: '/reset-password' } })
    const token = await resetToken(email)
    expect(token.length).toBeGreaterThanOrEqual(24)
    const rows = await dump(schema.verification)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row).not.toContain(token)
    expect(rows.join('\n')).toContain(storedVerificationIdentifier(`reset-password:${token}`))

    const callback = await app.authRequest(`/reset-password/${token}?callbackURL=/reset-password`)
    expect(callback.headers.get('location')).toBe(`${TEST_APP_URL}/reset-password?token=${token}`)
    const reset = await app.authRequest('/reset-password', { body: { token, newPassword: 'a new password at rest' } })
    expect(await reset.json()).toEqual({ status: true })
    expect((await signIn(email, 'a new password at rest')).status).toBe(200)
  })

  // better-auth signs the verification token (a JWT) and stores nothing for it: this holds that in place.
  it('an email verification: its token is in no column of the verification table, and the link still verifies', async () => {
    const { email, userId, cookie } = await app.signUp()
    await app.authRequest('/send-verification-email', { cookie, body: { email } })
    const link = await outboxLink(email, 'Verify your email', 'verify-email?')
    const token = new URL(link).searchParams.get('token')!
    for (const row of await dump(schema.verification)) expect(row).not.toContain(token)

    const verified = await app.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''))
    expect(verified.status).toBe(302)
    const [row] = await app.db.select().from(schema.user).where(eq(schema.user.id, userId))
    expect(row!.emailVerified).toBe(true)
  })
})

describe('the start-up step for rows written before (protectTokensAtRest)', () => {
  it('encrypts clear OAuth tokens, drops id tokens, hashes clear verification identifiers; a second run changes nothing', async () => {
    const { userId, email } = await app.signUp()
    // An account row as better-auth wrote it before encryption was on.
    const clear = { accessToken: `ya29.legacy-${createId()}`, refreshToken: `1//legacy-${createId()}`, idToken: 'eyJhbGciOiJub25lIn0.e30.' }
    const accountId = createId()
    await app.db.insert(schema.account).values({
      id: accountId,
      accountId: `legacy-${accountId}`,
      providerId: 'google',
      userId,
      ...clear,
      accessTokenExpiresAt: new Date(Date.now() + 3600_000),
    })
    // A pending reset stored the old way: under its clear identifier.
    await app.authRequest('/request-password-reset', { body: { email, redirectTo: '/reset-password' } })
    const token = await resetToken(email)
    await app.db
      .update(schema.verification)
      .set({ identifier: `reset-password:${token}` })
      .where(eq(schema.verification.identifier, storedVerificationIdentifier(`reset-password:${token}`)))
    expect((await dump(schema.verification)).join('\n')).toContain(token)

    const first = await protectTokensAtRest(app.db, key)
    expect(first.accounts).toBeGreaterThanOrEqual(1)
    expect(first.idTokens).toBeGreaterThanOrEqual(1)
    expect(first.verifications).toBeGreaterThanOrEqual(1)

    const accounts = (await dump(schema.account)).join('\n')
    for (const value of Object.values(clear)) expect(accounts).not.toContain(value)
    const [migrated] = await app.db.select().from(schema.account).where(eq(schema.account.id, accountId))
    expect(migrated!.idToken).toBeNull()
    expect(await open(migrated!.accessToken)).toBe(clear.accessToken)
    expect(await open(migrated!.refreshToken)).toBe(clear.refreshToken)
    for (const row of await dump(schema.verification)) expect(row).not.toContain(token)

    // Idempotent: what is encrypted or hashed is recognised and left as it is.
    const accountsBefore = await dump(schema.account)
    const verificationsBefore = await dump(schema.verification)
    expect(await protectTokensAtRest(app.db, key)).toEqual({ accounts: 0, idTokens: 0, verifications: 0 })
    expect(await dump(schema.account)).toEqual(accountsBefore)
    expect(await dump(schema.verification)).toEqual(verificationsBefore)

    // The migrated rows still work: better-auth decrypts the token and finds the reset by its hash.
    const tokens = await app.auth.api.getAccessToken({ body: { accountId, userId } })
    expect(tokens.accessToken).toBe(clear.accessToken)
    const reset = await app.authRequest('/reset-password', { body: { token, newPassword: 'migrated reset works' } })
    expect(await reset.json()).toEqual({ status: true })
    expect((await signIn(email, 'migrated reset works')).status).toBe(200)
  })

  it('leaves an unreadable sealed value alone rather than sealing it twice', async () => {
    const { userId } = await app.signUp()
    const accountId = createId()
    const foreign = 'ab'.repeat(40)
    await app.db
      .insert(schema.account)
      .values({ id: accountId, accountId: `hex-${accountId}`, providerId: 'google', userId, accessToken: foreign })
    await protectTokensAtRest(app.db, key)
    const [row] = await app.db.select().from(schema.account).where(eq(schema.account.id, accountId))
    expect(row!.accessToken).toBe(foreign)
    // better-auth cannot read it either: the caller gets an error, not the ciphertext as a token.
    await expect(app.auth.api.getAccessToken({ body: { accountId, userId } })).rejects.toThrow()
  })
})
