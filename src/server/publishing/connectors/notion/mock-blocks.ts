import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { invalid, notionError } from './mock-request-limits'
import { state, type NotionWorkspace } from './mock-store'

/** A page's blocks: read its children, append, delete one. */
export function blockHandlers(workspace: NotionWorkspace): RequestHandler[] {
  const { base, refuse, pageOf, childrenProblem, appendBlocks } = workspace
  return [
    http.get(
      `${base}/v1/blocks/:id/children`,
      withFaults('notion', ({ request, params }) => {
        const refused = refuse(request)
        if (refused) return refused
        const page = pageOf(String(params.id))
        if (!page) return notionError(404, 'object_not_found', `Could not find block with ID: ${String(params.id)}.`)
        const search = new URL(request.url).searchParams
        const size = Math.min(100, Number(search.get('page_size') ?? 100) || 100)
        const ids = state.blockIds.get(page.id) ?? []
        const start = search.get('start_cursor') ? Math.max(0, ids.indexOf(String(search.get('start_cursor')))) : 0
        const slice = ids.slice(start, start + size)
        return HttpResponse.json({
          object: 'list',
          results: slice.map((id) => ({ object: 'block', id, archived: false, in_trash: false, ...page.children[ids.indexOf(id)] })),
          next_cursor: start + size < ids.length ? ids[start + size] : null,
          has_more: start + size < ids.length,
          type: 'block',
          block: {},
        })
      }),
    ),

    http.patch(
      `${base}/v1/blocks/:id/children`,
      withFaults('notion', async ({ request, params }) => {
        const refused = refuse(request)
        if (refused) return refused
        const page = pageOf(String(params.id))
        if (!page) return notionError(404, 'object_not_found', `Could not find block with ID: ${String(params.id)}.`)
        const input = ((await request.json().catch(() => null)) ?? {}) as { children?: Array<Record<string, unknown>> }
        if (!Array.isArray(input.children)) return invalid('body.children', 'should be defined', input.children)
        const problem = childrenProblem(input.children)
        if (problem) return problem
        return HttpResponse.json({
          object: 'list',
          results: appendBlocks(page, input.children),
          next_cursor: null,
          has_more: false,
          type: 'block',
          block: {},
        })
      }),
    ),

    http.delete(
      `${base}/v1/blocks/:id`,
      withFaults('notion', ({ request, params }) => {
        const refused = refuse(request)
        if (refused) return refused
        const id = String(params.id)
        for (const page of state.pages) {
          const ids = state.blockIds.get(page.id) ?? []
          const index = ids.indexOf(id)
          if (index === -1) continue
          const [block] = page.children.splice(index, 1)
          ids.splice(index, 1)
          return HttpResponse.json({ object: 'block', id, archived: true, in_trash: true, ...block })
        }
        return notionError(404, 'object_not_found', `Could not find block with ID: ${id}.`)
      }),
    ),
  ]
}
