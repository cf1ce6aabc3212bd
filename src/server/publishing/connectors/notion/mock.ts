import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { blocksProblem, invalid, notionError } from './mock-request-limits'

/**
 * Notion's API (version 2025-09-03) as a publisher uses it, with the limits that bite (see
 * blocksProblem: 100 blocks per children array, 1000 in all, two levels of nesting per request,
 * 2000 characters per rich-text item, image blocks only from absolute https URLs, "Invalid image
 * url" otherwise); errors as {object:"error", status, code, message, request_id}. Endpoints: GET /v1/data_sources/{id} (its property
 * schema), POST /v1/data_sources/{id}/query (filter `equals` on a title or rich_text property;
 * trashed pages are left out), POST /v1/pages, PATCH /v1/pages/{id} (properties, cover,
 * in_trash), GET and PATCH /v1/blocks/{id}/children, DELETE /v1/blocks/{id}.
 */

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

const state = { pages: [] as NotionPage[], blockIds: new Map<string, string[]>(), nextBlock: 1 }

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

function pageTitle(properties: Record<string, unknown> | undefined) {
  const title = Object.values(properties ?? {}).find((value) => Array.isArray((value as { title?: unknown })?.title)) as
    { title: Array<{ text?: { content?: string } }> } | undefined
  return (title?.title ?? []).map((item) => item.text?.content ?? '').join('')
}

const uuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
const bare = (id: string) => id.replace(/-/g, '').toLowerCase()
const nowIso = () => new Date().toISOString().replace(/\.\d+Z$/, '.000Z')
const USER = { object: 'user', id: 'a0b1c2d3-0000-4000-8000-000000000001' }

function plainText(value: unknown) {
  const items = (value as { rich_text?: unknown[]; title?: unknown[] }) ?? {}
  return ((items.rich_text ?? items.title ?? []) as Array<{ text?: { content?: string } }>).map((item) => item.text?.content ?? '').join('')
}

/** The first property value that does not fit the data source's schema, as Notion words it. */
function propertyProblem(schema: Record<string, NotionProperty>, properties: Record<string, unknown>) {
  for (const [name, value] of Object.entries(properties)) {
    const property = schema[name]
    if (!property) return `${name} is not a property that exists.`
    const given = Object.keys((value ?? {}) as Record<string, unknown>).find((key) => key !== 'type' && key !== 'id')
    if (given !== property.type) return `${name} is expected to be ${property.type}.`
    if (property.type === 'status') {
      const option = ((value as { status?: { name?: string } }).status ?? {}).name
      if (!property.options?.includes(String(option))) return `Invalid status option. Status option "${String(option)}" does not exist".`
    }
  }
  return undefined
}

/** Notion requires an external file's URL to be absolute. */
function coverProblem(cover: unknown) {
  const url = (cover as { external?: { url?: unknown } } | null | undefined)?.external?.url
  if (url === undefined) return undefined
  try {
    if (typeof url === 'string' && /^https?:$/.test(new URL(url).protocol)) return undefined
  } catch {
    // not a URL: refused below
  }
  return invalid('body.cover.external.url', 'should be a valid URL', url)
}

export function notionHandlers(
  options: { baseUrl?: string; dataSourceId?: string; properties?: Record<string, NotionProperty> } = {},
): RequestHandler[] {
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

  return [
    http.get(
      `${base}/v1/data_sources/:id`,
      withFaults('notion', ({ request, params }) => {
        const refused = refuse(request)
        if (refused) return refused
        const id = String(params.id)
        if (!sharedDataSource(id)) return dataSourceMissing(id)
        return HttpResponse.json({
          object: 'data_source',
          id: uuid(bare(id).padEnd(32, '0')),
          title: [{ type: 'text', text: { content: 'Blog', link: null }, plain_text: 'Blog', href: null }],
          parent: { type: 'database_id', database_id: uuid(createHash('sha256').update(`db|${id}`).digest('hex')) },
          properties: Object.fromEntries(
            Object.entries(schema).map(([name, property]) => [
              name,
              {
                id: property.type === 'title' ? 'title' : createHash('md5').update(name).digest('hex').slice(0, 4),
                name,
                type: property.type,
                [property.type]: property.options
                  ? { options: property.options.map((option) => ({ name: option, color: 'default' })) }
                  : {},
              },
            ]),
          ),
        })
      }),
    ),

    http.post(
      `${base}/v1/data_sources/:id/query`,
      withFaults('notion', async ({ request, params }) => {
        const refused = refuse(request)
        if (refused) return refused
        const id = String(params.id)
        if (!sharedDataSource(id)) return dataSourceMissing(id)
        const input = ((await request.json().catch(() => null)) ?? {}) as { filter?: Record<string, unknown>; page_size?: number }
        const filter = input.filter
        let wanted: { property: string; equals: string } | undefined
        if (filter) {
          const property = String(filter.property ?? '')
          if (!schema[property]) return notionError(400, 'validation_error', `Could not find property with name or id: ${property}`)
          const condition = (filter.rich_text ?? filter.title) as { equals?: string } | undefined
          if (typeof condition?.equals !== 'string') return invalid('body.filter', 'should be a supported filter', filter)
          wanted = { property, equals: condition.equals }
        }
        const results = state.pages.filter(
          (page) =>
            !page.inTrash &&
            bare(String(page.parent.data_source_id ?? '')) === bare(id) &&
            (!wanted || plainText(page.properties[wanted.property]) === wanted.equals),
        )
        const size = Math.min(100, input.page_size ?? 100)
        return HttpResponse.json({
          object: 'list',
          results: results.slice(0, size).map(serialize),
          next_cursor: null,
          has_more: results.length > size,
          type: 'page_or_data_source',
          page_or_data_source: {},
        })
      }),
    ),

    http.post(
      `${base}/v1/pages`,
      withFaults('notion', async ({ request }) => {
        const refused = refuse(request)
        if (refused) return refused
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        if (!input) return notionError(400, 'invalid_json', 'Error parsing JSON body.')
        const parent = input.parent as Record<string, unknown> | undefined
        if (!parent || !(parent.page_id || parent.data_source_id || parent.database_id))
          return invalid('body.parent', 'should be defined', parent)
        if (parent.data_source_id && !sharedDataSource(String(parent.data_source_id)))
          return dataSourceMissing(String(parent.data_source_id))
        const children = (input.children ?? []) as Array<Record<string, unknown>>
        const problem = childrenProblem(children)
        if (problem) return problem
        const badCover = coverProblem(input.cover)
        if (badCover) return badCover
        const properties = (input.properties ?? {}) as Record<string, unknown>
        if (parent.data_source_id) {
          const propertyError = propertyProblem(schema, properties)
          if (propertyError) return notionError(400, 'validation_error', propertyError)
        }

        const title = pageTitle(properties)
        const hex = createHash('sha256')
          .update(`${JSON.stringify(parent)}|${title}|${state.pages.length}`)
          .digest('hex')
          .slice(0, 32)
        const slug = title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')
        const page: NotionPage = {
          id: uuid(hex),
          parent,
          title,
          properties: parent.data_source_id ? properties : {},
          cover: (input.cover as Record<string, unknown> | undefined) ?? null,
          inTrash: false,
          children: [],
          url: `https://www.notion.so/${slug ? `${slug}-` : ''}${hex}`,
        }
        appendBlocks(page, children)
        state.pages.push(page)
        return HttpResponse.json(serialize(page))
      }),
    ),

    http.patch(
      `${base}/v1/pages/:id`,
      withFaults('notion', async ({ request, params }) => {
        const refused = refuse(request)
        if (refused) return refused
        const page = pageOf(String(params.id))
        if (!page) return pageMissing(String(params.id))
        const input = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>
        const badCover = coverProblem(input.cover)
        if (badCover) return badCover
        const properties = (input.properties ?? {}) as Record<string, unknown>
        if (page.parent.data_source_id) {
          const propertyError = propertyProblem(schema, properties)
          if (propertyError) return notionError(400, 'validation_error', propertyError)
        }
        const trash = input.in_trash ?? input.archived
        if (page.inTrash && trash !== false && Object.keys(properties).length > 0)
          return notionError(400, 'validation_error', "Can't edit block that is archived. You must unarchive the block before editing.")
        page.properties = { ...page.properties, ...properties }
        page.title = pageTitle(page.properties) || page.title
        if ('cover' in input) page.cover = (input.cover as Record<string, unknown> | null) ?? null
        if (typeof trash === 'boolean') page.inTrash = trash
        return HttpResponse.json(serialize(page))
      }),
    ),

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
