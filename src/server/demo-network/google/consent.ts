import type { Env } from '~/env'
import { demoPage, notFound } from '~/server/http/demo-page'
import { providerModes } from '~/server/providers/modes'
import { escapeHtml } from '~/shared/text'
import { DEMO_CONSENT_PATH, DEMO_DEFAULT_EMAIL, DEMO_GOOGLE_CLIENT_ID, demoIdentity, encodeAuthorizationCode } from './demo-identity'

/**
 * The stand-in for Google's consent screen in demo mode (no GOOGLE_CLIENT_ID/SECRET). It accepts
 * only the authorization requests better-auth builds for the demo client, and only ever returns
 * to this app's own Google callback, so it cannot be used as an open redirect.
 */

type ConsentEnv = Pick<Env, 'APP_NAME' | 'APP_URL'> & Parameters<typeof providerModes>[0]

export interface ConsentRequest {
  redirectUri: string
  state: string
  scope: string
  codeChallenge: string
  offline: boolean
  loginHint: string | undefined
}

const googleCallback = (env: ConsentEnv) => `${env.APP_URL}/api/auth/callback/google`

/** The request, or why it is refused. Every field better-auth sends is checked. */
export function parseConsentRequest(params: URLSearchParams, env: ConsentEnv): { request: ConsentRequest } | { error: string } {
  if (params.get('client_id') !== DEMO_GOOGLE_CLIENT_ID) return { error: 'The client_id is not this app’s demo client.' }
  if (params.get('redirect_uri') !== googleCallback(env)) return { error: 'The redirect_uri is not this app’s Google callback.' }
  if (params.get('response_type') !== 'code') return { error: 'Only response_type=code is supported.' }
  const state = params.get('state')
  if (!state) return { error: 'The state parameter is missing.' }
  const codeChallenge = params.get('code_challenge')
  if (!codeChallenge || params.get('code_challenge_method') !== 'S256') return { error: 'A PKCE S256 code_challenge is required.' }
  return {
    request: {
      redirectUri: googleCallback(env),
      state,
      scope: params.get('scope') ?? 'openid email profile',
      codeChallenge,
      offline: params.get('access_type') === 'offline',
      loginHint: params.get('login_hint') ?? undefined,
    },
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Where the browser goes after Continue (a code for the chosen address) or Cancel. */
export function consentRedirect(request: ConsentRequest, decision: 'allow' | 'deny', email: string): string {
  const target = new URL(request.redirectUri)
  if (decision === 'deny') {
    target.searchParams.set('error', 'access_denied')
  } else {
    const code = encodeAuthorizationCode({
      ...demoIdentity(email),
      scope: request.scope,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      offline: request.offline,
    })
    target.searchParams.set('code', code)
    target.searchParams.set('scope', request.scope)
  }
  target.searchParams.set('state', request.state)
  return target.toString()
}

const SCOPE_LABELS: Record<string, string> = {
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info, including any personal info you’ve made publicly available',
  'https://www.googleapis.com/auth/webmasters.readonly': 'View Search Console data for your verified sites',
}

export function renderConsentPage(env: ConsentEnv, request: ConsentRequest, options: { email?: string; error?: string } = {}) {
  const scopes = request.scope.split(/\s+/).filter(Boolean)
  const hidden = Object.entries({
    client_id: DEMO_GOOGLE_CLIENT_ID,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    state: request.state,
    scope: request.scope,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...(request.offline ? { access_type: 'offline' } : {}),
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}" />`)
    .join('')
  const email = options.email ?? request.loginHint ?? DEMO_DEFAULT_EMAIL
  const body = `
    <span class="badge">Demo mode — this stands in for Google's consent screen</span>
    <h1>Sign in to ${escapeHtml(env.APP_NAME)} with Google</h1>
    <p>${escapeHtml(env.APP_NAME)} runs without Google credentials, so no real Google account is used. ${escapeHtml(env.APP_NAME)} is asking to:</p>
    <ul>${scopes.map((scope) => `<li>${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</li>`).join('')}</ul>
    <form method="post" action="${DEMO_CONSENT_PATH}">
      ${hidden}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}" />
      ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
      <div class="actions">
        <button class="secondary" type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
        <button class="primary" type="submit" name="decision" value="allow">Continue</button>
      </div>
    </form>`
  return demoPage(`Demo Google sign-in — ${env.APP_NAME}`, body, options.error ? 400 : 200)
}

function refusal(reason: string) {
  return demoPage(
    'Invalid sign-in request',
    `<span class="badge">Demo mode — this stands in for Google's consent screen</span>
    <h1>This sign-in request is not valid</h1>
    <p class="error">${escapeHtml(reason)}</p>
    <p>Start the sign-in again from the app.</p>`,
    400,
  )
}

/** GET shows the page, POST carries the decision; nothing answers once real Google is configured. */
export async function handleConsentRequest(request: Request, env: ConsentEnv): Promise<Response> {
  if (providerModes(env).google !== 'demo') return notFound()
  if (request.method === 'GET') {
    const parsed = parseConsentRequest(new URL(request.url).searchParams, env)
    return 'error' in parsed ? refusal(parsed.error) : renderConsentPage(env, parsed.request)
  }
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, POST' } })
  const form = new URLSearchParams(await request.text())
  const parsed = parseConsentRequest(form, env)
  if ('error' in parsed) return refusal(parsed.error)
  const decision = form.get('decision') === 'deny' ? 'deny' : 'allow'
  const email = (form.get('email') ?? '').trim()
  if (decision === 'allow' && !EMAIL.test(email)) {
    return renderConsentPage(env, parsed.request, { email, error: 'Enter an email address, e.g. someone@example.com.' })
  }
  return new Response(null, {
    status: 303,
    headers: { location: consentRedirect(parsed.request, decision, email), 'cache-control': 'no-store' },
  })
}
