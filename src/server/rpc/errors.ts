import { ORPCError } from '@orpc/server'

/**
 * The RPC error codes of spec §8 and their HTTP statuses. oRPC's built-in defaults give the same
 * pairs (errors.test.ts checks every one); this table is the product's contract, so a future
 * oRPC change shows up as a failing test rather than a silent status change.
 */
export const RPC_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  NOT_ACCEPTABLE: 406,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const

export type RpcErrorCode = keyof typeof RPC_ERROR_STATUS

/**
 * What every application error carries in `data`:
 * - `reason`: the domain's UPPER_SNAKE code (BUSINESS_NOT_FOUND, …), which the UI maps to a toast;
 *   the oRPC `code` stays one of the 19 above so statuses and generic handling never vary.
 * - `redirectTo`: a same-origin path the client navigates to instead of showing the error
 *   (see `toRouterRedirect` in src/lib/orpc.ts).
 */
export interface AppErrorData {
  reason: string
  redirectTo?: string
  issues?: readonly { message: string; path?: readonly PropertyKey[] }[]
}

export interface ErrorDefinition {
  code: RpcErrorCode
  message: string
}

/** A domain's catalogue of UPPER_SNAKE reasons, each with its RPC code and user-facing message. */
export function defineErrorCodes<const T extends Record<string, ErrorDefinition>>(definitions: T) {
  return Object.fromEntries(
    Object.entries(definitions).map(([reason, definition]) => [reason, { ...definition, reason }]),
  ) as { [K in keyof T]: T[K] & { reason: K & string } }
}

export type DefinedError = ErrorDefinition & { reason: string }

/** The ORPCError a procedure or service throws for a catalogued reason. */
export function appError(definition: DefinedError, options: { message?: string; redirectTo?: string; cause?: unknown } = {}) {
  const data: AppErrorData = { reason: definition.reason }
  if (options.redirectTo !== undefined) data.redirectTo = safeRedirectPath(options.redirectTo)
  return new ORPCError(definition.code, { message: options.message ?? definition.message, data, cause: options.cause })
}

/** Only same-origin absolute paths: a redirect payload must never send a user off-site. */
export function safeRedirectPath(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    throw new Error(`redirect target must be a same-origin path, got "${path}"`)
  }
  return path
}

/** Reasons that belong to the RPC layer itself rather than to a domain. */
export const RPC_ERRORS = defineErrorCodes({
  AUTH_REQUIRED: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' },
  INVALID_INPUT: { code: 'BAD_REQUEST', message: 'Some of the values sent are not valid.' },
})
