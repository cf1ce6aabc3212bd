import { ORPCError, os, ValidationError, type Schema } from '@orpc/server'
import type { AuthSession } from '~/server/auth'
import { getMemoizedSession } from '~/server/auth/session-memo'
import { requirePaidPlan } from '~/server/billing/plan-access'
import { getOwnedBusiness, resolveCurrentBusiness } from '~/server/business/business.service'
import { recallCurrentBusiness, rememberCurrentBusiness } from '~/server/business/current-business-cache'
import { createRateLimiter } from '~/server/rate-limit'
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '~/shared/text'
import type { RpcContext } from './context'
import { appError, RPC_ERRORS, type AppErrorData } from './errors'

/**
 * The procedure builders, one per access class. Every procedure of the app is built on exactly
 * one of them, and the layers stack, so a new procedure inherits every check below its class:
 *
 *   public          anyone; input is checked for unsafe text, schema errors are readable
 *   signed-in       + a session (UNAUTHORIZED), + a per-user limit on mutations
 *   paid            + a plan (PLAN_REQUIRED: FORBIDDEN with a redirect to /paywall)
 *   business        + one of the caller's businesses: the current one (`businessProcedure`), or
 *                     the one the input names (`ownedBusinessProcedure`, ownership checked once)
 *
 * The class is recorded in each procedure's meta; src/server/app/access.int.test.ts walks the
 * whole router and fails for a procedure whose class is not the one it expects.
 */
export type AccessClass = 'public' | 'signed-in' | 'paid' | 'business'

export interface ProcedureMeta {
  access?: AccessClass
}

const base = os.$context<RpcContext>().$meta<ProcedureMeta>({})

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
    const issues = error.cause.issues.map((issue) => ({
      message: issue.message,
      path: issue.path?.map((p) => (typeof p === 'object' ? p.key : p)),
    }))
    const message = issues.map((issue) => issue.message).join(' ') || RPC_ERRORS.INVALID_INPUT.message
    const data: AppErrorData = { reason: RPC_ERRORS.INVALID_INPUT.reason, issues }
    throw new ORPCError('BAD_REQUEST', { message, data, cause: error.cause })
  }
})

/**
 * No procedure ever receives a NUL character or a lone surrogate in any string of its input
 * (the database cannot store the first, UTF-8 cannot encode the second): refused as BAD_REQUEST
 * with the field's path, before the schema or the session are looked at.
 */
const safeTextInput = base.middleware(async ({ next }, input: unknown) => {
  const unsafe = findUnsafeText(input)
  if (unsafe) {
    const data: AppErrorData = { reason: RPC_ERRORS.INVALID_TEXT.reason, issues: [{ message: UNSAFE_TEXT_MESSAGE, path: unsafe.path }] }
    throw new ORPCError('BAD_REQUEST', { message: UNSAFE_TEXT_MESSAGE, data })
  }
  return next()
})

/** Anyone may call it; the session is not read. */
export const publicProcedure = base.meta({ access: 'public' }).use(readableInputErrors).use(safeTextInput)

/**
 * Mutations per signed-in user and process: generous for a person clicking, a wall for a script.
 * Queries (GET) are not counted: lists and event streams refetch often and change nothing.
 */
export const MUTATION_RATE_LIMIT = { max: 120, windowMs: 60_000 }
const mutationLimiter = createRateLimiter(MUTATION_RATE_LIMIT)

/** Tests only. */
export function resetMutationRateLimit() {
  mutationLimiter.reset()
}

/**
 * Needs a signed-in user: UNAUTHORIZED otherwise. Adds `session` and `user` to the context. Only
 * for what a user without a plan must reach (choosing and paying for one); everything else is
 * `paidProcedure` or a business procedure.
 */
export const signedInProcedure = publicProcedure.meta({ access: 'signed-in' }).use(async ({ context, next, procedure }) => {
  const session: AuthSession | null = await getMemoizedSession(context.auth, context.headers)
  if (!session) throw appError(RPC_ERRORS.AUTH_REQUIRED)
  if (procedure['~orpc'].route.method !== 'GET') {
    const verdict = mutationLimiter.hit(session.user.id)
    if (!verdict.allowed) {
      context.resHeaders?.set('retry-after', String(verdict.retryAfterSeconds))
      throw appError(RPC_ERRORS.TOO_MANY_REQUESTS, {
        message: `Too many changes in a short time. Try again in ${verdict.retryAfterSeconds} seconds.`,
      })
    }
  }
  return next({ context: { session, user: session.user } })
})

/** Needs a plan (PLAN_REQUIRED, to /paywall otherwise). Adds `plan`. */
export const paidProcedure = signedInProcedure.meta({ access: 'paid' }).use(async ({ context, next }) => {
  const plan = await requirePaidPlan(context.db, context.user.id)
  return next({ context: { plan } })
})

/**
 * Works on the caller's current business (selected, else oldest) after checking they own it.
 * Adds `businessId`; a procedure built on it can only ever reach that business's rows. A
 * procedure that needs the business's fields loads them (getOwnedBusiness): they may have changed.
 */
export const businessProcedure = paidProcedure.meta({ access: 'business' }).use(async ({ context, next }) => {
  const { id: userId, selectedBusiness } = context.user
  let businessId = recallCurrentBusiness(userId, selectedBusiness)
  if (!businessId) {
    businessId = (await resolveCurrentBusiness(context.db, userId)).id
    rememberCurrentBusiness(userId, selectedBusiness, businessId)
  }
  return next({ context: { businessId } })
})

/**
 * Works on the business whose id the input carries (`businessId`), after checking once that the
 * caller owns it: another user's business is NOT_FOUND, exactly like a missing one. Adds
 * `business` (the row as it is now) and `businessId`. Give it the procedure's input schema:
 *
 *   ownedBusinessProcedure(z.object({ businessId: rowId('Business id'), … })).handler(…)
 */
export function ownedBusinessProcedure<Input extends { businessId: string }, InputIn>(schema: Schema<InputIn, Input>) {
  return paidProcedure
    .meta({ access: 'business' })
    .input(schema)
    .use(async ({ context, next }, input) => {
      const owned = await getOwnedBusiness(context.db, context.user.id, input.businessId)
      return next({ context: { business: owned, businessId: owned.id } })
    })
}
