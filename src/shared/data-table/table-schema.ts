import { z } from 'zod'
import { filterItemSchema, joinOperatorSchema } from './filter-schema'
import {
  filterRuleIssues,
  MAX_FILTERS,
  MAX_PAGE,
  perPageIssue,
  SORT_TWICE_MESSAGE,
  tableDefaults,
  unknownFilterColumnMessage,
  unknownSortColumnMessage,
  type TableSchemaOptions,
  type TableSearch,
} from './table-rules'

export {
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  MAX_FILTERS,
  MAX_PAGE,
  type TableFilterField,
  type TableSchemaOptions,
  type TableSearch,
} from './table-rules'

/**
 * One table's search state rules (page, perPage, sort, filters, joinOperator) as zod schemas,
 * from the shared vocabulary: the list procedure's input is `input` (strict: anything the table
 * does not know is refused with a readable message). The rules themselves are table-rules.ts's,
 * which the route's URL parse (search-state.ts `parseTableSearch`) reads with, falling back or
 * dropping instead of failing. Refused: an unknown column, a variant other than the column's, an
 * operator the variant lacks, a value of the wrong shape, an unknown option, values past the
 * limits. A filter without a value yet passes (it is ignored).
 */
export function tableSchema<const F extends string, const S extends string>(options: TableSchemaOptions<F, S>) {
  const fieldIds = Object.keys(options.fields) as [F, ...F[]]
  // Typed as string (what the shared FilterItem/SortItem carry), checked against the table's ids.
  const filterId = z.string().refine((id) => (fieldIds as readonly string[]).includes(id), {
    error: (issue) => unknownFilterColumnMessage(issue.input, fieldIds),
  })
  const sortId = z.string().refine((id) => (options.sortable as readonly string[]).includes(id), {
    error: (issue) => unknownSortColumnMessage(issue.input, options.sortable),
  })
  const filter = filterItemSchema.and(z.object({ id: filterId })).superRefine((item, ctx) => {
    for (const issue of filterRuleIssues(item, options)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
  })

  const sort = z
    .array(z.object({ id: sortId, desc: z.boolean() }))
    .max(options.sortable.length)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, SORT_TWICE_MESSAGE)

  const page = z
    .number()
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .max(MAX_PAGE, `Page can be at most ${MAX_PAGE}.`)

  const perPage = z
    .number()
    .int('Rows per page must be a whole number.')
    .refine((size) => perPageIssue(size, options.pageSizes) === undefined, {
      error: (issue) => perPageIssue(Number(issue.input), options.pageSizes),
    })

  const filters = z.array(filter).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters.`)
  const defaults = (): TableSearch => tableDefaults(options)

  const input = z
    .object({
      page: page.default(1),
      perPage: perPage.default(options.defaultPerPage),
      sort: sort.default(() => tableDefaults(options).sort),
      filters: filters.default(() => []),
      joinOperator: joinOperatorSchema.default('and'),
    })
    .default(defaults)

  return { page, perPage, sort, filter, filters, joinOperator: joinOperatorSchema, input, defaults: defaults() }
}
