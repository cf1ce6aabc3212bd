import type { OpenAPI } from '@orpc/openapi'
import type { Subscription } from '@polar-sh/sdk/models/components/subscription'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  answerOf,
  apiRequest,
  createApiKeyFor,
  documentedRequest,
  operationsOf,
  seedApiAccount,
  type DocumentedOperation,
} from '~tests/fixtures/api'
import { insertBusiness, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { resetApiKeyRateLimit } from '~/server/access/api-key'
import { applySubscriptionEvent } from '~/server/billing/webhooks'
import { article, jobRun, keyword, plan, researchRun } from '~/server/db/schema'
import { resetMutationRateLimit, type AccessClass, type ProcedureMeta } from '~/server/rpc/procedures'
import type { ApiScope } from '~/shared/api-keys'
import { EXAMPLE_IDS } from './api-router'
import { apiOperations } from './openapi'

/**
 * The API's counterpart of src/server/app/access.int.test.ts, through /api/v1 over HTTP: every
 * operation with its route, scope and the app procedure's access class. An operation added
 * without a line here fails the first test: whoever exposes a procedure decides its scope. Every
 * operation is then called without a key, without a plan, without its scope, after a revoked
 * plan, and with another account's ids.
 */
const OPERATIONS: Record<string, { route: string; scope: ApiScope; access: AccessClass }> = {
  'businesses.list': { route: 'GET /businesses', scope: 'read', access: 'paid' },
  'businesses.get': { route: 'GET /businesses/{businessId}', scope: 'read', access: 'business' },
  'keywords.list': { route: 'GET /businesses/{businessId}/keywords', scope: 'read', access: 'business' },
  'keywords.add': { route: 'POST /businesses/{businessId}/keywords', scope: 'write', access: 'business' },
  'keywords.explain': { route: 'GET /businesses/{businessId}/keywords/{keywordId}/explanation', scope: 'read', access: 'business' },
  'research.start': { route: 'POST /businesses/{businessId}/research', scope: 'write', access: 'business' },
  'research.status': { route: 'GET /businesses/{businessId}/research', scope: 'read', access: 'business' },
  'clusters.list': { route: 'GET /businesses/{businessId}/clusters', scope: 'read', access: 'business' },
  'articles.list': { route: 'GET /businesses/{businessId}/articles', scope: 'read', access: 'business' },
  'articles.get': { route: 'GET /businesses/{businessId}/articles/{articleId}', scope: 'read', access: 'business' },
  'articles.generate': { route: 'POST /businesses/{businessId}/articles', scope: 'write', access: 'business' },
  'articles.approve': { route: 'POST /businesses/{businessId}/articles/{articleId}/approve', scope: 'write', access: 'business' },
  'articles.publish': { route: 'POST /businesses/{businessId}/articles/{articleId}/publish', scope: 'publish', access: 'business' },
  'integrations.list': { route: 'GET /businesses/{businessId}/integrations', scope: 'read', access: 'business' },
  'performance.get': { route: 'GET /businesses/{businessId}/performance', scope: 'read', access: 'business' },
  'performance.top': { route: 'GET /businesses/{businessId}/performance/top', scope: 'read', access: 'business' },
  'jobs.get': { route: 'GET /jobs/{id}', scope: 'read', access: 'paid' },
}

let app: TestApp
let documented: DocumentedOperation[]
let victim: { userId: string; cookie: string; key: string; ids: Record<string, string> }
const VICTIM_NAME = 'Victim Roasters'

beforeAll(async () => {
  app = await createTestApp()
  documented = operationsOf((await answerOf(await apiRequest(app, '/openapi.json'))).body as unknown as OpenAPI.Document)
  victim = await seedApiAccount(app, {
    business: VICTIM_NAME,
    plannedKeyword: 'victim secret keyword',
    writtenKeyword: 'victim written keyword',
    articleTitle: 'Victim secret article',
    webhookUrl: 'https://victim.example/hook',
  })
})
afterAll(() => app?.close())
beforeEach(() => {
  resetApiKeyRateLimit()
  resetMutationRateLimit()
})

const operationIds = () => documented.map((entry) => entry.operation.operationId!)
const find = (operationId: string) => documented.find((entry) => entry.operation.operationId === operationId)!
const send = (operationId: string, key: string | undefined, ids: Record<string, string>) => {
  const { path, ...init } = documentedRequest(find(operationId), ids)
  return apiRequest(app, path, { ...init, key })
}

describe('the operations', () => {
  it('are exactly the ones listed, each with its route, scope and access class', () => {
    const actual = Object.fromEntries(
      [...apiOperations()].map(([operationId, { procedure, exposure }]) => {
        const meta = procedure['~orpc'].meta as ProcedureMeta
        return [operationId, { route: `${exposure.method} ${exposure.path}`, scope: meta.scope, access: meta.access }]
      }),
    )
    expect(actual).toEqual(OPERATIONS)
    expect(operationIds().sort()).toEqual(Object.keys(OPERATIONS).sort())
  })

  it('read with GET and need read; change with POST and need write, or publish to publish', () => {
    for (const { method, operation } of documented) {
      const scope = OPERATIONS[operation.operationId!].scope
      expect(method === 'get' ? ['read'] : ['write', 'publish'], operation.operationId).toContain(scope)
      expect((operation as Record<string, unknown>)['x-required-scope'], operation.operationId).toBe(scope)
    }
  })
})

describe('who may call', () => {
  it.each(Object.keys(OPERATIONS))('%s refuses a call without a key with 401', async (operationId) => {
    const { status, body } = await answerOf(await send(operationId, undefined, victim.ids))
    expect([status, body?.data?.reason]).toEqual([401, 'API_KEY_REQUIRED'])
  })

  it.each(Object.keys(OPERATIONS))('%s refuses a key without its scope with 403', async (operationId) => {
    const others = (['read', 'write', 'publish'] as const).filter((scope) => scope !== OPERATIONS[operationId].scope)
    const { key, id } = await createApiKeyFor(app, victim.cookie, { name: `No ${operationId}`, scopes: others })
    const { status, body } = await answerOf(await send(operationId, key, victim.ids))
    expect([status, body?.data?.reason]).toEqual([403, 'API_KEY_SCOPE_MISSING'])
    await rpcClient(app, victim.cookie).apiKey.revoke({ id })
  })

  it.each(Object.keys(OPERATIONS))('%s refuses the key of an account without a plan with 403 PLAN_REQUIRED', async (operationId) => {
    // A key made while the account had a plan, which has since ended.
    const unpaid = await app.signUp({ plan: 'Starter' })
    const { key } = await createApiKeyFor(app, unpaid.cookie)
    await app.setPlan(unpaid.userId, null)
    const { status, body } = await answerOf(await send(operationId, key, victim.ids))
    expect([status, body?.code, body?.data?.reason, body?.data?.redirectTo]).toEqual([403, 'FORBIDDEN', 'PLAN_REQUIRED', '/paywall'])
  })

  it('a revoked plan closes every operation on the next call, even right after one that worked', async () => {
    const revoked = await app.signUp({ plan: 'Agency' })
    const own = await insertBusiness(app, revoked.userId)
    const { key } = await createApiKeyFor(app, revoked.cookie)
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(200)
    const [agency] = await app.db.select().from(plan).where(eq(plan.name, 'Agency'))
    const subscription = {
      id: 'sub_api_revoked',
      status: 'canceled',
      productId: agency.productId,
      customer: { externalId: revoked.userId },
    }
    await applySubscriptionEvent(app.db, 'revoked', subscription as unknown as Subscription)
    for (const operationId of Object.keys(OPERATIONS)) {
      const { body } = await answerOf(await send(operationId, key, { [EXAMPLE_IDS.businessId]: own.id }))
      expect([operationId, body?.data?.reason]).toEqual([operationId, 'PLAN_REQUIRED'])
    }
  })
})

describe('another paying account’s key', () => {
  let attacker: { key: string; businessId: string }

  beforeAll(async () => {
    const account = await app.signUp({ plan: 'Agency' })
    const own = await insertBusiness(app, account.userId, { name: 'Attacker Ltd' })
    attacker = { key: (await createApiKeyFor(app, account.cookie)).key, businessId: own.id }
  })

  const withIds = Object.keys(OPERATIONS).filter((operationId) => operationId !== 'businesses.list')
  it.each(withIds)('%s with the victim’s ids is 404 and tells nothing', async (operationId) => {
    const { status, body } = await answerOf(await send(operationId, attacker.key, victim.ids))
    expect([status, body?.code]).toEqual([404, 'NOT_FOUND'])
    expect(JSON.stringify(body)).not.toContain(VICTIM_NAME)
  })

  it('businesses.list answers only the key’s own businesses', async () => {
    const { status, body } = await answerOf(await send('businesses.list', attacker.key, {}))
    expect(status).toBe(200)
    expect(JSON.stringify(body)).toContain('Attacker Ltd')
    for (const secret of [...Object.values(victim.ids), VICTIM_NAME, victim.userId]) expect(JSON.stringify(body)).not.toContain(secret)
  })

  it('the victim’s rows are untouched after every attempt', async () => {
    const businessId = victim.ids[EXAMPLE_IDS.businessId]
    const keywords = await app.db
      .select({ keyword: keyword.keyword, status: keyword.status })
      .from(keyword)
      .where(eq(keyword.businessId, businessId))
    expect(keywords.sort((a, b) => a.keyword.localeCompare(b.keyword))).toEqual([
      { keyword: 'victim secret keyword', status: 'scheduled' },
      { keyword: 'victim written keyword', status: 'pending' },
    ])
    const [written] = await app.db.select().from(article).where(eq(article.id, victim.ids[EXAMPLE_IDS.articleId]))
    expect(written).toMatchObject({ status: 'draft', approvedAt: null, title: 'Victim secret article' })
    expect(await app.db.select().from(researchRun).where(eq(researchRun.businessId, businessId))).toEqual([])
    const jobs = await app.db.select({ kind: jobRun.kind }).from(jobRun).where(eq(jobRun.businessId, businessId))
    expect(jobs).toEqual([{ kind: 'business.analyze' }])
  })
})
