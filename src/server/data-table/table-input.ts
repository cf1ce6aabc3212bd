import { z } from 'zod'
import { isOperatorAllowed } from '~/shared/data-table/config'
import { filterItemSchema, filterValueIssue, joinOperatorSchema, type FilterItem, type SortItem } from '~/shared/data-table/filter-schema'
import type { FilterFieldDefinition } from '~/shared/keywords'

export const MAX_FILTERS = 50
const MAX_VALUE_LENGTH = 500

export interface TableInputOptions<F extends string, S extends string> {
  /** The table's filterable fields: the only filter ids accepted, each with its one variant. */
  fields: Record<F, FilterFieldDefinition>
  /** The only sort ids accepted. */
  sortable: readonly [S, ...S[]]
  defaultSort: readonly SortItem[]
  defaultPerPage: number
  /** Allowed page sizes, ascending. */
  pageSizes: readonly number[]
}

/**
 * A list procedure's input (page, perPage, sort, filters, joinOperator) for one table, from the
 * shared vocabulary. Anything the table does not know is refused with a readable message: an
 * unknown column, a variant other than the column's, an operator the variant lacks, a value of
 * the wrong shape or an unknown option. A filter without a value yet passes (it is ignored).
 */
export function tableListInputSchema<const F extends string, const S extends string>(options: TableInputOptions<F, S>) {
  const fieldIds = Object.keys(options.fields) as [F, ...F[]]
  const known = (ids: readonly string[]) => `Use one of: ${ids.join(', ')}.`
  // Typed as string (what the shared FilterItem/SortItem carry), checked against the table's ids.
  const filterId = z.string().refine((id) => (fieldIds as readonly string[]).includes(id), {
    error: (issue) => `Unknown filter column "${String(issue.input).slice(0, 40)}". ${known(fieldIds)}`,
  })
  const sortId = z.string().refine((id) => (options.sortable as readonly string[]).includes(id), {
    error: (issue) => `Cannot sort by "${String(issue.input).slice(0, 40)}". ${known(options.sortable)}`,
  })
  const text = z.string().max(MAX_VALUE_LENGTH, `A filter value can be at most ${MAX_VALUE_LENGTH} characters.`)

  const filter = filterItemSchema
    .and(z.object({ id: filterId, value: z.union([text, z.array(text).max(100, 'A filter can hold at most 100 values.')]) }))
    .superRefine((item, ctx) => {
      const field: FilterFieldDefinition | undefined = options.fields[item.id as F]
      if (!field) return // reported by filterId
      if (item.variant !== field.variant) {
        ctx.addIssue({ code: 'custom', path: ['variant'], message: `"${item.id}" is a ${field.variant} filter, not ${item.variant}.` })
        return
      }
      if (!isOperatorAllowed(item.variant, item.operator)) return // filterItemSchema reports it
      const issue = filterValueIssue(item as FilterItem)
      if (issue) ctx.addIssue({ code: 'custom', path: ['value'], message: `${field.label}: ${issue}` })
      if (field.options && (item.operator === 'inArray' || item.operator === 'notInArray' || item.operator === 'eq' || item.operator === 'ne')) {
        const allowed = field.options.map((option) => option.value)
        const unknown = (typeof item.value === 'string' ? [item.value] : item.value).find((value) => value !== '' && !allowed.includes(value))
        if (unknown !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['value'], message: `${field.label}: "${unknown.slice(0, 40)}" is not an option. ${known(allowed)}` })
        }
      }
    })

  const sort = z
    .array(z.object({ id: sortId, desc: z.boolean() }))
    .max(options.sortable.length)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'Sort by each column at most once.')

  const maxPerPage = options.pageSizes[options.pageSizes.length - 1]
  const minPerPage = options.pageSizes[0]
  const defaults = { page: 1, perPage: options.defaultPerPage, sort: options.defaultSort.map((item) => ({ ...item })), filters: [], joinOperator: 'and' as const }
  return z
    .object({
      page: z.number().int('Page must be a whole number.').min(1, 'Page must be 1 or more.').max(1_000_000, 'Page can be at most 1000000.').default(1),
      perPage: z
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
        .default(options.defaultPerPage),
      sort: sort.default(defaults.sort),
      filters: z.array(filter).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters.`).default([]),
      joinOperator: joinOperatorSchema.default('and'),
    })
    .default(defaults)
}
