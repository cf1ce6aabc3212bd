import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  decodeAuthorizationCode,
  decodeRefreshToken,
  DEMO_GOOGLE_CLIENT_ID,
  DEMO_GOOGLE_CLIENT_SECRET,
  issueAccessToken,
  issueIdToken,
  issueRefreshToken,
  pkceChallenge,
  verifyAccessToken,
} from './demo-identity'

export const GOOGLE_TOKEN_BASE_URL = 'https://oauth2.googleapis.com'
export const GOOGLE_USERINFO_BASE_URL = 'https://openidconnect.googleapis.com'

/** Google's OAuth error body: `{error, error_description}` (RFC 6749 §5.2). */
const oauthError = (status: number, error: string, description: string) =>
  HttpResponse.json({ error, error_description: description }, { status })

/** client_secret_post (better-auth's default) or client_secret_basic. */
function clientCredentials(request: Request, form: URLSearchParams) {
  const basic = request.headers.get('authorization')?.match(/^Basic\s+(.+)$/i)?.[1]
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':')
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' }
}

function tokenAnswer(form: URLSearchParams) {
  const grantType = form.get('grant_type')
  if (grantType === 'authorization_code') {
    const code = decodeAuthorizationCode(form.get('code'))
    if (!code) return oauthError(400, 'invalid_grant', 'Malformed auth code.')
    if (form.get('redirect_uri') !== code.redirectUri) return oauthError(400, 'redirect_uri_mismatch', 'Bad Request')
    if (pkceChallenge(form.get('code_verifier') ?? '') !== code.codeChallenge) {
      return oauthError(400, 'invalid_grant', 'Invalid code verifier.')
    }
    return HttpResponse.json({
      access_token: issueAccessToken(code, code.scope),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      ...(code.offline ? { refresh_token: issueRefreshToken(code, code.scope) } : {}),
      scope: code.scope,
      token_type: 'Bearer',
      ...(code.scope.split(' ').includes('openid') ? { id_token: issueIdToken(code) } : {}),
    })
  }
  if (grantType === 'refresh_token') {
    const grant = decodeRefreshToken(form.get('refresh_token'))
    if (!grant) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.')
    // Google sends no new refresh token on a refresh: the old one stays valid.
    return HttpResponse.json({
      access_token: issueAccessToken(grant, grant.scope),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      scope: grant.scope,
      token_type: 'Bearer',
      ...(grant.scope.split(' ').includes('openid') ? { id_token: issueIdToken(grant) } : {}),
    })
  }
  return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`)
}

/**
 * Google's token and userinfo endpoints for demo mode and tests. They accept only the demo client
 * and the codes minted by the stand-in consent page (google/demo-identity.ts), check PKCE and the
 * redirect URI as Google does, and serve refresh_token grants with a fresh one-hour token.
 */
export function googleHandlers(options: { baseUrl?: string; userinfoBaseUrl?: string } = {}): RequestHandler[] {
  const tokenBase = (options.baseUrl ?? GOOGLE_TOKEN_BASE_URL).replace(/\/+$/, '')
  const userinfoBase = (options.userinfoBaseUrl ?? GOOGLE_USERINFO_BASE_URL).replace(/\/+$/, '')

  const userinfo = withFaults('google', ({ request }) => {
    const token = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
    const identity = verifyAccessToken(token)
    if (!identity) {
      return HttpResponse.json(
        { error: 'invalid_request', error_description: 'Invalid Credentials' },
        { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' } },
      )
    }
    return HttpResponse.json({
      sub: identity.sub,
      name: identity.name,
      given_name: identity.name.split(' ')[0],
      email: identity.email,
      email_verified: true,
    })
  })

  return [
    http.post(
      `${tokenBase}/token`,
      withFaults('google', async ({ request }) => {
        const form = new URLSearchParams(await request.text())
        const client = clientCredentials(request, form)
        if (client.id !== DEMO_GOOGLE_CLIENT_ID || client.secret !== DEMO_GOOGLE_CLIENT_SECRET) {
          return oauthError(401, 'invalid_client', 'Unauthorized')
        }
        return tokenAnswer(form)
      }),
    ),
    http.get(`${userinfoBase}/v1/userinfo`, userinfo),
  ]
}
