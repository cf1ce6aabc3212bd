import { call, type AnyProcedure } from '@orpc/server'
import type { ORPCError } from '@orpc/client'
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import { apiOperations } from '~/server/api/openapi'
import type { ProcedureMeta } from '~/server/rpc/procedures'
import type { RpcContext } from '~/server/rpc/context'
import type { ApiScope } from '~/shared/api-keys'
import { CONNECTORS, PUBLICATION_STATUS_LABELS, type ConnectorType, type PublicationStatus } from '~/shared/integrations'
import { liveCheckSummary, type LiveCheck } from '~/shared/live-check'

/**
 * The MCP server's tools (docs/product/api.md, "MCP server"): each is one API operation, called
 * with oRPC's `call` on the API's own procedure, so the key check, scope, rate limits, plan and
 * ownership rules are the API's. Name → the operation's id in src/server/api/api-router.ts.
 */
export const MCP_TOOL_OPERATIONS = {
  list_businesses: 'businesses.list',
  list_keywords: 'keywords.list',
  add_keywords: 'keywords.add',
  start_research: 'research.start',
  research_status: 'research.status',
  list_articles: 'articles.list',
  generate_article: 'articles.generate',
  get_article: 'articles.get',
  approve_article: 'articles.approve',
  publish_article: 'articles.publish',
} as const satisfies Record<string, string>

export type McpToolName = keyof typeof MCP_TOOL_OPERATIONS

/** One tool: what tools/list shows, and the procedure a call runs. */
export interface McpTool {
  definition: Tool
  procedure: AnyProcedure
  scope: ApiScope
  /** Whether the procedure takes an input at all (businesses.list does not). */
  takesInput: boolean
}

/** The same converter that writes the OpenAPI document, so a tool's schema is the operation's. */
const converter = new ZodToJsonSchemaConverter()

function buildTools(): Map<McpToolName, McpTool> {
  const operations = apiOperations()
  const tools = new Map<McpToolName, McpTool>()
  for (const [name, operationId] of Object.entries(MCP_TOOL_OPERATIONS) as [McpToolName, string][]) {
    const found = operations.get(operationId)
    if (!found) throw new Error(`The MCP tool ${name} names no API operation ${operationId}`)
    const { procedure, exposure } = found
    const scope = (procedure['~orpc'].meta as ProcedureMeta).scope
    if (!scope) throw new Error(`${operationId} has no scope`)
    const inputSchema = procedure['~orpc'].inputSchema
    const [, schema] = inputSchema ? converter.convert(inputSchema, { strategy: 'input' }) : [false, { type: 'object', properties: {} }]
    if (schema.type !== 'object') throw new Error(`The input of ${operationId} is not an object`)
    const { $schema: _dialect, ...jsonSchema } = schema
    tools.set(name, {
      procedure,
      scope,
      takesInput: inputSchema !== undefined,
      definition: {
        name,
        title: exposure.summary,
        description: `${exposure.summary}. ${exposure.description}\n\nNeeds a key with the "${scope}" scope.`,
        inputSchema: jsonSchema as Tool['inputSchema'],
        annotations: {
          title: exposure.summary,
          readOnlyHint: scope === 'read',
          // Approving twice changes nothing; the others add rows, start jobs or publish.
          idempotentHint: scope === 'read' || operationId === 'articles.approve',
          destructiveHint: false,
          openWorldHint: scope === 'publish',
        },
      },
    })
  }
  return tools
}

let built: Map<McpToolName, McpTool> | undefined

/** Every tool, built once per process from the API's operations. */
export function mcpTools(): Map<McpToolName, McpTool> {
  built ??= buildTools()
  return built
}

/** What get_article answers: the Markdown, with what a reader needs to place it and where it is live. */
interface ArticleForMcp {
  id: string
  title: string
  slug: string
  status: string
  metaTitle: string
  metaDescription: string
  keyword: string
  seoScore: number
  wordCount: number
  scheduledAt: Date | string | null
  publishedAt: Date | string | null
  markdown: string
  publications: {
    type: ConnectorType
    status: PublicationStatus
    url: string | null
    upToDate: boolean
    lastSyncedAt: Date | string | null
    lastError: string | null
    liveCheck: LiveCheck | null
  }[]
}

/** One line per site the article was sent to: where it is live, or how it stands there. */
function publicationLine(item: ArticleForMcp['publications'][number]) {
  const site = CONNECTORS[item.type].label
  if (item.status === 'published') {
    if (!item.url) return `Live on ${site} (the site gave no address)`
    // What the live check found there (docs/product/publishing.md), when it has run.
    const check = item.liveCheck ? liveCheckSummary(item.liveCheck) : null
    const found = check ? ` (checked ${item.liveCheck!.checkedAt}: ${[check.text, check.detail].filter(Boolean).join('. ')})` : ''
    return `Live on ${site}: ${item.url}${found}`
  }
  return `${PUBLICATION_STATUS_LABELS[item.status]} on ${site}${item.lastError ? `: ${item.lastError}` : ''}`
}

function articleResult(article: ArticleForMcp): CallToolResult {
  const when = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
  const structured = {
    id: article.id,
    title: article.title,
    slug: article.slug,
    status: article.status,
    metaTitle: article.metaTitle,
    metaDescription: article.metaDescription,
    keyword: article.keyword,
    seoScore: article.seoScore,
    wordCount: article.wordCount,
    scheduledAt: when(article.scheduledAt),
    publishedAt: when(article.publishedAt),
    publications: article.publications.map((item) => ({
      type: item.type,
      status: item.status,
      url: item.url,
      upToDate: item.upToDate,
      lastSyncedAt: when(item.lastSyncedAt),
      lastError: item.lastError,
      liveCheck: item.liveCheck,
    })),
    markdown: article.markdown,
  }
  const header = [
    `Title: ${structured.title}`,
    `Slug: ${structured.slug}`,
    `Status: ${structured.status}`,
    `Meta title: ${structured.metaTitle}`,
    `Meta description: ${structured.metaDescription}`,
    `Keyword: ${structured.keyword}`,
    `SEO score: ${structured.seoScore}`,
    ...(structured.scheduledAt ? [`Scheduled: ${structured.scheduledAt}`] : []),
    ...(structured.publishedAt ? [`Published: ${structured.publishedAt}`] : []),
    ...article.publications.map(publicationLine),
  ].join('\n')
  return { content: [{ type: 'text', text: `${header}\n\n---\n\n${structured.markdown}` }], structuredContent: structured }
}

/** An answer as JSON text, and as structured content when it is an object (the MCP rule). */
function jsonResult(output: unknown): CallToolResult {
  const json = JSON.stringify(output ?? null)
  const plain: unknown = JSON.parse(json)
  const isObject = plain !== null && typeof plain === 'object' && !Array.isArray(plain)
  return {
    content: [{ type: 'text', text: json }],
    ...(isObject ? { structuredContent: plain as Record<string, unknown> } : {}),
  }
}

/** The app's error as a tool error: its message to show, and its code, status and reason. */
export function toolError(error: ORPCError<string, unknown>): CallToolResult {
  const body = JSON.parse(JSON.stringify(error.toJSON())) as Record<string, unknown>
  return { content: [{ type: 'text', text: error.message }], structuredContent: body, isError: true }
}

/**
 * Runs one tool as the API would run its operation. Refusals and failures come back as the app's
 * ORPCError (thrown); `runMcpTool`'s caller turns them into tool errors or a 401.
 */
export async function runMcpTool(tool: McpTool, args: Record<string, unknown> | undefined, context: RpcContext): Promise<CallToolResult> {
  const output: unknown = await call(tool.procedure, tool.takesInput ? (args ?? {}) : undefined, { context })
  if (tool.definition.name === 'get_article') return articleResult(output as ArticleForMcp)
  return jsonResult(output)
}
