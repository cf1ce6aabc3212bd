import { createORPCClient, ORPCError } from '@orpc/client'
import { COMMON_ORPC_ERROR_DEFS } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import { os } from '@orpc/server'
import { RPCHandler } from '@orpc/server/fetch'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { appError, defineErrorCodes, safeRedirectPath, type RpcErrorCode } from './errors'

// The documented code → status table (docs/product/messages.md): the contract this table must keep.
const SPEC_PAIRS: [RpcErrorCode, number][] = [
  ['BAD_REQUEST', 400],
  ['UNAUTHORIZED', 401],
  ['FORBIDDEN', 403],
  ['NOT_FOUND', 404],
  ['METHOD_NOT_SUPPORTED', 405],
  ['NOT_ACCEPTABLE', 406],
  ['TIMEOUT', 408],
  ['CONFLICT', 409],
  ['PRECONDITION_FAILED', 412],
  ['PAYLOAD_TOO_LARGE', 413],
  ['UNSUPPORTED_MEDIA_TYPE', 415],
  ['UNPROCESSABLE_CONTENT', 422],
  ['TOO_MANY_REQUESTS', 429],
  ['CLIENT_CLOSED_REQUEST', 499],
  ['INTERNAL_SERVER_ERROR', 500],
  ['NOT_IMPLEMENTED', 501],
  ['BAD_GATEWAY', 502],
  ['SERVICE_UNAVAILABLE', 503],
  ['GATEWAY_TIMEOUT', 504],
]

// One procedure that throws whichever code it is asked for, served by the real fetch handler.
const thrower = {
  fail: os.input(z.object({ code: z.string() })).handler(({ input }) => {
    throw new ORPCError(input.code)
  }),
}
const handler = new RPCHandler(thrower)
const serve = async (request: Request) =>
  (await handler.handle(request, { prefix: '/rpc' })).response ?? new Response(null, { status: 404 })
const client = createORPCClient<{ fail: (input: { code: string }) => Promise<never> }>(
  new RPCLink({ url: 'http://localhost/rpc', fetch: (request) => serve(request as Request) }),
)

describe('RPC error codes (docs/product/messages.md)', () => {
  it('oRPC defines exactly the 19 documented codes', () => {
    expect(Object.keys(COMMON_ORPC_ERROR_DEFS).sort()).toEqual(SPEC_PAIRS.map(([code]) => code).sort())
  })

  it.each(SPEC_PAIRS)('%s is HTTP %i in oRPC, over the wire and back', async (code, status) => {
    expect(COMMON_ORPC_ERROR_DEFS[code].status).toBe(status)
    expect(new ORPCError(code).status).toBe(status)

    const response = await serve(
      new Request('http://localhost/rpc/fail', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { code } }),
      }),
    )
    expect(response.status).toBe(status)
    const body = (await response.json()) as { json: { code: string; status: number } }
    expect(body.json).toMatchObject({ code, status })

    const error = await client.fail({ code }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ORPCError)
    expect(error).toMatchObject({ code, status })
  })

  it.each([
    [503, 'SERVICE_UNAVAILABLE'],
    [418, 'MALFORMED_ORPC_ERROR_RESPONSE'],
    [400, 'BAD_REQUEST'],
  ])('a non-oRPC failure body with status %i reaches the client as %s', async (status, code) => {
    const bare = createORPCClient<{ any: () => Promise<unknown> }>(
      new RPCLink({ url: 'http://localhost/rpc', fetch: async () => new Response('upstream broke', { status }) }),
    )
    await expect(bare.any()).rejects.toMatchObject({ code, status })
  })
})

describe('application errors', () => {
  const CATALOGUE = defineErrorCodes({ THING_MISSING: { code: 'NOT_FOUND', message: 'No such thing.' } })

  it('keeps the RPC code and status and puts the domain reason in data', () => {
    const error = appError(CATALOGUE.THING_MISSING)
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'No such thing.', data: { reason: 'THING_MISSING' } })
  })

  it('carries a same-origin redirect target and refuses any other', () => {
    expect(appError(CATALOGUE.THING_MISSING, { redirectTo: '/setup?checkout=true' }).data).toEqual({
      reason: 'THING_MISSING',
      redirectTo: '/setup?checkout=true',
    })
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', 'setup']) {
      expect(() => safeRedirectPath(target)).toThrow(/same-origin/)
    }
  })
})
