import { z } from 'zod'
import { dataTableConfig, isOperatorAllowed } from './config'
import { OPERATOR_NOT_ALLOWED, type SortItem } from './filter-rules'

export * from './filter-rules'

/**
 * A filter item as the list procedures take it (docs/product/keywords-table.md): the shape of
 * filter-rules.ts `FilterItem`, whose `readFilterItem` accepts exactly what this accepts.
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
    message: OPERATOR_NOT_ALLOWED,
    path: ['operator'],
  })

export const joinOperatorSchema = z.enum(dataTableConfig.joinOperators)

export const sortItemSchema: z.ZodType<SortItem> = z.object({ id: z.string().min(1), desc: z.boolean() })
