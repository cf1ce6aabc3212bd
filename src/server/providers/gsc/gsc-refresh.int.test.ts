import { and, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { symmetricDecrypt } from 'better-auth/crypto'
import { oauthTokenKey, sealOAuthToken } from '~/server/auth/tokens-at-rest'
import { schema } from '~/server/db'
import { handleConsentRequest } from '~/server/demo-network/google/consent'
import {
  decodeRefreshToken,
  DEMO_CONSENT_PATH,
  demoIdentity,
  issueAccessToken,
  verifyAccessToken,
} from '~/server/demo-network/google/demo-identity'
import { googleHandlers } from '~/server/demo-network/google/mock'
import { ProviderError } from '../http'
import { clearFaults, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { GSC_SCOPE, searchConsoleClientForUser } from './client'
import { gscHandlers } from '~/server/demo-network/gsc/mock'

/**
 * Demo Google end to end on the auth handler: no GOOGLE_CLIENT_ID/SECRET, so better-auth sends the
 * user to the stand-in consent page, exchanges its code at the (mocked) Google token endpoint, and
 * later refreshes the expired access token there before a Search Console call.
 */
const network = setupServer(...googleHandlers(), ...gscHandlers())
let app: TestApp
beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
})
beforeEach(() => resetMockRequestCounts())
afterEach(() => {
  network.resetHandlers()
  clearFaults()
})
afterAll(async () => {
  network.close()
  await app?.close()
})

/** Links Google with the Search Console scope through the consent page, as the browser would. */
async function connectSearchConsole(user: { cookie: string; email: string }) {
  const start = await app.authRequest('/link-social', {
    cookie: user.cookie,
    body: { provider: 'google', callbackURL: '/setup', scopes: [GSC_SCOPE] },
  })
  expect(start.status).toBe(200)
  const authorization = new URL(((await start.json()) as { url: string }).url)
  expect(`${authorization.origin}${authorization.pathname}`).toBe(`${TEST_APP_URL}${DEMO_CONSENT_PATH}`)
  const consent = await handleConsentRequest(
    new Request(authorization, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(authorization.searchParams), email: user.email, decision: 'allow' }),
    }),
    app.env,
  )
  const callback = new URL(consent.headers.get('location')!)
  const cookie = cookieFrom(start, user.cookie)
  const done = await app.authRequest(`/callback/google${callback.search}`, { cookie })
  expect(done.headers.get('location')).toBe('/setup')
}

const googleAccountOf = async (userId: string) => {
  const [account] = await app.db
    .select()
    .from(schema.account)
    .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, 'google')))
  return account!
}

describe('Search Console on the linked Google account (demo Google)', () => {
  it('refreshes an expired access token through Google’s token endpoint, stores it, and uses it', async () => {
    const user = await app.signUp({ email: 'owner@acme.io' })
    await connectSearchConsole(user)
    const linked = await googleAccountOf(user.userId)
    expect(linked).toMatchObject({ providerId: 'google', accountId: demoIdentity('owner@acme.io').sub })
    expect(linked.scope?.split(',')).toContain(GSC_SCOPE)
    expect(linked.refreshToken).toBeTruthy()
    // Stored encrypted under better-auth's key; the id token is not kept.
    const key = await oauthTokenKey(app.auth)
    const open = (stored: string | null) => symmetricDecrypt({ key, data: stored! })
    expect(linked.accessToken).not.toContain('demo')
    expect(linked.refreshToken).not.toContain('demo')
    expect(verifyAccessToken(await open(linked.accessToken))).toMatchObject({ email: 'owner@acme.io' })
    expect(decodeRefreshToken(await open(linked.refreshToken))).toMatchObject({ email: 'owner@acme.io' })
    expect(linked.idToken).toBeNull()

    // An hour later: the stored access token has expired, and Search Console would refuse it.
    const stale = issueAccessToken(demoIdentity('owner@acme.io'), `openid ${GSC_SCOPE}`, Date.now() - 2 * 3600_000)
    await app.db
      .update(schema.account)
      .set({ accessToken: await sealOAuthToken(stale, key), accessTokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.account.id, linked.id))
    resetMockRequestCounts()

    const gsc = searchConsoleClientForUser({ auth: app.auth, db: app.db, userId: user.userId }, { sleep: async () => {} })
    expect(await gsc.listSites()).toEqual([
      { siteUrl: 'sc-domain:acme.io', permissionLevel: 'siteOwner' },
      { siteUrl: 'https://blog.acme.io/', permissionLevel: 'siteFullUser' },
    ])
    expect(mockRequestCount('google')).toBe(1)
    expect(mockRequestCount('gsc')).toBe(1)

    const refreshed = await googleAccountOf(user.userId)
    const refreshedToken = await open(refreshed.accessToken)
    expect(refreshedToken).not.toBe(stale)
    expect(verifyAccessToken(refreshedToken)).toMatchObject({ email: 'owner@acme.io' })
    expect(refreshed.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000)
    expect(refreshed.refreshToken).toBe(linked.refreshToken)

    // Still valid now: the next call uses the stored token without another refresh.
    await gsc.listSitemaps('sc-domain:acme.io')
    expect(mockRequestCount('google')).toBe(1)
  })

  it('says to connect Search Console when no Google account is linked', async () => {
    const user = await app.signUp()
    const error = await searchConsoleClientForUser({ auth: app.auth, db: app.db, userId: user.userId })
      .listSites()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).message).toBe('No Google account is connected. Connect Search Console on Integrations first.')
    expect(mockRequestCount('gsc')).toBe(0)
  })

  it('says to reconnect when Google no longer accepts the refresh token', async () => {
    const user = await app.signUp({ email: 'revoked@acme.io' })
    await connectSearchConsole(user)
    const linked = await googleAccountOf(user.userId)
    await app.db
      .update(schema.account)
      .set({
        refreshToken: await sealOAuthToken('revoked-by-the-user', await oauthTokenKey(app.auth)),
        accessTokenExpiresAt: new Date(Date.now() - 60_000),
      })
      .where(eq(schema.account.id, linked.id))
    const error = await searchConsoleClientForUser({ auth: app.auth, db: app.db, userId: user.userId })
      .listSites()
      .catch((caught: unknown) => caught)
    expect((error as ProviderError).message).toBe(
      'Google no longer accepts the saved Search Console connection. Reconnect Search Console on Integrations and try again.',
    )
    expect(mockRequestCount('gsc')).toBe(0)
  })
})
