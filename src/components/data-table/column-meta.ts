import type { ColumnDef, RowData } from '@tanstack/react-table'
import type { FilterVariant } from '~/shared/data-table/config'

/** One choice of a select / multiSelect column. */
export interface ColumnOption {
  label: string
  value: string
  /** Optional number of rows with this value, shown next to the option. */
  count?: number
}

/**
 * What a column tells the data table and its filter list. Set it on the TanStack column def
 * (`meta: { label, variant, ... }`) together with `enableColumnFilter: true`: only such columns
 * are offered by the filter list.
 */
export interface DataTableColumnMeta {
  /** Human name of the column (field picker, view menu). Falls back to the column id. */
  label?: string
  /** Which value input and operator set the filter list uses. */
  variant?: FilterVariant
  /** Choices for select and multiSelect. */
  options?: ColumnOption[]
  /** [min, max] for range (and number) filters; the range input defaults to [0, 100]. */
  range?: [number, number]
  /** Unit shown after number inputs, e.g. "%". */
  unit?: string
  /** Placeholder of the value input. */
  placeholder?: string
}

/**
 * A column of a table whose columns hold values of different types. TanStack's ColumnDef is
 * invariant in its value type, so a mixed list can only be typed with `any` there: this is the
 * one place that says so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyColumnDef<TData> = ColumnDef<TData, any>

declare module '@tanstack/react-table' {
  // Module augmentation: the interface must keep TanStack's name and type parameters, and adds
  // its members through `extends`.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type
  interface ColumnMeta<TData extends RowData, TValue> extends DataTableColumnMeta {}
}
