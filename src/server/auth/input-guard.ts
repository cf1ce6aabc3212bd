import { APIError, createAuthMiddleware } from 'better-auth/api'
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '~/shared/text'

export const INVALID_IMAGE_MESSAGE = 'The picture must be an http:// or https:// address without a user name or password.'
const IMAGE_URL_MAX_LENGTH = 2048

/** Endpoints that store the `image` of their body as the user's avatar. */
const IMAGE_PATHS = new Set(['/sign-up/email', '/update-user'])

/**
 * An avatar is shown to whoever sees the user (and, for the shared demo account, to every
 * visitor): only a plain web address, never `javascript:`, `data:` or one carrying credentials.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value.length > IMAGE_URL_MAX_LENGTH || !URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
}

/**
 * Every auth request's body and query must be safe text (src/shared/text.ts): a NUL reaches
 * PostgreSQL as an error and better-auth answers 500. Refused first, with 400 INVALID_TEXT, before
 * any other hook looks the values up. An avatar `image` must be a web address (null removes it).
 * Polar's signed webhooks are not a person's input: refusing one would only make Polar retry it.
 */
export const refuseUnsafeInput = {
  matcher: (ctx: { path?: string }) => !(ctx.path ?? '').startsWith('/polar/webhooks'),
  handler: createAuthMiddleware(async (ctx) => {
    if (findUnsafeText(ctx.body) || findUnsafeText(ctx.query)) {
      throw APIError.from('BAD_REQUEST', { code: 'INVALID_TEXT', message: UNSAFE_TEXT_MESSAGE })
    }
    const image: unknown = ctx.body?.image
    if (IMAGE_PATHS.has(ctx.path ?? '') && image !== undefined && image !== null && !(typeof image === 'string' && isSafeImageUrl(image))) {
      throw APIError.from('BAD_REQUEST', { code: 'INVALID_IMAGE_URL', message: INVALID_IMAGE_MESSAGE })
    }
  }),
}
