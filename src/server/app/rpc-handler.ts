import { onError } from '@orpc/server'
import { RPCHandler } from '@orpc/server/fetch'
import { ResponseHeadersPlugin, SimpleCsrfProtectionHandlerPlugin } from '@orpc/server/plugins'
import { logRpcServerError } from '~/server/http/rpc-error-log'
import type { RpcContext } from '~/server/rpc/context'
import { createRpcContext } from './rpc-context'
import { router } from './router'

/** The base path of the handler route (src/routes/rpc/$.ts); it must end in /rpc. */
export const RPC_PREFIX = '/rpc'

/**
 * The client sends every call as GET while its URL fits 2083 characters (docs/product/messages.md), so the server
 * answers GET for every procedure (strict GET off). What keeps a link, an <img> or a cross-site
 * form from running a procedure with the user's cookies is the CSRF header: every request must
 * carry `x-csrf-token: orpc`, which only script on our own origin can add (the browser link adds
 * it; cross-origin script cannot without a CORS preflight we never grant).
 */
/** An idle event stream (job.watch) carries a keep-alive comment every 5000 ms. */
export const EVENT_STREAM_KEEP_ALIVE_MS = 5000

export const rpcHandler = new RPCHandler(router, {
  strictGetMethodPluginEnabled: false,
  eventIteratorKeepAliveInterval: EVENT_STREAM_KEEP_ALIVE_MS,
  plugins: [new ResponseHeadersPlugin(), new SimpleCsrfProtectionHandlerPlugin()],
  // Every 5xx is logged with the request id the edge gave the request (src/server/http/edge.ts).
  interceptors: [onError(logRpcServerError)],
})

/**
 * Answers one /rpc request. `context` defaults to the process database and auth; tests pass
 * their own.
 */
export async function handleRpcRequest(request: Request, context: RpcContext = createRpcContext(request.headers)): Promise<Response> {
  const { matched, response } = await rpcHandler.handle(request, { prefix: RPC_PREFIX, context })
  return matched ? response : new Response('Not Found', { status: 404 })
}
