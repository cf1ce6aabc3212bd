import { createAuthEndpoint, requestPasswordReset } from 'better-auth/api'

/**
 * POST /forget-password (body email, redirectTo): the older name of /request-password-reset,
 * which our auth API keeps next to it. better-auth 1.7.7 no longer has it (404). This endpoint runs
 * the very same endpoint (its validation, redirectTo origin check, email and answer), so both
 * answer `{ status: true, message }` alike, for known and unknown addresses. better-auth's rate
 * limiter already counts `/forget-password*` with the reset requests.
 */
export const forgetPassword = createAuthEndpoint(
  '/forget-password',
  {
    method: 'POST',
    body: requestPasswordReset.options.body,
    metadata: {
      openapi: { operationId: 'forgetPassword', description: 'Send a password reset email to the user (alias of /request-password-reset)' },
    },
  },
  (ctx) => requestPasswordReset({ body: ctx.body, headers: ctx.headers, request: ctx.request, context: ctx.context }),
)
