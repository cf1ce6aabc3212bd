import { SmartCoercionPlugin } from '@orpc/json-schema'
import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { onError, ORPCError } from '@orpc/server'
import { ResponseHeadersPlugin } from '@orpc/server/plugins'
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4'
import { env } from '~/env'
import { logRpcServerError } from '~/server/http/rpc-error-log'
import { createApiKeyRpcContext } from '~/server/app/rpc-context'
import type { RpcContext } from '~/server/rpc/context'
import { apiRouter } from './api-router'
import { API_PREFIX, OPENAPI_PATH, openApiDocument } from './openapi'

/**
 * /api/v1 (docs/product/api.md): REST over the API's procedures. Query strings are turned into the
 * types the input schemas expect (numbers, booleans, bracketed objects) by the smart coercion
 * plugin; errors are the app's ORPCErrors as JSON (`{ defined, code, status, message, data }`).
 *
 * No CSRF check here, unlike /rpc: nothing on /api/v1 reads cookies (src/server/app/rpc-context.ts,
 * createApiKeyRpcContext), so a cross-site request carries no credentials a browser would add.
 */
const apiHandler = new OpenAPIHandler(apiRouter, {
  plugins: [new SmartCoercionPlugin({ schemaConverters: [new ZodToJsonSchemaConverter()] }), new ResponseHeadersPlugin()],
  // Every 5xx is logged with the request id the edge gave the request (src/server/http/edge.ts).
  interceptors: [onError(logRpcServerError)],
})

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' }

/** An error the API answers without reaching a procedure, in the same shape as the others. */
function errorResponse(error: ORPCError<string, unknown>) {
  return new Response(JSON.stringify(error.toJSON()), { status: error.status, headers: JSON_HEADERS })
}

/**
 * Answers one /api/v1 request: the OpenAPI document, or an operation. `context` defaults to the
 * process's database and auth with the request's API key; tests pass their own.
 */
export async function handleApiRequest(request: Request, context: RpcContext = createApiKeyRpcContext(request.headers)): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (pathname === OPENAPI_PATH) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(new ORPCError('METHOD_NOT_SUPPORTED', { message: 'The API document is read with GET.' }))
    }
    const { APP_NAME, APP_URL } = env()
    return new Response(JSON.stringify(await openApiDocument(APP_NAME, APP_URL)), {
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
    })
  }
  const { matched, response } = await apiHandler.handle(request, { prefix: API_PREFIX, context })
  if (matched) return response
  return errorResponse(
    new ORPCError('NOT_FOUND', {
      message: `No API operation at ${request.method} ${pathname}. The operations are listed at ${OPENAPI_PATH}.`,
    }),
  )
}
