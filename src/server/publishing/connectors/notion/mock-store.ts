import { createHash } from 'node:crypto'
import { blocksProblem, notionError } from './mock-request-limits'

/** The stand-in Notion's records and what its routes share (mock.ts lists the routes). */

export interface NotionPage {
  id: string
  parent: Record<string, unknown>
  title: string
  properties: Record<string, unknown>
  cover: Record<string, unknown> | null
  inTrash: boolean
  /** The page's live top-level blocks, as they were sent. */
  children: Array<Record<string, unknown>>
  url: string
}

export interface NotionProperty {
  type: 'title' | 'rich_text' | 'multi_select' | 'select' | 'status' | 'date' | 'url' | 'checkbox'
  options?: string[]
}

/** A blog database: the properties our publisher fills when it finds them. */
export const NOTION_BLOG_PROPERTIES: Record<string, NotionProperty> = {
  Name: { type: 'title' },
  Slug: { type: 'rich_text' },
  Tags: { type: 'multi_select', options: [] },
  Description: { type: 'rich_text' },
  'Publish date': { type: 'date' },
  Status: { type: 'status', options: ['Draft', 'In review', 'Published'] },
}

export const state = { pages: [] as NotionPage[], blockIds: new Map<string, string[]>(), nextBlock: 1 }

export const notionMock = {
  get pages(): readonly NotionPage[] {
    return state.pages
  },
  reset() {
    state.pages = []
    state.blockIds = new Map()
    state.nextBlock = 1
  },
}

export function pageTitle(properties: Record<string, unknown> | undefined) {
  const title = Object.values(properties ?? {}).find((value) => Array.isArray((value as { title?: unknown })?.title)) as
    { title: Array<{ text?: { content?: string } }> } | undefined
  return (title?.title ?? []).map((item) => item.text?.content ?? '').join('')
}

export const uuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
export const bare = (id: string) => id.replace(/-/g, '').toLowerCase()
const nowIso = () => new Date().toISOString().replace(/\.\d+Z$/, '.000Z')
const USER = { object: 'user', id: 'a0b1c2d3-0000-4000-8000-000000000001' }

export function plainText(value: unknown) {
  const items = (value as { rich_text?: unknown[]; title?: unknown[] }) ?? {}
  return ((items.rich_text ?? items.title ?? []) as Array<{ text?: { content?: string } }>).map((item) => item.text?.content ?? '').join('')
}

export interface NotionMockOptions {
  baseUrl?: string
  dataSourceId?: string
  properties?: Record<string, NotionProperty>
}

/** One stand-in workspace: its data source's schema, the refusals and page answers its routes share. */
export type NotionWorkspace = ReturnType<typeof notionWorkspace>

export function notionWorkspace(options: NotionMockOptions) {
  const base = (options.baseUrl ?? 'https://api.notion.com').replace(/\/$/, '')
  const schema = options.properties ?? NOTION_BLOG_PROPERTIES

  /** A bad token or missing version header, as Notion answers it; undefined when the request may go on. */
  const refuse = (request: Request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
    if (!token || token === 'wrong') return notionError(401, 'unauthorized', 'API token is invalid.')
    if (!request.headers.get('notion-version')) {
      return notionError(
        400,
        'missing_version',
        'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
      )
    }
    return undefined
  }
  /** Every data source exists unless the test names the one shared with the integration. */
  const sharedDataSource = (id: string) => !options.dataSourceId || bare(id) === bare(options.dataSourceId)
  const dataSourceMissing = (id: string) =>
    notionError(
      404,
      'object_not_found',
      `Could not find data_source with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    )
  const pageOf = (id: string) => state.pages.find((page) => bare(page.id) === bare(id))
  const pageMissing = (id: string) =>
    notionError(
      404,
      'object_not_found',
      `Could not find page with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    )

  const childrenProblem = (children: Array<Record<string, unknown>>) => blocksProblem(children)
  const appendBlocks = (page: NotionPage, children: Array<Record<string, unknown>>) => {
    const ids = state.blockIds.get(page.id) ?? []
    const added = children.map((block) => {
      const hex = createHash('sha256').update(`block|${state.nextBlock++}`).digest('hex')
      ids.push(uuid(hex))
      page.children.push(block)
      return {
        object: 'block',
        id: uuid(hex),
        has_children: Boolean((block[String(block.type)] as { children?: unknown })?.children),
        archived: false,
        in_trash: false,
        ...block,
      }
    })
    state.blockIds.set(page.id, ids)
    return added
  }
  const serialize = (page: NotionPage) => {
    const now = nowIso()
    const parent = page.parent
    return {
      object: 'page',
      id: page.id,
      created_time: now,
      last_edited_time: now,
      created_by: USER,
      last_edited_by: USER,
      cover: page.cover,
      icon: null,
      parent: parent.page_id ? { type: 'page_id', page_id: parent.page_id } : { type: 'data_source_id', ...parent },
      archived: page.inTrash,
      in_trash: page.inTrash,
      properties: Object.keys(page.properties).length
        ? page.properties
        : {
            title: {
              id: 'title',
              type: 'title',
              title: [{ type: 'text', text: { content: page.title, link: null }, plain_text: page.title, href: null }],
            },
          },
      url: page.url,
      public_url: null,
    }
  }

  return { base, schema, refuse, sharedDataSource, dataSourceMissing, pageOf, pageMissing, childrenProblem, appendBlocks, serialize }
}
