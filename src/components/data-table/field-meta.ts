import type { DataTableColumnMeta } from './column-meta'

/** A filterable field as the shared table definitions describe it (e.g. src/shared/keywords.ts). */
export interface SharedFilterField {
  label: string
  variant: DataTableColumnMeta['variant']
  options?: readonly { label: string; value: string }[]
  range?: readonly [number, number]
  unit?: string
}

/** The filter list's view of a column, from its shared field definition (one source for UI and server). */
export function fieldColumnMeta(field: SharedFilterField): DataTableColumnMeta {
  return {
    label: field.label,
    variant: field.variant,
    options: field.options?.map((option) => ({ ...option })),
    range: field.range ? [field.range[0], field.range[1]] : undefined,
    unit: field.unit,
    placeholder: field.variant === 'text' ? `Search ${field.label.toLowerCase()}s...` : undefined,
  }
}
