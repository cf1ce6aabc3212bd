import type { COMMON_ORPC_ERROR_DEFS } from '@orpc/client'
import { ORPCError } from '@orpc/server'
import { isSameOriginPath } from '~/shared/same-origin-path'
import { UNSAFE_TEXT_MESSAGE } from '~/shared/text'

/**
 * The RPC error codes (docs/product/messages.md). oRPC's built-in definitions give exactly our 19 code →
 * status pairs; errors.test.ts checks each one, in oRPC, over the wire and back, so a future oRPC
 * change fails a test instead of silently changing a status.
 */
export type RpcErrorCode = Extract<keyof typeof COMMON_ORPC_ERROR_DEFS, string>

/**
 * What every application error carries in `data`:
 * - `reason`: the domain's UPPER_SNAKE code (BUSINESS_NOT_FOUND, …), which the UI maps to a toast;
 *   the oRPC `code` stays one of the 19 above so statuses and generic handling never vary.
 * - `redirectTo`: a same-origin path the client navigates to instead of showing the error
 *   (see `toRouterRedirect` in src/lib/orpc.ts).
 * - `action`: what the user can do about it, shown as the error toast's button ("See plans" when
 *   the month's articles are used up); a same-origin path.
 */
export interface AppErrorData {
  reason: string
  redirectTo?: string
  action?: { label: string; path: string }
  issues?: readonly { message: string; path?: readonly PropertyKey[] }[]
}

export interface ErrorDefinition {
  code: RpcErrorCode
  message: string
}

/** A domain's catalogue of UPPER_SNAKE reasons, each with its RPC code and user-facing message. */
export function defineErrorCodes<const T extends Record<string, ErrorDefinition>>(definitions: T) {
  return Object.fromEntries(Object.entries(definitions).map(([reason, definition]) => [reason, { ...definition, reason }])) as {
    [K in keyof T]: T[K] & { reason: K & string }
  }
}

export type DefinedError = ErrorDefinition & { reason: string }

/** The ORPCError a procedure or service throws for a catalogued reason. */
export function appError(
  definition: DefinedError,
  options: { message?: string; redirectTo?: string; action?: { label: string; path: string }; cause?: unknown } = {},
) {
  const data: AppErrorData = { reason: definition.reason }
  if (options.redirectTo !== undefined) data.redirectTo = safeRedirectPath(options.redirectTo)
  if (options.action !== undefined) data.action = { label: options.action.label, path: safeRedirectPath(options.action.path) }
  return new ORPCError(definition.code, { message: options.message ?? definition.message, data, cause: options.cause })
}

/** Only same-origin absolute paths: a redirect payload must never send a user off-site. */
export function safeRedirectPath(path: string): string {
  if (!isSameOriginPath(path)) {
    throw new Error(`redirect target must be a same-origin path, got "${path}"`)
  }
  return path
}

/** Reasons that belong to the RPC layer itself rather than to a domain. */
export const RPC_ERRORS = defineErrorCodes({
  AUTH_REQUIRED: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' },
  INVALID_INPUT: { code: 'BAD_REQUEST', message: 'Some of the values sent are not valid.' },
  INVALID_TEXT: { code: 'BAD_REQUEST', message: UNSAFE_TEXT_MESSAGE },
  TOO_MANY_REQUESTS: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests in a short time. Try again in a minute.' },
})
