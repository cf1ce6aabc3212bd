import { arrayMove } from '@dnd-kit/sortable'
import type { Table } from '@tanstack/react-table'
import { customAlphabet } from 'nanoid'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  dataTableConfig,
  defaultOperatorFor,
  isOperatorAllowed,
  VALUELESS_OPERATORS,
  type FilterOperator,
  type FilterVariant,
  type JoinOperator,
} from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import type { ColumnOption } from './column-meta'

/*
 * State of the advanced filter list (spec §2 "Keywords screen", §4 "Filters", §5, §9).
 * The pure functions here are the whole rule book (unit-tested in use-filter-list.test.ts);
 * the hooks at the bottom add the debounce (typed values), throttle (emission) and keyboard.
 */

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

/** What the list hands back on every change. */
export interface FilterListState {
  filters: FilterItem[]
  joinOperator: JoinOperator
}

/** The filterable columns of a table, in column order. */
export function filterFieldsFromTable<TData>(table: Table<TData>): FilterField[] {
  return table.getAllLeafColumns().flatMap((column) => {
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
/** A new filterId: 8 characters (spec §3, §9). */
export const createFilterId: () => string = customAlphabet(idAlphabet, dataTableConfig.filterIdLength)

/* ---------------------------------------------------------------------------------------------
 * Value shapes
 * ------------------------------------------------------------------------------------------- */

/** Which input a filter shows and which shape its value takes. */
export type ValueKind =
  | 'none' // isEmpty / isNotEmpty: no input, value ''
  | 'text'
  | 'number'
  | 'numberRange' // [min, max]
  | 'date' // ms timestamp text
  | 'dateRange' // [from, to] ms timestamps text
  | 'relativeDate' // "<signed whole number> <unit>", e.g. "-7 days" (parseRelativeToToday in filter-schema.ts)
  | 'select'
  | 'multiSelect' // list of option values
  | 'boolean' // 'true' | 'false'

export function valueKindOf(variant: FilterVariant, operator: FilterOperator): ValueKind {
  if (VALUELESS_OPERATORS.includes(operator)) return 'none'
  switch (variant) {
    case 'text':
      return 'text'
    case 'number':
    case 'range':
      // As tablecn: the two-bound input for "Is between"; comparisons take one number.
      return operator === 'isBetween' ? 'numberRange' : 'number'
    case 'date':
    case 'dateRange':
      if (operator === 'isRelativeToToday') return 'relativeDate'
      // As the server reads them (filter-schema.ts filterValueIssue): a [from, to] pair for
      // "Is between", one timestamp for every comparison, on date and dateRange columns alike.
      return operator === 'isBetween' ? 'dateRange' : 'date'
    case 'select':
      return 'select'
    case 'multiSelect':
      return 'multiSelect'
    case 'boolean':
      return 'boolean'
  }
}

const isArrayKind = (kind: ValueKind) => kind === 'numberRange' || kind === 'dateRange' || kind === 'multiSelect'

/** The empty value of a filter: '' or [] (a filter with an empty value stays in the list; the server ignores it). */
export function emptyValueFor(variant: FilterVariant, operator: FilterOperator): string | string[] {
  return isArrayKind(valueKindOf(variant, operator)) ? [] : ''
}

/** True when the filter has nothing to filter with yet (the server ignores it). */
export function isEmptyValue(filter: Pick<FilterItem, 'value' | 'variant' | 'operator'>): boolean {
  if (valueKindOf(filter.variant, filter.operator) === 'none') return false
  return Array.isArray(filter.value) ? filter.value.every((part) => part === '') : filter.value === ''
}

/* ---------------------------------------------------------------------------------------------
 * Structural changes (all pure: they return a new list and never mutate)
 * ------------------------------------------------------------------------------------------- */

/**
 * "Add filter": the first filterable column not yet used (or the first column when all are
 * used), its variant's default operator, an empty value and a new 8-character filterId.
 * Returns null when the table has no filterable column.
 */
export function addFilter(
  filters: readonly FilterItem[],
  fields: readonly FilterField[],
  makeId: () => string = createFilterId,
): { filters: FilterItem[]; added: FilterItem } | null {
  const field = fields.find((candidate) => !filters.some((filter) => filter.id === candidate.id)) ?? fields[0]
  if (!field) return null
  const operator = defaultOperatorFor(field.variant)
  let filterId = makeId()
  while (filters.some((filter) => filter.filterId === filterId)) filterId = makeId()
  const added: FilterItem = { id: field.id, value: emptyValueFor(field.variant, operator), variant: field.variant, operator, filterId }
  return { filters: [...filters, added], added }
}

export const removeFilter = (filters: readonly FilterItem[], filterId: string): FilterItem[] =>
  filters.filter((filter) => filter.filterId !== filterId)

export const removeLastFilter = (filters: readonly FilterItem[]): FilterItem[] => filters.slice(0, -1)

/** Drag reorder: moves `activeId` to where `overId` is. Unknown ids leave the list as it was. */
export function moveFilter(filters: readonly FilterItem[], activeId: string, overId: string): FilterItem[] {
  const from = filters.findIndex((filter) => filter.filterId === activeId)
  const to = filters.findIndex((filter) => filter.filterId === overId)
  if (from === -1 || to === -1 || from === to) return [...filters]
  return arrayMove([...filters], from, to)
}

const updateOne = (filters: readonly FilterItem[], filterId: string, update: (filter: FilterItem) => FilterItem) =>
  filters.map((filter) => (filter.filterId === filterId ? update(filter) : filter))

/** Changing the field resets the operator to the new variant's default and clears the value (spec §4). */
export function changeField(filters: readonly FilterItem[], filterId: string, field: FilterField): FilterItem[] {
  return updateOne(filters, filterId, (filter) => {
    if (filter.id === field.id) return filter
    const operator = defaultOperatorFor(field.variant)
    return { ...filter, id: field.id, variant: field.variant, operator, value: emptyValueFor(field.variant, operator) }
  })
}

/**
 * Changing the operator: isEmpty/isNotEmpty clear the value (spec §4); a value whose shape no
 * longer fits (single ↔ range ↔ relative) is cleared too; otherwise it is kept.
 * Operators the variant does not offer are refused (list returned unchanged).
 */
export function changeOperator(filters: readonly FilterItem[], filterId: string, operator: FilterOperator): FilterItem[] {
  return updateOne(filters, filterId, (filter) => {
    if (!isOperatorAllowed(filter.variant, operator) || filter.operator === operator) return filter
    const before = valueKindOf(filter.variant, filter.operator)
    const after = valueKindOf(filter.variant, operator)
    const value = after === 'none' || before !== after ? emptyValueFor(filter.variant, operator) : filter.value
    return { ...filter, operator, value }
  })
}

export function changeValue(filters: readonly FilterItem[], filterId: string, value: string | string[]): FilterItem[] {
  return updateOne(filters, filterId, (filter) =>
    valueKindOf(filter.variant, filter.operator) === 'none' ? filter : { ...filter, value },
  )
}

/** "Reset filters": no filters and the join back to and. */
export const resetFilters = (): FilterListState => ({ filters: [], joinOperator: 'and' })

/**
 * What goes to the URL (spec §5): the filters as they are (empty values included: the server
 * ignores them) and the join operator, left out when it is "and".
 */
export function toUrlPayload(state: FilterListState): { filters: FilterItem[] | undefined; joinOperator: 'or' | undefined } {
  return {
    filters: state.filters.length === 0 ? undefined : state.filters.map((filter) => ({ ...filter })),
    joinOperator: state.joinOperator === 'or' ? 'or' : undefined,
  }
}

/* ---------------------------------------------------------------------------------------------
 * Numeric range (spec §5 "Numeric range filter")
 * ------------------------------------------------------------------------------------------- */

export const DEFAULT_RANGE: [number, number] = [0, 100]

/** Only numbers or empty: '' , '-', '12', '-3.5', '4.' are accepted while typing. */
export const isNumericDraft = (text: string) => /^-?\d*(\.\d*)?$/.test(text)

/** Whole numbers are shown without decimals ("10", not "10.0"). */
export function formatRangeNumber(value: number | string): string {
  const number = typeof value === 'number' ? value : Number(value)
  if (typeof value === 'string' && (value.trim() === '' || !Number.isFinite(number))) return value
  return Number.isInteger(number) ? String(number) : String(Number(number.toFixed(6)))
}

export type RangeError = 'notANumber' | 'minOutOfRange' | 'maxOutOfRange' | 'maxBelowMin'

/**
 * Checks a [min, max] pair of texts against the column range: each bound is a number or empty,
 * min within [lo, hi], max within [lo, hi] and not below min. Returns the errors per bound.
 */
export function validateRange(
  [min, max]: readonly [string, string],
  range: readonly [number, number] = DEFAULT_RANGE,
): { min?: RangeError; max?: RangeError } {
  const [lo, hi] = range
  const errors: { min?: RangeError; max?: RangeError } = {}
  const minNumber = min.trim() === '' ? undefined : Number(min)
  const maxNumber = max.trim() === '' ? undefined : Number(max)
  if (minNumber !== undefined) {
    if (!isNumericDraft(min.trim()) || !Number.isFinite(minNumber)) errors.min = 'notANumber'
    else if (minNumber < lo || minNumber > hi) errors.min = 'minOutOfRange'
  }
  if (maxNumber !== undefined) {
    if (!isNumericDraft(max.trim()) || !Number.isFinite(maxNumber)) errors.max = 'notANumber'
    else if (maxNumber < lo || maxNumber > hi) errors.max = 'maxOutOfRange'
    else if (minNumber !== undefined && !errors.min && maxNumber < minNumber) errors.max = 'maxBelowMin'
  }
  return errors
}

export const rangeErrorText: Record<RangeError, (range: readonly [number, number]) => string> = {
  notANumber: () => 'Enter a number.',
  minOutOfRange: ([lo, hi]) => `Minimum must be between ${formatRangeNumber(lo)} and ${formatRangeNumber(hi)}.`,
  maxOutOfRange: ([lo, hi]) => `Maximum must be between ${formatRangeNumber(lo)} and ${formatRangeNumber(hi)}.`,
  maxBelowMin: () => 'Maximum must not be below the minimum.',
}

/** The value to store for a valid pair: numbers normalised ("010" → "10"), empty kept as ''. */
export function normaliseRange([min, max]: readonly [string, string]): [string, string] {
  const clean = (text: string) => (text.trim() === '' ? '' : formatRangeNumber(Number(text)))
  return [clean(min), clean(max)]
}

/* ---------------------------------------------------------------------------------------------
 * Dates: millisecond timestamps as text (spec §5)
 * ------------------------------------------------------------------------------------------- */

/**
 * The calendar day the user picked (a local date) as the millisecond timestamp of that day's
 * UTC midnight: the server compares dates by whole UTC day (filter-to-sql.ts), so the day
 * picked is the day filtered, whatever the browser's time zone.
 */
export function timestampText(date: Date | undefined): string {
  return date ? String(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())) : ''
}

/** A stored timestamp back as the local calendar date of its UTC day (for the calendar and labels). */
export function dateFromText(text: string | undefined): Date | undefined {
  if (!text || !/^-?\d+$/.test(text.trim())) return undefined
  const utc = new Date(Number(text))
  if (Number.isNaN(utc.getTime())) return undefined
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate())
}

/* ---------------------------------------------------------------------------------------------
 * Hooks
 * ------------------------------------------------------------------------------------------- */

/** A callback that runs `delay` ms after the last call (typed values: 300 ms). `flush` runs it now. */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delay: number) {
  const callbackRef = useRef(callback)
  callbackRef.current = callback
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<Args | undefined>(undefined)
  // Unmounting (e.g. the popover closes right after typing) hands the last value on, not drops it.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      const args = pending.current
      pending.current = undefined
      if (args) callbackRef.current(...args)
    },
    [],
  )
  const run = useCallback(
    (...args: Args) => {
      pending.current = args
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        pending.current = undefined
        callbackRef.current(...args)
      }, delay)
    },
    [delay],
  )
  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const args = pending.current
    pending.current = undefined
    if (args) callbackRef.current(...args)
  }, [])
  return Object.assign(run, { flush })
}

/**
 * A function called at most once per `interval` ms with the latest arguments: the first call
 * runs at once, calls inside the window collapse into one trailing call at its end. `cancel`
 * drops a pending trailing call.
 */
export function createThrottle<Args extends unknown[]>(callback: (...args: Args) => void, interval: number, now: () => number = Date.now) {
  let last = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: Args | undefined
  const run = (...args: Args) => {
    const wait = last + interval - now()
    if (wait <= 0 && timer === undefined) {
      last = now()
      callback(...args)
      return
    }
    pending = args
    if (timer !== undefined) return
    timer = setTimeout(
      () => {
        timer = undefined
        last = now()
        const latest = pending
        pending = undefined
        if (latest) callback(...latest)
      },
      Math.max(wait, 0),
    )
  }
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  return Object.assign(run, { cancel })
}

/** createThrottle as a hook (always calls the latest callback): rapid structural changes reach the URL at most every 50 ms. */
export function useThrottledCallback<Args extends unknown[]>(callback: (...args: Args) => void, interval: number) {
  const callbackRef = useRef(callback)
  callbackRef.current = callback
  const [throttled] = useState(() => createThrottle((...args: Args) => callbackRef.current(...args), interval))
  useEffect(() => () => throttled.cancel(), [throttled])
  return throttled
}

/** True when a key press happens while the user is typing (inputs, text areas, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false
  const element = target as HTMLElement
  return (
    element.tagName === 'INPUT' ||
    element.tagName === 'TEXTAREA' ||
    element.tagName === 'SELECT' ||
    element.isContentEditable ||
    element.closest?.('[contenteditable="true"], [contenteditable=""]') !== null
  )
}

export const REMOVE_KEYS = ['Backspace', 'Delete']

export interface UseFilterListOptions extends FilterListState {
  fields: FilterField[]
  onChange: (next: FilterListState) => void
}

/**
 * The list's state: a local mirror of the controlled `filters`/`joinOperator` (so the rows
 * update at once), emitted through a 50 ms throttle. Props that change from outside (back
 * button, a shared link) replace the mirror.
 */
export function useFilterList({ filters, joinOperator, fields, onChange }: UseFilterListOptions) {
  const [state, setState] = useState<FilterListState>({ filters, joinOperator })
  // Every state this list handed out since the props last caught up: an echo of one of them
  // (an older emission arriving after a newer local change) must not undo the newer change.
  const produced = useRef<string[]>([JSON.stringify({ filters, joinOperator })])
  const emit = useThrottledCallback(onChange, dataTableConfig.throttleMs)

  const incoming = JSON.stringify({ filters, joinOperator })
  useEffect(() => {
    const latest = produced.current[produced.current.length - 1]
    if (incoming === latest) {
      produced.current = [latest]
    } else if (!produced.current.includes(incoming)) {
      // Changed from outside (back button, a shared link, the screen's own reset).
      produced.current = [incoming]
      setState(JSON.parse(incoming) as FilterListState)
    }
  }, [incoming])

  const stateRef = useRef(state)
  stateRef.current = state

  const commit = useCallback(
    (next: FilterListState) => {
      stateRef.current = next
      setState(next)
      produced.current = [...produced.current.slice(-50), JSON.stringify(next)]
      emit(next)
    },
    [emit],
  )

  const [focusFilterId, setFocusFilterId] = useState<string | undefined>(undefined)

  const actions = {
    add() {
      const result = addFilter(stateRef.current.filters, fields)
      if (!result) return
      commit({ ...stateRef.current, filters: result.filters })
      setFocusFilterId(result.added.filterId)
    },
    remove(filterId: string) {
      commit({ ...stateRef.current, filters: removeFilter(stateRef.current.filters, filterId) })
    },
    removeLast() {
      if (stateRef.current.filters.length === 0) return
      commit({ ...stateRef.current, filters: removeLastFilter(stateRef.current.filters) })
    },
    move(activeId: string, overId: string) {
      commit({ ...stateRef.current, filters: moveFilter(stateRef.current.filters, activeId, overId) })
    },
    changeField(filterId: string, fieldId: string) {
      const field = fields.find((candidate) => candidate.id === fieldId)
      if (!field) return
      commit({ ...stateRef.current, filters: changeField(stateRef.current.filters, filterId, field) })
    },
    changeOperator(filterId: string, operator: FilterOperator) {
      commit({ ...stateRef.current, filters: changeOperator(stateRef.current.filters, filterId, operator) })
    },
    changeValue(filterId: string, value: string | string[]) {
      commit({ ...stateRef.current, filters: changeValue(stateRef.current.filters, filterId, value) })
    },
    changeJoin(joinOperator: JoinOperator) {
      commit({ ...stateRef.current, joinOperator })
    },
    reset() {
      commit(resetFilters())
    },
  }

  return { ...state, actions, focusFilterId, clearFocusRequest: () => setFocusFilterId(undefined) }
}
