import { tableSchema, type TableSchemaOptions } from '~/shared/data-table/table-schema'

export { MAX_FILTERS } from '~/shared/data-table/table-schema'

/**
 * A list procedure's input (page, perPage, sort, filters, joinOperator) for one table: the strict
 * form of the table's search-state rules, the same ones its route reads the URL with
 * (src/shared/data-table/table-schema.ts). Anything the table does not know is refused with a
 * readable message.
 */
export const tableListInputSchema = <const F extends string, const S extends string>(options: TableSchemaOptions<F, S>) =>
  tableSchema(options).input
