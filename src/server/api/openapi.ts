import { COMMON_ORPC_ERROR_DEFS } from '@orpc/client'
import { OpenAPIGenerator, type OpenAPI } from '@orpc/openapi'
import { isProcedure, type AnyProcedure, type AnyRouter } from '@orpc/server'
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4'
import type { ProcedureMeta } from '~/server/rpc/procedures'
import { API_KEY_PREFIX, API_SCOPE_LABELS, API_SCOPES } from '~/shared/api-keys'
import { API_KEY_RATE_LIMIT, apiRateLimitMessage } from '~/server/access/api-key'
import { MUTATION_RATE_LIMIT } from '~/server/rpc/procedures'
import { apiRouter } from './api-router'
import { API_TAGS, exposureOf, type Exposure } from './expose'

/** Where the API lives; its document is at `${API_PREFIX}/openapi.json`. */
export const API_PREFIX = '/api/v1'
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`

/** The environment variable the examples read the key from. */
const KEY_VARIABLE = '$RANKPILOT_API_KEY'

const generator = new OpenAPIGenerator({ schemaConverters: [new ZodToJsonSchemaConverter()] })

/** Every API operation with its exposure, by operationId. */
export function apiOperations(router: AnyRouter = apiRouter): Map<string, { procedure: AnyProcedure; exposure: Exposure<unknown> }> {
  const found = new Map<string, { procedure: AnyProcedure; exposure: Exposure<unknown> }>()
  const walk = (node: AnyRouter) => {
    if (isProcedure(node)) {
      const exposure = exposureOf(node)
      if (!exposure) throw new Error('Every API procedure is made with expose()')
      found.set(exposure.operationId, { procedure: node, exposure })
      return
    }
    for (const child of Object.values(node as Record<string, AnyRouter>)) walk(child)
  }
  walk(router)
  return found
}

const documents = new Map<string, Promise<OpenAPI.Document>>()

/** The OpenAPI 3.1 document of /api/v1 for a server at `appUrl`, built once per process. */
export function openApiDocument(appName: string, appUrl: string): Promise<OpenAPI.Document> {
  const key = `${appName}\n${appUrl}`
  let document = documents.get(key)
  if (!document) {
    document = buildOpenApiDocument(appName, appUrl)
    documents.set(key, document)
    document.catch(() => documents.delete(key))
  }
  return document
}

async function buildOpenApiDocument(appName: string, appUrl: string): Promise<OpenAPI.Document> {
  const serverUrl = `${appUrl}${API_PREFIX}`
  const document = await generator.generate(apiRouter, {
    info: { title: `${appName} API`, version: '1.0.0', description: introduction(appName, appUrl) },
    servers: [{ url: serverUrl, description: appName }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key from Settings → API keys, starting with \`${API_KEY_PREFIX}\`.`,
        },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The same key, in its own header.' },
      },
      schemas: { Error: ERROR_SCHEMA },
      responses: ERROR_RESPONSES,
    },
  })
  const operations = apiOperations()
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post'] as const) {
      const operation = item?.[method]
      if (!operation) continue
      const found = operations.get(operation.operationId ?? '')
      if (!found) throw new Error(`No exposure for the operation at ${method.toUpperCase()} ${path}`)
      describeOperation(operation, found.exposure, found.procedure, serverUrl)
    }
  }
  return document
}

/** Adds to a generated operation: its scope, error answers, parameter and body examples, and a curl call. */
function describeOperation(operation: OpenAPI.OperationObject, exposure: Exposure<unknown>, procedure: AnyProcedure, serverUrl: string) {
  const scope = (procedure['~orpc'].meta as ProcedureMeta).scope
  if (!scope) throw new Error(`${exposure.operationId} has no scope`)
  operation.description = `${exposure.description}${exposure.restNote ? ` ${exposure.restNote}` : ''}\n\nNeeds a key with the **${scope}** scope.`
  ;(operation as Record<string, unknown>)['x-required-scope'] = scope

  const input = (exposure.example ?? {}) as Record<string, unknown>
  const pathNames = [...exposure.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
  for (const parameter of (operation.parameters ?? []) as OpenAPI.ParameterObject[]) {
    if (parameter.name in input) parameter.example = input[parameter.name]
  }
  const body = Object.fromEntries(Object.entries(input).filter(([name]) => !pathNames.includes(name)))
  const requestBody = operation.requestBody as OpenAPI.RequestBodyObject | undefined
  const json = requestBody?.content?.['application/json']
  if (json) json.example = body

  const status = String(exposure.successStatus ?? 200)
  operation.responses = {
    ...operation.responses,
    ...Object.fromEntries(ERROR_STATUSES.map(([code, name]) => [code, { $ref: `#/components/responses/${name}` }])),
  }
  if (!operation.responses[status]) throw new Error(`${exposure.operationId} documents no ${status} answer`)

  const url = `${serverUrl}${exposure.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input[name])))}`
  ;(operation as Record<string, unknown>)['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source: curlOf(exposure.method, url, body) }]
}

/** A curl call a reader can paste: the key from the environment, query objects in bracket form. */
export function curlOf(method: 'GET' | 'POST', url: string, body: Record<string, unknown>): string {
  const lines = [`curl ${method === 'GET' ? '-G ' : '-X POST '}'${url}'`, `  -H "Authorization: Bearer ${KEY_VARIABLE}"`]
  if (method === 'GET') {
    for (const [name, value] of bracketPairs(body)) lines.push(`  --data-urlencode '${name}=${value.replaceAll("'", "'\\''")}'`)
  } else if (Object.keys(body).length > 0) {
    lines.push(`  -H 'content-type: application/json'`, `  -d '${JSON.stringify(body).replaceAll("'", "'\\''")}'`)
  }
  return lines.join(' \\\n')
}

/** A value as query pairs in bracket notation (`sort[0][id]=…`), which the API reads back. */
export function bracketPairs(value: unknown, prefix = ''): [string, string][] {
  if (value === undefined) return []
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]]
  return Object.entries(value).flatMap(([key, child]) => bracketPairs(child, prefix ? `${prefix}[${key}]` : key))
}

/** The error statuses every operation may answer, and their shared responses. */
const ERROR_STATUSES = [
  ['400', 'BadRequest'],
  ['401', 'Unauthorized'],
  ['403', 'Forbidden'],
  ['404', 'NotFound'],
  ['409', 'Conflict'],
  ['429', 'TooManyRequests'],
] as const

/** The body of every error: the app's own (docs/product/messages.md), code, status, message and reason. */
const ERROR_SCHEMA: OpenAPI.SchemaObject = {
  type: 'object',
  required: ['defined', 'code', 'status', 'message'],
  properties: {
    defined: { type: 'boolean' },
    code: { type: 'string', enum: Object.keys(COMMON_ORPC_ERROR_DEFS), description: 'One of the app’s 19 codes; it fixes the status.' },
    status: { type: 'integer' },
    message: { type: 'string', description: 'A sentence to show as is.' },
    data: {
      type: 'object',
      description: 'Present on the app’s own errors.',
      properties: {
        reason: { type: 'string', description: 'The UPPER_SNAKE reason, e.g. BUSINESS_NOT_FOUND, API_KEY_SCOPE_MISSING.' },
        issues: {
          type: 'array',
          description: 'On input errors: one entry per invalid field.',
          items: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              path: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
            },
          },
        },
        redirectTo: { type: 'string', description: 'Where the app would send a person (e.g. /paywall).' },
        action: { type: 'object', properties: { label: { type: 'string' }, path: { type: 'string' } } },
      },
    },
  },
}

const errorResponse = (
  description: string,
  example: { code: string; status: number; message: string; reason: string },
  headers?: Record<string, OpenAPI.HeaderObject>,
): OpenAPI.ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: { defined: false, code: example.code, status: example.status, message: example.message, data: { reason: example.reason } },
    },
  },
})

const ERROR_RESPONSES = {
  BadRequest: errorResponse('Invalid input: the message says what to change, `data.issues` which fields.', {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'Rows per page can be at most 50.',
    reason: 'INVALID_INPUT',
  }),
  Unauthorized: errorResponse('No key, or a key that is unknown, revoked or expired.', {
    code: 'UNAUTHORIZED',
    status: 401,
    message: 'This API key is not valid: it may have been revoked. Create a new one in Settings → API keys.',
    reason: 'API_KEY_INVALID',
  }),
  Forbidden: errorResponse('The key lacks the scope, or the account has no plan.', {
    code: 'FORBIDDEN',
    status: 403,
    message: 'This API key does not have the "write" scope this needs.',
    reason: 'API_KEY_SCOPE_MISSING',
  }),
  NotFound: errorResponse('No such row among the account’s own (another account’s ids are 404 too).', {
    code: 'NOT_FOUND',
    status: 404,
    message: 'Business not found.',
    reason: 'BUSINESS_NOT_FOUND',
  }),
  Conflict: errorResponse('The operation clashes with the current state, e.g. research already running.', {
    code: 'CONFLICT',
    status: 409,
    message: 'Research is already running for this business.',
    reason: 'RESEARCH_RUNNING',
  }),
  TooManyRequests: errorResponse(
    'Over the account’s API request limit, all its keys together (or its limit on changes): wait the seconds in Retry-After.',
    {
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message: apiRateLimitMessage(12),
      reason: 'API_KEY_RATE_LIMITED',
    },
    { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
  ),
}

function introduction(appName: string, appUrl: string): string {
  const scopes = API_SCOPES.map((scope) => `- \`${scope}\`: ${API_SCOPE_LABELS[scope].description}`).join('\n')
  return [
    `The ${appName} API: the same keyword plan, research, articles and publishing as the app, for your own scripts.`,
    '',
    '## Authentication',
    '',
    `Create a key in [Settings → API keys](${appUrl}/settings#api-keys); it is shown once. Send it with every request, ` +
      `as \`Authorization: Bearer ${API_KEY_PREFIX}…\` or \`x-api-key: ${API_KEY_PREFIX}…\`. Cookies are ignored here. ` +
      'Every call acts as the key’s account: its businesses only, under its plan.',
    '',
    'Each key has the scopes it was given, and each operation needs one:',
    '',
    scopes,
    '',
    '## Limits',
    '',
    `Each account may make ${API_KEY_RATE_LIMIT.max} requests a minute, all its keys together (more keys do not add more), ` +
      `and ${MUTATION_RATE_LIMIT.max} changes a minute, in the app and the API together. ` +
      'Over a limit the answer is 429 with `Retry-After`.',
    '',
    '## Errors',
    '',
    'Errors are JSON with the app’s own `code` (which fixes the HTTP status), a `message` to show as is, and `data.reason`, ' +
      'e.g. `API_KEY_SCOPE_MISSING` or `BUSINESS_NOT_FOUND`. Another account’s ids are always 404, like ids that do not exist.',
  ].join('\n')
}
