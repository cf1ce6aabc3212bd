import { createRouterClient } from '@orpc/server'
import type { TestApp } from '../../../tests/fixtures/test-app'
import { TEST_APP_URL } from '../../../tests/fixtures/test-app'
import { business, keyword } from '~/server/db/schema'
import type { RpcContext } from './context'
import { handleRpcRequest } from './handler'
import { router } from './router'

/** Test helpers: call the router in-process, or over HTTP through the real fetch handler. */

export function rpcContext(app: TestApp, cookie?: string): RpcContext {
  const headers = new Headers({ origin: TEST_APP_URL })
  if (cookie) headers.set('cookie', cookie)
  return { db: app.db, auth: app.auth, headers }
}

/** The router as the signed-in (cookie) or anonymous caller sees it, without HTTP. */
export function rpcClient(app: TestApp, cookie?: string) {
  return createRouterClient(router, { context: rpcContext(app, cookie) })
}

/** A fetch that answers /rpc requests with the app's handler on the test database. */
export function rpcFetch(app: TestApp): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    return handleRpcRequest(request, { db: app.db, auth: app.auth, headers: request.headers })
  }
}

let counter = 0

/** Inserts a business for a user; createdAt is spaced out so "oldest first" is deterministic. */
export async function insertBusiness(app: TestApp, userId: string, values: Partial<typeof business.$inferInsert> = {}) {
  counter += 1
  const [row] = await app.db
    .insert(business)
    .values({
      userId,
      name: `Business ${counter}`,
      url: `https://business-${counter}.example.com`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, counter)),
      ...values,
    })
    .returning()
  return row
}

export async function insertKeyword(app: TestApp, businessId: string, values: Partial<typeof keyword.$inferInsert> = {}) {
  counter += 1
  const [row] = await app.db
    .insert(keyword)
    .values({ businessId, keyword: `keyword ${counter}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, counter)), ...values })
    .returning()
  return row
}
