import { z } from 'zod'
import { dataTableConfig, isOperatorAllowed, type FilterOperator, type FilterVariant } from './config'

/**
 * Spec §3 "Filter item" and §5 "Keywords URL search state". Dates travel as millisecond
 * timestamps in text; a range or between value is a list of two texts; multi-select a list.
 */
export const filterItemSchema = z
  .object({
    id: z.string().min(1),
    value: z.union([z.string(), z.array(z.string())]),
    variant: z.enum(dataTableConfig.filterVariants),
    operator: z.enum(dataTableConfig.operators),
    filterId: z.string().length(dataTableConfig.filterIdLength),
  })
  .refine((filter) => isOperatorAllowed(filter.variant, filter.operator), {
    message: 'This operator does not apply to this kind of field.',
    path: ['operator'],
  })

export type FilterItem = {
  id: string
  value: string | string[]
  variant: FilterVariant
  operator: FilterOperator
  filterId: string
}

export const joinOperatorSchema = z.enum(dataTableConfig.joinOperators)

export const sortItemSchema = z.object({ id: z.string().min(1), desc: z.boolean() })
export type SortItem = z.infer<typeof sortItemSchema>

/**
 * A filter/sort list schema restricted to a table's known column ids: the server accepts nothing
 * else (style.md habit 3), and the URL drops what it does not know.
 */
export function tableQuerySchema<const Id extends string>(columnIds: readonly [Id, ...Id[]]) {
  const columnId = z.enum(columnIds)
  return {
    filter: filterItemSchema.and(z.object({ id: columnId })),
    sort: sortItemSchema.extend({ id: columnId }),
  }
}
