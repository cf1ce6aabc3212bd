import type { Table } from '@tanstack/react-table'
import { ChevronsUpDownIcon, GripVerticalIcon, ListFilterIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '~/components/ui/command'
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Sortable, SortableItem, SortableItemHandle } from '~/components/ui/sortable'
import { cn } from '~/lib/utils'
import { dataTableConfig, operatorsFor, type FilterOperator, type JoinOperator } from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import { filterFieldsFromColumns, type FilterField } from './filter-fields'
import type { FilterListState } from './filter-list-ops'
import { isTypingTarget, REMOVE_KEYS, useFilterListShortcuts } from './filter-list-shortcuts'
import { FilterValueInput } from './filter-value-input'
import { useFilterList } from './use-filter-list'

export interface DataTableFilterListProps<TData> {
  /** The TanStack table: its columns with `enableColumnFilter: true` and `meta.variant` are offered. */
  table: Table<TData>
  /** The current filters (from the URL search). */
  filters: FilterItem[]
  /** The current join operator (from the URL search; "and" when absent). */
  joinOperator: JoinOperator
  /**
   * "The filters changed": called after every change of the list or the join (add, remove,
   * reorder, field, operator, value, join, reset), at most every 50 ms; typed values arrive
   * 300 ms after typing stops. By contract the caller writes `filters` and `joinOperator` to the
   * URL (joinOperator left out when "and", filters when empty: see `toUrlPayload`) and resets
   * the page to 1.
   */
  onChange: (next: FilterListState) => void
  align?: 'start' | 'center' | 'end'
  className?: string
}

/**
 * The advanced filter list (docs/product/keywords-table.md): a "Filter" button opening a
 * popover of filter rows. Keys: `f` opens it (when not typing), Shift+f removes the last filter,
 * Backspace/Delete on the Filter button removes the last filter and on a row removes that row.
 */
export function DataTableFilterList<TData>({
  table,
  filters: filtersProp,
  joinOperator: joinProp,
  onChange,
  align = 'start',
  className,
}: DataTableFilterListProps<TData>) {
  const leafColumns = table.getAllLeafColumns()
  const fields = useMemo(() => filterFieldsFromColumns(leafColumns), [leafColumns])
  const { filters, joinOperator, actions, focusFilterId, clearFocusRequest } = useFilterList({
    filters: filtersProp,
    joinOperator: joinProp,
    fields,
    onChange,
  })
  const [open, setOpen] = useState(false)
  const listId = useId()
  const headingId = `${listId}-heading`
  const descriptionId = `${listId}-description`
  useFilterListShortcuts({ open: () => setOpen(true), removeLast: actions.removeLast })

  // A new row: move focus to its field picker.
  useEffect(() => {
    if (!focusFilterId || !open) return
    const frame = requestAnimationFrame(() => {
      document.getElementById(fieldTriggerId(listId, focusFilterId))?.focus()
      clearFocusRequest()
    })
    return () => cancelAnimationFrame(frame)
  }, [focusFilterId, open, listId, clearFocusRequest])

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (REMOVE_KEYS.includes(event.key) && filters.length > 0) {
      event.preventDefault()
      actions.removeLast()
    }
  }

  const fieldLabel = (id: string) => fields.find((field) => field.id === id)?.label ?? id

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className={cn('font-normal', className)} aria-keyshortcuts="F" onKeyDown={onTriggerKeyDown}>
          <ListFilterIcon aria-hidden="true" className="text-muted-foreground" />
          Filter
          {filters.length > 0 ? (
            <Badge variant="secondary" className="h-[18.24px] rounded-[3.2px] px-[5.12px] font-mono text-[10.4px] font-normal">
              <span className="sr-only">Active filters: </span>
              {filters.length}
            </Badge>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align={align}
        collisionPadding={16}
        aria-labelledby={headingId}
        aria-describedby={descriptionId}
        className="flex w-[calc(100vw-2rem)] max-w-(--radix-popover-content-available-width) flex-col gap-3.5 p-4 sm:w-auto sm:min-w-[380px]"
      >
        <div className="flex flex-col gap-1">
          <h4 id={headingId} className="leading-none font-medium">
            {filters.length > 0 ? 'Filters' : 'No filters applied'}
          </h4>
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {filters.length > 0 ? 'Modify filters to refine your rows.' : 'Add filters to refine your rows.'}
          </p>
        </div>
        {filters.length > 0 ? (
          <Sortable
            items={filters.map((filter) => filter.filterId)}
            onMove={(activeId, overId) => actions.move(String(activeId), String(overId))}
            getItemLabel={(id) => {
              const index = filters.findIndex((filter) => filter.filterId === id)
              return index === -1 ? 'Filter' : `Filter ${index + 1} (${fieldLabel(filters[index].id)})`
            }}
          >
            <div
              role="list"
              aria-labelledby={headingId}
              className="-m-1 flex flex-col gap-2 overflow-y-auto p-1"
              style={{ maxHeight: dataTableConfig.filterListMaxHeightPx }}
            >
              {filters.map((filter, index) => (
                <FilterRow
                  key={filter.filterId}
                  listId={listId}
                  filter={filter}
                  index={index}
                  fields={fields}
                  joinOperator={joinOperator}
                  actions={actions}
                />
              ))}
            </div>
          </Sortable>
        ) : null}
        <div className="flex w-full items-center gap-2">
          <Button id={addButtonId(listId)} size="sm" className="rounded" disabled={fields.length === 0} onClick={() => actions.add()}>
            Add filter
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="rounded"
            disabled={filters.length === 0 && joinOperator === 'and'}
            onClick={() => actions.reset()}
          >
            Reset filters
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}

const fieldTriggerId = (listId: string, filterId: string) => `${listId}-${filterId}-field`
const addButtonId = (listId: string) => `${listId}-add`

/** After a row goes, keep focus in the list: the next row, else the previous one, else "Add filter". */
function focusAfterRemoval(row: HTMLElement, listId: string) {
  const neighbour = (row.nextElementSibling ?? row.previousElementSibling) as HTMLElement | null
  requestAnimationFrame(() => {
    const target = neighbour?.isConnected ? neighbour : document.getElementById(addButtonId(listId))
    target?.focus()
  })
}

type Actions = ReturnType<typeof useFilterList>['actions']

function FilterRow({
  listId,
  filter,
  index,
  fields,
  joinOperator,
  actions,
}: {
  listId: string
  filter: FilterItem
  index: number
  fields: FilterField[]
  joinOperator: JoinOperator
  actions: Actions
}) {
  const field = fields.find((candidate) => candidate.id === filter.id)
  const fieldLabel = field?.label ?? filter.id
  const operators = operatorsFor(filter.variant)
  const operatorLabel = operators.find((entry) => entry.value === filter.operator)?.label ?? filter.operator
  const rowId = `${listId}-${filter.filterId}`
  const triggerId = fieldTriggerId(listId, filter.filterId)

  // Backspace/Delete on the row (or one of its buttons), not while typing in its inputs and not
  // from a picker's pop-up (portals bubble React events, so check the DOM).
  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!REMOVE_KEYS.includes(event.key)) return
    const target = event.target as Node
    if (!event.currentTarget.contains(target) || isTypingTarget(event.target)) return
    event.preventDefault()
    event.stopPropagation()
    focusAfterRemoval(event.currentTarget, listId)
    actions.remove(filter.filterId)
  }

  return (
    <SortableItem value={filter.filterId} asChild>
      <div
        id={rowId}
        role="listitem"
        tabIndex={0}
        aria-label={`Filter ${index + 1}: ${fieldLabel} ${operatorLabel.toLowerCase()}`}
        // A phone stacks the row: the join, field, remove and drag on the first line, the operator
        // and the value each on a full line under the field. From `sm` it is one line.
        className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto_auto] items-center gap-2 rounded-md border-border focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring max-sm:border-b max-sm:pb-3 max-sm:last:border-b-0 max-sm:last:pb-0 sm:flex"
        onKeyDown={onRowKeyDown}
      >
        <JoinCell index={index} joinOperator={joinOperator} onChange={actions.changeJoin} />

        <FieldPicker
          triggerId={triggerId}
          fields={fields}
          fieldLabel={fieldLabel}
          currentId={filter.id}
          onPick={(value) => actions.changeField(filter.filterId, value)}
        />

        <Select value={filter.operator} onValueChange={(value) => actions.changeOperator(filter.filterId, value as FilterOperator)}>
          <SelectTrigger
            size="sm"
            aria-label={`Operator for ${fieldLabel}`}
            className="col-span-3 col-start-2 row-start-2 h-8 w-full rounded sm:w-32"
          >
            <div className="truncate">
              <SelectValue placeholder={operatorLabel} />
            </div>
          </SelectTrigger>
          <SelectContent>
            {operators.map((entry) => (
              <SelectItem key={entry.value} value={entry.value}>
                {entry.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>

        <div className="col-span-3 col-start-2 row-start-3 min-w-0 sm:w-60 sm:flex-1">
          <FilterValueInput
            id={`${rowId}-value`}
            filter={filter}
            field={field}
            onValueChange={(value) => actions.changeValue(filter.filterId, value)}
          />
        </div>

        <Button
          variant="outline"
          size="icon"
          aria-label="Remove filter"
          className="col-start-3 row-start-1 size-8 rounded"
          onClick={(event) => {
            const row = event.currentTarget.closest<HTMLElement>('[role="listitem"]')
            if (row) focusAfterRemoval(row, listId)
            actions.remove(filter.filterId)
          }}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
        <SortableItemHandle
          aria-label="Drag to reorder"
          className={cn(
            'col-start-4 row-start-1 inline-flex size-8 shrink-0 items-center justify-center rounded border border-input text-muted-foreground hover:bg-accent',
          )}
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </SortableItemHandle>
      </div>
    </SortableItem>
  )
}

/** "Where" on the first row, the and/or choice on the second, the chosen join after. */
function JoinCell({
  index,
  joinOperator,
  onChange,
}: {
  index: number
  joinOperator: JoinOperator
  onChange: (join: JoinOperator) => void
}) {
  return (
    <div className="col-start-1 row-start-1 flex w-[4.5rem] shrink-0 items-center">
      {index === 0 ? (
        <span className="text-sm text-muted-foreground">Where</span>
      ) : index === 1 ? (
        <Select value={joinOperator} onValueChange={(value) => onChange(value as JoinOperator)}>
          <SelectTrigger size="sm" aria-label="Join operator" className="h-8 w-full rounded lowercase">
            <SelectValue placeholder={joinOperator} />
          </SelectTrigger>
          <SelectContent className="min-w-(--radix-select-trigger-width) lowercase">
            {dataTableConfig.joinOperators.map((join) => (
              <SelectItem key={join} value={join}>
                {join}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        <span className="text-sm text-muted-foreground">{joinOperator}</span>
      )}
    </div>
  )
}

/** The row's field as a searchable list in a pop-up. */
function FieldPicker({
  triggerId,
  fields,
  fieldLabel,
  currentId,
  onPick,
}: {
  triggerId: string
  fields: FilterField[]
  fieldLabel: string
  currentId: string
  onPick: (fieldId: string) => void
}) {
  const [fieldOpen, setFieldOpen] = useState(false)
  return (
    <Popover open={fieldOpen} onOpenChange={setFieldOpen}>
      <PopoverTrigger asChild>
        <Button
          id={triggerId}
          variant="outline"
          size="sm"
          role="combobox"
          aria-expanded={fieldOpen}
          aria-label={`Field: ${fieldLabel}`}
          className="col-start-2 row-start-1 h-8 w-full justify-between rounded px-2 text-sm font-normal sm:w-32"
        >
          <span className="truncate">{fieldLabel}</span>
          <ChevronsUpDownIcon aria-hidden="true" className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-40 p-0">
        <Command>
          <CommandInput placeholder="Search fields..." aria-label="Search fields" />
          <CommandList>
            <CommandEmpty>No fields found.</CommandEmpty>
            <CommandGroup>
              {fields.map((candidate) => (
                <CommandItem
                  key={candidate.id}
                  value={candidate.id}
                  keywords={[candidate.label]}
                  onSelect={(value) => {
                    onPick(value)
                    setFieldOpen(false)
                  }}
                >
                  <span className="truncate">{candidate.label}</span>
                  {candidate.id === currentId ? <span className="sr-only">(current)</span> : null}
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  )
}
