import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toORPCError } from '@orpc/client'
import type { ORPCError } from '@orpc/server'
import { env } from '~/env'
import { API_KEY_ERRORS } from '~/server/api-keys/api-keys.errors'
import { presentedApiKey } from '~/server/access/api-key'
import { logRpcServerError } from '~/server/http/rpc-error-log'
import { createApiKeyRpcContext } from '~/server/app/rpc-context'
import type { RpcContext } from '~/server/rpc/context'
import { appError } from '~/server/rpc/errors'
import { mcpTools, runMcpTool, toolError, type McpToolName } from './mcp-tools'

/** Where the MCP server lives. */
export const MCP_PATH = '/mcp'

/**
 * A 401 as MCP clients expect it (the MCP authorization spec, RFC 6750): `WWW-Authenticate: Bearer`
 * and the app's error as the body.
 */
function unauthorized(error: ORPCError<string, unknown>, presented: boolean): Response {
  // RFC 6750 allows printable ASCII only in error_description.
  const description = error.message
    .replaceAll('…', '...')
    .replaceAll('→', '>')
    .replaceAll(/[‘’]/g, "'")
    .replaceAll(/[^\x20-\x7e]|["\\]/g, '')
  return new Response(JSON.stringify(error.toJSON()), {
    status: 401,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      // No error code when no key was sent (RFC 6750, 3.1), invalid_token for a refused one.
      'www-authenticate': `Bearer realm="${MCP_PATH}"${presented ? ', error="invalid_token"' : ''}, error_description="${description}"`,
    },
  })
}

/**
 * The MCP server of one request: stateless (no session; each POST carries what it needs), its
 * tools the API's operations (./mcp-tools.ts). `onUnauthorized` hears a refused key.
 */
function createMcpServer(appName: string, context: RpcContext, onUnauthorized: (error: ORPCError<string, unknown>) => void) {
  const server = new Server(
    { name: appName, version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        `${appName}: your keyword plan, research and articles. Start with list_businesses: every other tool takes a businessId. ` +
        'Errors are the app’s own messages; another account’s ids are “not found”.',
    },
  )
  const tools = mcpTools()
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools.values()].map((tool) => tool.definition) }))
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.get(request.params.name as McpToolName)
    if (!tool) {
      return {
        content: [{ type: 'text', text: `No tool named "${request.params.name}". The tools are: ${[...tools.keys()].join(', ')}.` }],
        isError: true,
      }
    }
    try {
      return await runMcpTool(tool, request.params.arguments, context)
    } catch (thrown) {
      const error = toORPCError(thrown)
      logRpcServerError(error, { request: { url: new URL(`http://mcp/${tool.definition.name}`), headers: headersOf(context.headers) } })
      if (error.status === 401) onUnauthorized(error)
      return toolError(error)
    }
  })
  return server
}

const headersOf = (headers: Headers) => Object.fromEntries(headers.entries())

/**
 * Answers one /mcp request (Streamable HTTP, JSON answers, no session). The key is checked where
 * the API checks it: in each tool's procedure (docs/decisions/0013-public-api.md). A request
 * without any key, and one whose tool call finds the key refused (unknown, revoked, expired), is
 * answered 401 with `WWW-Authenticate: Bearer`, so MCP clients show it as an authentication error.
 * `context` defaults to the process's database and auth with the request's key; tests pass theirs.
 */
export async function handleMcpRequest(request: Request, context?: RpcContext): Promise<Response> {
  if (request.method !== 'POST') {
    // Stateless: no server-sent stream to open (GET) and no session to end (DELETE).
    return new Response(
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: send MCP messages with POST.' }, id: null }),
      { status: 405, headers: { allow: 'POST', 'content-type': 'application/json' } },
    )
  }
  if (presentedApiKey(request.headers) === null) return unauthorized(appError(API_KEY_ERRORS.API_KEY_REQUIRED), false)

  const callContext: RpcContext = { ...(context ?? createApiKeyRpcContext(request.headers)), resHeaders: new Headers() }
  let refused: ORPCError<string, unknown> | undefined
  const server = createMcpServer(env().APP_NAME, callContext, (error) => (refused = error))
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  try {
    await server.connect(transport)
    const response = await transport.handleRequest(request)
    if (refused) return unauthorized(refused, true)
    const retryAfter = callContext.resHeaders?.get('retry-after')
    if (retryAfter) response.headers.set('retry-after', retryAfter)
    return response
  } finally {
    await server.close()
  }
}
