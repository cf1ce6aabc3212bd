import { createFileRoute } from '@tanstack/react-router'
import { handleMcpRequest } from '~/server/mcp/mcp-handler'

const handle = ({ request }: { request: Request }) => handleMcpRequest(request)

/** The MCP server (Streamable HTTP), authenticated by API key only (docs/product/api.md). */
export const Route = createFileRoute('/mcp')({
  server: { handlers: { GET: handle, POST: handle, DELETE: handle } },
})
