import { createHash } from 'node:crypto'

/**
 * Demo Google (no GOOGLE_CLIENT_ID/SECRET): the client credentials better-auth is given, and the
 * codes and tokens the stand-in consent page and the mocked Google endpoints pass around. The
 * identity travels inside them (base64url JSON) so the mocks stay stateless and deterministic;
 * nothing here is secret, and none of it is accepted once real credentials are configured.
 */

export const DEMO_GOOGLE_CLIENT_ID = 'rankpilot-demo.apps.googleusercontent.com'
export const DEMO_GOOGLE_CLIENT_SECRET = 'rankpilot-demo-client-secret'
/** Where better-auth sends the browser instead of accounts.google.com. */
export const DEMO_CONSENT_PATH = '/api/demo/google/consent'
export const DEMO_DEFAULT_EMAIL = 'demo@rankpilot.example'
export const ACCESS_TOKEN_TTL_SECONDS = 3600

export interface DemoIdentity {
  sub: string
  email: string
  name: string
}

/** What the consent page hands back in `code`: the identity plus what the token exchange checks. */
export interface DemoAuthorizationCode extends DemoIdentity {
  scope: string
  redirectUri: string
  codeChallenge: string
  /** access_type=offline: the exchange also returns a refresh token. */
  offline: boolean
}

interface DemoAccessToken extends DemoIdentity {
  scope: string
  /** Unix seconds. */
  exp: number
}

const encode = (prefix: string, value: object) => `${prefix}${Buffer.from(JSON.stringify(value)).toString('base64url')}`

function decode<T>(prefix: string, token: string | null | undefined, keys: string[]): T | undefined {
  if (!token?.startsWith(prefix)) return undefined
  try {
    const value = JSON.parse(Buffer.from(token.slice(prefix.length), 'base64url').toString('utf8')) as Record<string, unknown>
    return keys.every((key) => key in value) ? (value as T) : undefined
  } catch {
    return undefined
  }
}

/** A stable Google-style numeric subject for an address: the same email is the same account. */
export function demoIdentity(email: string): DemoIdentity {
  const normalized = email.trim().toLowerCase()
  const digits = BigInt(`0x${createHash('sha256').update(normalized).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(18, '1')
  const local = normalized.split('@')[0] ?? normalized
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ')
  return { sub: `1${digits.slice(0, 20)}`, email: normalized, name: name || normalized }
}

const CODE_PREFIX = '4/0demo.'
const ACCESS_PREFIX = 'ya29.demo.'
const REFRESH_PREFIX = '1//0demo.'

export const encodeAuthorizationCode = (code: DemoAuthorizationCode) => encode(CODE_PREFIX, code)
export const decodeAuthorizationCode = (code: string | null | undefined) =>
  decode<DemoAuthorizationCode>(CODE_PREFIX, code, ['sub', 'email', 'name', 'scope', 'redirectUri', 'codeChallenge'])

export function issueAccessToken(identity: DemoIdentity, scope: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS
  return encode(ACCESS_PREFIX, { sub: identity.sub, email: identity.email, name: identity.name, scope, exp } satisfies DemoAccessToken)
}

/** The identity behind a demo access token, or undefined when unknown or expired (Google's 401). */
export function verifyAccessToken(token: string | null | undefined, now = Date.now()) {
  const decoded = decode<DemoAccessToken>(ACCESS_PREFIX, token, ['sub', 'email', 'scope', 'exp'])
  return decoded && decoded.exp * 1000 > now ? decoded : undefined
}

export const issueRefreshToken = (identity: DemoIdentity, scope: string) =>
  encode(REFRESH_PREFIX, { sub: identity.sub, email: identity.email, name: identity.name, scope })
export const decodeRefreshToken = (token: string | null | undefined) =>
  decode<DemoIdentity & { scope: string }>(REFRESH_PREFIX, token, ['sub', 'email', 'name', 'scope'])

/** An unsigned OpenID id_token (alg "none"): better-auth's Google provider only decodes it. */
export function issueIdToken(identity: DemoIdentity, now = Date.now()) {
  const iat = Math.floor(now / 1000)
  const claims = {
    iss: 'https://accounts.google.com',
    azp: DEMO_GOOGLE_CLIENT_ID,
    aud: DEMO_GOOGLE_CLIENT_ID,
    sub: identity.sub,
    email: identity.email,
    email_verified: true,
    name: identity.name,
    given_name: identity.name.split(' ')[0],
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  }
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/** PKCE S256, as Google checks code_verifier against the code_challenge of the authorization. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
