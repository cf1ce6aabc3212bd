import { describe, expect, it } from 'vitest'
import {
  DEMO_GOOGLE_CLIENT_ID,
  DEMO_GOOGLE_CLIENT_SECRET,
  demoIdentity,
  encodeAuthorizationCode,
  issueAccessToken,
  pkceChallenge,
  verifyAccessToken,
} from './demo-identity'
import { googleHandlers } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

useMockServer(...googleHandlers())

const REDIRECT = 'http://localhost:3000/api/auth/callback/google'
const VERIFIER = 'a-code-verifier-of-at-least-forty-three-characters-long'
const identity = demoIdentity('jane@acme.io')
const code = (overrides: Partial<Parameters<typeof encodeAuthorizationCode>[0]> = {}) =>
  encodeAuthorizationCode({
    ...identity,
    scope: 'email profile openid',
    redirectUri: REDIRECT,
    codeChallenge: pkceChallenge(VERIFIER),
    offline: true,
    ...overrides,
  })

const token = (fields: Record<string, string>, client = { client_id: DEMO_GOOGLE_CLIENT_ID, client_secret: DEMO_GOOGLE_CLIENT_SECRET }) =>
  fetch('https://oauth2.googleapis.com/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...client, ...fields }),
  })

const claimsOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'))

describe('Google token endpoint mock', () => {
  it('exchanges a consent code (PKCE checked) for tokens and an id_token of the chosen identity', async () => {
    const response = await token({ grant_type: 'authorization_code', code: code(), redirect_uri: REDIRECT, code_verifier: VERIFIER })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ expires_in: 3600, token_type: 'Bearer', scope: 'email profile openid' })
    expect(body.refresh_token).toMatch(/^1\/\/0demo\./)
    expect(verifyAccessToken(body.access_token)).toMatchObject({ email: 'jane@acme.io', sub: identity.sub })
    expect(claimsOf(body.id_token)).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: DEMO_GOOGLE_CLIENT_ID,
      sub: identity.sub,
      email: 'jane@acme.io',
      email_verified: true,
      name: 'Jane',
    })
  })

  it('gives no refresh token without offline access', async () => {
    const body = await (
      await token({ grant_type: 'authorization_code', code: code({ offline: false }), redirect_uri: REDIRECT, code_verifier: VERIFIER })
    ).json()
    expect(body.refresh_token).toBeUndefined()
  })

  it.each([
    ['a wrong code_verifier', { code_verifier: 'wrong' }, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' }],
    [
      'another redirect_uri',
      { redirect_uri: 'https://evil.example/cb' },
      400,
      { error: 'redirect_uri_mismatch', error_description: 'Bad Request' },
    ],
    ['a code it never issued', { code: '4/0AbCdEf' }, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' }],
  ])('refuses %s like Google', async (_case, overrides, status, error) => {
    const response = await token({
      grant_type: 'authorization_code',
      code: code(),
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      ...overrides,
    })
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(error)
  })

  it('refuses any client but the demo one', async () => {
    const response = await token(
      { grant_type: 'authorization_code', code: code(), redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { client_id: 'real.apps.googleusercontent.com', client_secret: 'x' },
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' })
  })

  it('serves refresh_token grants with a new one-hour access token and keeps the refresh token', async () => {
    const first = await (
      await token({ grant_type: 'authorization_code', code: code(), redirect_uri: REDIRECT, code_verifier: VERIFIER })
    ).json()
    const refreshed = await (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json()
    expect(refreshed).toMatchObject({ expires_in: 3600, token_type: 'Bearer', scope: 'email profile openid' })
    expect(refreshed.refresh_token).toBeUndefined()
    const claims = verifyAccessToken(refreshed.access_token)!
    expect(claims.email).toBe('jane@acme.io')
    expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 3590_000)
    const revoked = await token({ grant_type: 'refresh_token', refresh_token: 'not-ours' })
    expect(revoked.status).toBe(400)
    expect(await revoked.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
  })

  it('answers userinfo for a valid token and 401 for an expired one', async () => {
    const valid = await fetch('https://openidconnect.googleapis.com/v1/userinfo', {
      headers: { authorization: `Bearer ${issueAccessToken(identity, 'openid email')}` },
    })
    expect(await valid.json()).toEqual({ sub: identity.sub, name: 'Jane', given_name: 'Jane', email: 'jane@acme.io', email_verified: true })
    const expired = await fetch('https://openidconnect.googleapis.com/v1/userinfo', {
      headers: { authorization: `Bearer ${issueAccessToken(identity, 'openid email', Date.now() - 2 * 3600_000)}` },
    })
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid Credentials' })
  })
})
