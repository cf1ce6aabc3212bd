import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * Notion's pages endpoint with the limits that bite a publisher: at most 100 child blocks per
 * request and 2000 characters per rich-text item; errors as {object:"error", status, code, message}.
 */

export interface NotionPage {
  id: string
  parent: Record<string, unknown>
  title: string
  children: Array<Record<string, unknown>>
  url: string
}

const state = { pages: [] as NotionPage[] }

export const notionMock = {
  get pages(): readonly NotionPage[] {
    return state.pages
  },
  reset() {
    state.pages = []
  },
}

function notionError(status: number, code: string, message: string) {
  const requestId = createHash('sha256')
    .update(code + message)
    .digest('hex')
  const uuid = `${requestId.slice(0, 8)}-${requestId.slice(8, 12)}-${requestId.slice(12, 16)}-${requestId.slice(16, 20)}-${requestId.slice(20, 32)}`
  return HttpResponse.json({ object: 'error', status, code, message, request_id: uuid }, { status })
}

const invalid = (path: string, rule: string, actual: unknown) =>
  notionError(400, 'validation_error', `body failed validation: ${path} ${rule}, instead was \`${JSON.stringify(actual) ?? 'undefined'}\`.`)

const RICH_TEXT_LIMIT = 2000
const CHILDREN_LIMIT = 100

/** The first rich-text item over the limit, as Notion names its path. */
function longRichText(children: Array<Record<string, unknown>>) {
  for (const [index, block] of children.entries()) {
    const type = String(block.type ?? '')
    const content = block[type] as { rich_text?: Array<{ text?: { content?: string } }> } | undefined
    for (const [textIndex, item] of (content?.rich_text ?? []).entries()) {
      const length = item.text?.content?.length ?? 0
      if (length > RICH_TEXT_LIMIT) return { path: `body.children[${index}].${type}.rich_text[${textIndex}].text.content.length`, length }
    }
  }
  return undefined
}

function pageTitle(properties: Record<string, unknown> | undefined) {
  const title = (properties?.title ?? properties?.Name) as { title?: Array<{ text?: { content?: string } }> } | undefined
  return (title?.title ?? []).map((item) => item.text?.content ?? '').join('')
}

export function notionHandlers(options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://api.notion.com').replace(/\/$/, '')

  return [
    http.post(
      `${base}/v1/pages`,
      withFaults('notion', async ({ request }) => {
        const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
        if (!token || token === 'wrong') return notionError(401, 'unauthorized', 'API token is invalid.')
        const version = request.headers.get('notion-version')
        if (!version) {
          return notionError(
            400,
            'missing_version',
            'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
          )
        }
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        if (!input) return notionError(400, 'invalid_json', 'Error parsing JSON body.')
        const parent = input.parent as Record<string, unknown> | undefined
        if (!parent || !(parent.page_id || parent.data_source_id || parent.database_id))
          return invalid('body.parent', 'should be defined', parent)
        const children = (input.children ?? []) as Array<Record<string, unknown>>
        if (children.length > CHILDREN_LIMIT) return invalid('body.children.length', `should be ≤ \`${CHILDREN_LIMIT}\``, children.length)
        const tooLong = longRichText(children)
        if (tooLong) return invalid(tooLong.path, `should be ≤ \`${RICH_TEXT_LIMIT}\``, tooLong.length)

        const title = pageTitle(input.properties as Record<string, unknown> | undefined)
        const hex = createHash('sha256')
          .update(`${JSON.stringify(parent)}|${title}|${state.pages.length}`)
          .digest('hex')
          .slice(0, 32)
        const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
        const slug = title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')
        const page: NotionPage = { id, parent, title, children, url: `https://www.notion.so/${slug ? `${slug}-` : ''}${hex}` }
        state.pages.push(page)
        const now = new Date().toISOString().replace(/\.\d+Z$/, '.000Z')
        return HttpResponse.json({
          object: 'page',
          id,
          created_time: now,
          last_edited_time: now,
          created_by: { object: 'user', id: 'a0b1c2d3-0000-4000-8000-000000000001' },
          last_edited_by: { object: 'user', id: 'a0b1c2d3-0000-4000-8000-000000000001' },
          cover: null,
          icon: null,
          parent: parent.page_id ? { type: 'page_id', page_id: parent.page_id } : { type: 'data_source_id', ...parent },
          archived: false,
          in_trash: false,
          properties: {
            title: {
              id: 'title',
              type: 'title',
              title: [{ type: 'text', text: { content: title, link: null }, plain_text: title, href: null }],
            },
          },
          url: page.url,
          public_url: null,
        })
      }),
    ),
  ]
}
