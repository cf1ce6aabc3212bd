import type { FilterItem } from '~/shared/data-table/filter-schema'
import { FilterDateInput } from './filter-date-input'
import type { FilterField } from './filter-fields'
import { FilterMultiSelectInput } from './filter-multi-select-input'
import { FilterRangeInput } from './filter-range-input'
import { FilterRelativeDateInput } from './filter-relative-date-input'
import { BOOLEAN_OPTIONS, FilterSelectInput } from './filter-select-input'
import { FilterTextInput } from './filter-text-input'
import { valueKindOf } from './filter-value-kind'

const single = (value: string | string[]) => (Array.isArray(value) ? (value[0] ?? '') : value)

/**
 * The value input of one filter row, chosen by variant and operator (docs/product/keywords-table.md). Renders nothing
 * for isEmpty / isNotEmpty (their value is cleared and hidden).
 */
export function FilterValueInput({
  filter,
  field,
  id,
  onValueChange,
}: {
  filter: FilterItem
  field: FilterField | undefined
  /** Id of the input (the row's label points at it). */
  id: string
  onValueChange: (value: string | string[]) => void
}) {
  const label = `${field?.label ?? filter.id} value`
  const kind = valueKindOf(filter.variant, filter.operator)
  switch (kind) {
    case 'none':
      return null
    case 'text':
      return (
        <FilterTextInput
          id={id}
          label={label}
          value={single(filter.value)}
          placeholder={field?.placeholder}
          onValueChange={onValueChange}
        />
      )
    case 'number':
      return (
        <FilterTextInput
          id={id}
          type="number"
          label={label}
          value={single(filter.value)}
          placeholder={field?.placeholder}
          unit={field?.unit}
          onValueChange={onValueChange}
        />
      )
    case 'numberRange':
      return <FilterRangeInput label={label} value={filter.value} range={field?.range} unit={field?.unit} onValueChange={onValueChange} />
    case 'date':
      return (
        <FilterDateInput mode="single" label={label} value={filter.value} placeholder={field?.placeholder} onValueChange={onValueChange} />
      )
    case 'dateRange':
      return (
        <FilterDateInput mode="range" label={label} value={filter.value} placeholder={field?.placeholder} onValueChange={onValueChange} />
      )
    case 'relativeDate':
      return <FilterRelativeDateInput label={label} value={filter.value} onValueChange={onValueChange} />
    case 'select':
      return (
        <FilterSelectInput
          label={label}
          value={single(filter.value)}
          options={field?.options ?? []}
          placeholder={field?.placeholder}
          onValueChange={onValueChange}
        />
      )
    case 'boolean':
      return (
        <FilterSelectInput
          label={label}
          value={single(filter.value)}
          options={BOOLEAN_OPTIONS}
          placeholder="Select..."
          onValueChange={onValueChange}
        />
      )
    case 'multiSelect':
      return (
        <FilterMultiSelectInput
          label={field?.label ?? filter.id}
          value={filter.value}
          options={field?.options ?? []}
          placeholder={field?.placeholder}
          onValueChange={onValueChange}
        />
      )
  }
}
