import { ORPCError, os, ValidationError, type AnyProcedure, type Schema } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { API_KEY_ACCESS_ERRORS } from '~/server/access/access.errors'
import { verifyApiKey, type ApiKeyCaller } from '~/server/access/api-key'
import { getOwnedBusiness, resolveCurrentBusiness } from '~/server/access/business'
import { recallCurrentBusiness, rememberCurrentBusiness } from '~/server/access/current-business-cache'
import { requirePaidPlan } from '~/server/access/plan-access'
import { getMemoizedSession } from '~/server/access/session-memo'
import type { AuthSession } from '~/server/auth/auth'
import { user as userTable } from '~/server/db/schema'
import { createRateLimiter } from '~/server/rate-limit'
import type { ApiScope } from '~/shared/api-keys'
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '~/shared/text'
import type { RpcContext } from './context'
import { appError, RPC_ERRORS, type AppErrorData } from './errors'

/**
 * The procedure builders, one per access class. Every procedure of the app is built on exactly
 * one of them, and the layers stack, so a new procedure inherits every check below its class:
 *
 *   public          anyone; input is checked for unsafe text, schema errors are readable
 *   signed-in       + a session (UNAUTHORIZED), or on the API an API key with the procedure's
 *                     scope (below); + a per-user limit on mutations
 *   paid            + a plan (PLAN_REQUIRED: FORBIDDEN with a redirect to /paywall)
 *   business        + one of the caller's businesses: the current one (`businessProcedure`), or
 *                     the one the input names (`ownedBusinessProcedure`, ownership checked once)
 *
 * The class is recorded in each procedure's meta; src/server/app/access.int.test.ts walks the
 * whole router and fails for a procedure whose class is not the one it expects.
 *
 * An API key reaches a procedure only if its meta carries a `scope`, and only with a key holding
 * that scope. The app's procedures have none; the API exposes copies that do
 * (src/server/api/api-router.ts), so nothing is callable with a key unless it is listed there.
 */
export type AccessClass = 'public' | 'signed-in' | 'paid' | 'business'

export interface ProcedureMeta {
  access?: AccessClass
  /** The scope an API key needs to call this procedure; none: API keys are refused. */
  scope?: ApiScope
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
 * Needs a signed-in user: UNAUTHORIZED otherwise. Adds `user` to the context, and `apiKey` (the
 * verified key) when the call came with one. Only for what a user without a plan must reach
 * (choosing and paying for one); everything else is `paidProcedure` or a business procedure.
 *
 * A call whose context carries API credentials (/api/v1) is authenticated by the key alone: the
 * key is verified and rate-limited (src/server/access/api-key.ts), the procedure must
 * carry a scope the key holds (FORBIDDEN otherwise), and the key's owner is the user, read fresh
 * from the database. From there on, the plan and ownership rules are the app's own.
 */
export const signedInProcedure = publicProcedure.meta({ access: 'signed-in' }).use(async ({ context, next, procedure }) => {
  let caller: { user: AuthSession['user']; apiKey: ApiKeyCaller | null }
  if (context.apiCredentials) {
    caller = await apiKeyCallerOf(context, context.apiCredentials.key, procedure)
  } else {
    const session: AuthSession | null = await getMemoizedSession(context.auth, context.headers)
    if (!session) throw appError(RPC_ERRORS.AUTH_REQUIRED)
    caller = { user: session.user, apiKey: null }
  }
  if (procedure['~orpc'].route.method !== 'GET') {
    const verdict = mutationLimiter.hit(caller.user.id)
    if (!verdict.allowed) {
      context.resHeaders?.set('retry-after', String(verdict.retryAfterSeconds))
      throw appError(RPC_ERRORS.TOO_MANY_REQUESTS, {
        message: `Too many changes in a short time. Try again in ${verdict.retryAfterSeconds} seconds.`,
      })
    }
  }
  return next({ context: caller })
})

/** The key's owner, once the key is verified and holds the scope the procedure needs. */
async function apiKeyCallerOf(context: RpcContext, key: string | null, procedure: AnyProcedure) {
  const apiKey = await verifyApiKey(context, key, context.resHeaders)
  const scope = (procedure['~orpc'].meta as ProcedureMeta).scope
  if (!scope) throw appError(API_KEY_ACCESS_ERRORS.API_KEY_NOT_ALLOWED)
  if (!apiKey.scopes.includes(scope)) {
    throw appError(API_KEY_ACCESS_ERRORS.API_KEY_SCOPE_MISSING, { message: `This API key does not have the "${scope}" scope this needs.` })
  }
  const [owner] = await context.db.select().from(userTable).where(eq(userTable.id, apiKey.userId))
  // Keys go with their user (foreign key, on delete cascade); a key verified just as its user was deleted.
  if (!owner) throw appError(API_KEY_ACCESS_ERRORS.API_KEY_INVALID)
  return { user: owner, apiKey }
}

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
  return next({ context: { businessId: await currentBusinessIdOf(context) } })
})

/** The caller's current business (selected, else oldest), checked to be theirs. */
async function currentBusinessIdOf(context: RpcContext & { user: AuthSession['user'] }) {
  const { id: userId, selectedBusiness } = context.user
  let businessId = recallCurrentBusiness(userId, selectedBusiness)
  if (!businessId) {
    businessId = (await resolveCurrentBusiness(context.db, userId)).id
    rememberCurrentBusiness(userId, selectedBusiness, businessId)
  }
  return businessId
}

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

/**
 * The business the input names (`businessId`, ownership checked as in ownedBusinessProcedure), or
 * the caller's current business when it names none: for a list the app shows for the current
 * business and the API asks for by id. Adds `businessId`.
 */
export function currentOrOwnedBusinessProcedure<Input extends { businessId?: string }, InputIn>(schema: Schema<InputIn, Input>) {
  return paidProcedure
    .meta({ access: 'business' })
    .input(schema)
    .use(async ({ context, next }, input) => {
      const businessId = input.businessId
        ? (await getOwnedBusiness(context.db, context.user.id, input.businessId)).id
        : await currentBusinessIdOf(context)
      return next({ context: { businessId } })
    })
}
