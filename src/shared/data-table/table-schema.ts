import { z } from 'zod'
import { isOperatorAllowed, type FilterVariant, type JoinOperator } from './config'
import { filterItemSchema, filterValueIssue, joinOperatorSchema, type FilterItem, type SortItem } from './filter-schema'

/** Limits of one table request: what a list procedure accepts and what a URL keeps. */
export const MAX_FILTERS = 50
export const MAX_FILTER_VALUES = 100
export const MAX_FILTER_VALUE_LENGTH = 500
export const MAX_PAGE = 1_000_000

/** A data table's search state: what its URL holds and what its list procedure takes. */
export interface TableSearch {
  page: number
  perPage: number
  sort: SortItem[]
  filters: FilterItem[]
  joinOperator: JoinOperator
}

/** A filterable column: its label (for messages), its one variant, and its options when the values are a fixed set. */
export interface TableFilterField {
  label: string
  variant: FilterVariant
  options?: readonly { value: string }[]
}

export interface TableSchemaOptions<F extends string, S extends string> {
  /** The table's filterable fields: the only filter ids accepted, each with its one variant. */
  fields: Record<F, TableFilterField>
  /** The only sort ids accepted. */
  sortable: readonly [S, ...S[]]
  defaultSort: readonly SortItem[]
  defaultPerPage: number
  /** Allowed page sizes, ascending. */
  pageSizes: readonly number[]
}

/** The rules of one table's search state, one schema per part (what a lenient reader needs). */
export interface TableSchema {
  page: z.ZodType<number>
  perPage: z.ZodType<number>
  sort: z.ZodType<SortItem[]>
  filter: z.ZodType<FilterItem>
  joinOperator: z.ZodType<JoinOperator>
  /** Page 1, the default page size and sort, no filters, join "and". */
  defaults: TableSearch
}

const OPTION_OPERATORS = ['inArray', 'notInArray', 'eq', 'ne']

/**
 * One table's search state rules (page, perPage, sort, filters, joinOperator), from the shared
 * vocabulary: the list procedure's input is `input` (strict: anything the table does not know is
 * refused with a readable message), and the route's URL parse (search-state.ts `parseTableSearch`)
 * reads each part with the same schemas, falling back or dropping instead of failing. Refused: an
 * unknown column, a variant other than the column's, an operator the variant lacks, a value of
 * the wrong shape, an unknown option, values past the limits above. A filter without a value yet
 * passes (it is ignored).
 */
export function tableSchema<const F extends string, const S extends string>(options: TableSchemaOptions<F, S>) {
  const fieldIds = Object.keys(options.fields) as [F, ...F[]]
  const known = (ids: readonly string[]) => `Use one of: ${ids.join(', ')}.`
  // Typed as string (what the shared FilterItem/SortItem carry), checked against the table's ids.
  const filterId = z.string().refine((id) => (fieldIds as readonly string[]).includes(id), {
    error: (issue) => `Unknown filter column "${String(issue.input).slice(0, 40)}". ${known(fieldIds)}`,
  })
  const sortId = z.string().refine((id) => (options.sortable as readonly string[]).includes(id), {
    error: (issue) => `Cannot sort by "${String(issue.input).slice(0, 40)}". ${known(options.sortable)}`,
  })
  const filter = filterItemSchema.and(z.object({ id: filterId })).superRefine((item, ctx) => {
    const values = typeof item.value === 'string' ? [item.value] : item.value
    if (values.length > MAX_FILTER_VALUES) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A filter can hold at most ${MAX_FILTER_VALUES} values.`,
      })
      return
    }
    if (values.some((value) => value.length > MAX_FILTER_VALUE_LENGTH)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A filter value can be at most ${MAX_FILTER_VALUE_LENGTH} characters.`,
      })
      return
    }
    const field: TableFilterField | undefined = options.fields[item.id as F]
    if (!field) return // reported by filterId
    if (item.variant !== field.variant) {
      ctx.addIssue({
        code: 'custom',
        path: ['variant'],
        message: `"${item.id}" is a ${field.variant} filter, not ${item.variant}.`,
      })
      return
    }
    if (!isOperatorAllowed(item.variant, item.operator)) return // filterItemSchema reports it
    const issue = filterValueIssue(item)
    if (issue) ctx.addIssue({ code: 'custom', path: ['value'], message: `${field.label}: ${issue}` })
    if (field.options && OPTION_OPERATORS.includes(item.operator)) {
      const allowed = field.options.map((option) => option.value)
      const unknown = values.find((value) => value !== '' && !allowed.includes(value))
      if (unknown !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `${field.label}: "${unknown.slice(0, 40)}" is not an option. ${known(allowed)}`,
        })
      }
    }
  })

  const sort = z
    .array(z.object({ id: sortId, desc: z.boolean() }))
    .max(options.sortable.length)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'Sort by each column at most once.')

  const page = z
    .number()
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .max(MAX_PAGE, `Page can be at most ${MAX_PAGE}.`)

  const maxPerPage = options.pageSizes[options.pageSizes.length - 1]
  const minPerPage = options.pageSizes[0]
  const perPage = z
    .number()
    .int('Rows per page must be a whole number.')
    .refine((size) => options.pageSizes.includes(size), {
      error: (issue) => {
        const size = Number(issue.input)
        if (size > maxPerPage) return `Rows per page can be at most ${maxPerPage}.`
        if (size < minPerPage) return `Rows per page must be at least ${minPerPage}.`
        return `Rows per page must be one of ${options.pageSizes.join(', ')}.`
      },
    })

  const filters = z.array(filter).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters.`)
  const defaultSort = () => options.defaultSort.map((item) => ({ ...item }))
  const defaults = (): TableSearch => ({
    page: 1,
    perPage: options.defaultPerPage,
    sort: defaultSort(),
    filters: [],
    joinOperator: 'and',
  })

  const input = z
    .object({
      page: page.default(1),
      perPage: perPage.default(options.defaultPerPage),
      sort: sort.default(defaultSort),
      filters: filters.default(() => []),
      joinOperator: joinOperatorSchema.default('and'),
    })
    .default(defaults)

  return { page, perPage, sort, filter, filters, joinOperator: joinOperatorSchema, input, defaults: defaults() }
}
