import type { Column, Table } from '@tanstack/react-table'
import { customAlphabet } from 'nanoid'
import { dataTableConfig, type FilterVariant } from '~/shared/data-table/config'
import type { ColumnOption } from './column-meta'

/** A column the filter list may offer: `enableColumnFilter: true` and a `meta.variant`. */
export interface FilterField {
  id: string
  label: string
  variant: FilterVariant
  options?: ColumnOption[]
  range?: [number, number]
  unit?: string
  placeholder?: string
}

/** The filterable columns of a table, in column order. */
export function filterFieldsFromTable<TData>(table: Table<TData>): FilterField[] {
  return filterFieldsFromColumns(table.getAllLeafColumns())
}

/** The same from the table's leaf columns (TanStack memoises that array until the columns change). */
export function filterFieldsFromColumns<TData>(columns: Column<TData>[]): FilterField[] {
  return columns.flatMap((column) => {
    const meta = column.columnDef.meta
    if (column.columnDef.enableColumnFilter !== true || !meta?.variant) return []
    return [
      {
        id: column.id,
        label: meta.label ?? column.id,
        variant: meta.variant,
        options: meta.options,
        range: meta.range,
        unit: meta.unit,
        placeholder: meta.placeholder,
      },
    ]
  })
}

const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** A new filterId: 8 characters. */
export const createFilterId: () => string = customAlphabet(idAlphabet, dataTableConfig.filterIdLength)
