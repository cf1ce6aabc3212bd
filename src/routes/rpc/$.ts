import { createFileRoute } from '@tanstack/react-router'
import { handleRpcRequest } from '~/server/app/rpc-handler'

const handle = ({ request }: { request: Request }) => handleRpcRequest(request)

/** oRPC at /rpc: GET while the URL fits 2083 characters, POST for the rest (docs/product/messages.md). */
export const Route = createFileRoute('/rpc/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
