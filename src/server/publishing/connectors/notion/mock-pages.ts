import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { invalid, notionError } from './mock-request-limits'
import { bare, pageTitle, plainText, state, uuid, type NotionPage, type NotionProperty, type NotionWorkspace } from './mock-store'

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

/** The data source: its schema, and a query of its pages. */
export function dataSourceHandlers(workspace: NotionWorkspace): RequestHandler[] {
  const { base, schema, refuse, sharedDataSource, dataSourceMissing, serialize } = workspace
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
  ]
}

/** Pages: create (with its first blocks), update properties, cover and trash. */
export function pageHandlers(workspace: NotionWorkspace): RequestHandler[] {
  const { base, schema, refuse, sharedDataSource, dataSourceMissing, pageOf, pageMissing, childrenProblem, appendBlocks, serialize } =
    workspace
  return [
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
  ]
}
