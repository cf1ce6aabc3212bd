import { ORPCError, os, ValidationError } from '@orpc/server'
import type { AuthSession } from '~/server/auth'
import { getMemoizedSession } from '~/server/auth/session-memo'
import { resolveCurrentBusiness } from '~/server/business/business.service'
import { recallCurrentBusiness, rememberCurrentBusiness } from '~/server/business/current-business-cache'
import type { RpcContext } from './context'
import { appError, RPC_ERRORS, type AppErrorData } from './errors'

const base = os.$context<RpcContext>()

/**
 * oRPC reports a schema failure as BAD_REQUEST "Input validation failed". Runs before input
 * validation, so it sees that error and replaces the message with the schema's own (e.g.
 * "Rows per page can be at most 50."), keeping the issues (message and path) for forms.
 */
const readableInputErrors = base.middleware(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    // Only input-schema failures: oRPC marks them with a ValidationError cause.
    if (!(error instanceof ORPCError) || error.code !== 'BAD_REQUEST' || !(error.cause instanceof ValidationError)) throw error
    const issues = error.cause.issues.map((issue) => ({ message: issue.message, path: issue.path?.map((p) => (typeof p === 'object' ? p.key : p)) }))
    const message = issues.map((issue) => issue.message).join(' ') || RPC_ERRORS.INVALID_INPUT.message
    const data: AppErrorData = { reason: RPC_ERRORS.INVALID_INPUT.reason, issues }
    throw new ORPCError('BAD_REQUEST', { message, data, cause: error.cause })
  }
})

/** Anyone may call it; the session is not read. */
export const publicProcedure = base.use(readableInputErrors)

/** Needs a signed-in user: UNAUTHORIZED otherwise. Adds `session` and `user` to the context. */
export const authedProcedure = publicProcedure.use(async ({ context, next }) => {
  const session: AuthSession | null = await getMemoizedSession(context.auth, context.headers)
  if (!session) throw appError(RPC_ERRORS.AUTH_REQUIRED)
  return next({ context: { session, user: session.user } })
})

/**
 * Works on the caller's current business (selected, else oldest) after checking they own it.
 * Adds `businessId`; a procedure built on it can only ever reach that business's rows. A
 * procedure that needs the business's fields loads them (getOwnedBusiness): they may have changed.
 */
export const businessScopedProcedure = authedProcedure.use(async ({ context, next }) => {
  const { id: userId, selectedBusiness } = context.user
  let businessId = recallCurrentBusiness(userId, selectedBusiness)
  if (!businessId) {
    businessId = (await resolveCurrentBusiness(context.db, userId)).id
    rememberCurrentBusiness(userId, selectedBusiness, businessId)
  }
  return next({ context: { businessId } })
})
