import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'

/**
 * Where better-auth 1.7.7 words an error differently from the spec's catalogue (§5, §8), the API
 * answers with the spec's wording. Codes stay better-auth's, so clients keyed on codes keep working.
 */
export const SPEC_MESSAGES: Record<string, string> = {
  // "Invalid token" in 1.7.7; the spec's reset and set-password rules say "invalid token".
  INVALID_TOKEN: 'invalid token',
  // "User already exists." / "User already exists. Use another email."
  USER_ALREADY_EXISTS: 'User already exists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'User already exists',
  // "User already has a password set" (set-password).
  PASSWORD_ALREADY_SET: 'user already has a password',
}

export const INVALID_EMAIL_MESSAGE = 'Invalid email'

/**
 * Sign-up, password reset and change-email validate the address in their body schema, so a bad
 * one fails as VALIDATION_ERROR "[body.email] Invalid email address"; the spec says "Invalid email".
 */
const EMAIL_FIELD_ISSUE = /^\[body\.(email|newEmail)\]/

/**
 * verify-email reports its failures as lowercase codes (docs/product/messages.md), appended to the callback URL
 * as ?error= or returned as a 401; 1.7.7 uses its upper-case base codes.
 */
export const VERIFY_EMAIL_CODES: Record<string, string> = {
  TOKEN_EXPIRED: 'token_expired',
  INVALID_TOKEN: 'invalid_token',
  USER_NOT_FOUND: 'user_not_found',
  INVALID_USER: 'unauthorized',
}

interface ErrorBody {
  code?: string
  message?: string
}

function specBodyFor(body: ErrorBody): ErrorBody | undefined {
  if (body.code === 'VALIDATION_ERROR' && body.message && EMAIL_FIELD_ISSUE.test(body.message)) {
    return { code: 'INVALID_EMAIL', message: INVALID_EMAIL_MESSAGE }
  }
  const message = body.code ? SPEC_MESSAGES[body.code] : undefined
  return message && message !== body.message ? { ...body, message } : undefined
}

function verifyEmailRedirect(location: string | null | undefined): string | undefined {
  if (!location) return undefined
  const url = new URL(location, 'http://placeholder.invalid')
  const code = url.searchParams.get('error')
  const specCode = code ? VERIFY_EMAIL_CODES[code] : undefined
  if (!specCode) return undefined
  // appendQueryParams in better-auth keeps relative callback URLs relative; so do we.
  return location.replace(`error=${code}`, `error=${specCode}`)
}

/** An after hook (for every endpoint) that rewrites the error the endpoint returned. */
export const specErrorMessages = {
  matcher: () => true,
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned
    if (!isAPIError(returned)) return
    if (ctx.path === '/verify-email') {
      const location = verifyEmailRedirect(ctx.context.responseHeaders?.get('location'))
      if (location) throw ctx.redirect(location)
      const specCode = returned.body?.code ? VERIFY_EMAIL_CODES[returned.body.code] : undefined
      if (specCode) throw new APIError(returned.status, { code: specCode, message: specCode })
      return
    }
    const body = specBodyFor((returned.body ?? {}) as ErrorBody)
    if (body) throw new APIError(returned.status, body)
  }),
}
