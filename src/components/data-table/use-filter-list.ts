import { useCallback, useEffect, useRef, useState } from 'react'
import { dataTableConfig, type FilterOperator, type JoinOperator } from '~/shared/data-table/config'
import type { FilterField } from './filter-fields'
import {
  addFilter,
  changeField,
  changeOperator,
  changeValue,
  moveFilter,
  removeFilter,
  removeLastFilter,
  resetFilters,
  type FilterListState,
} from './filter-list-ops'
import { useThrottledCallback } from './throttle'
import { useLatest } from '~/lib/use-latest'

export interface UseFilterListOptions extends FilterListState {
  fields: FilterField[]
  onChange: (next: FilterListState) => void
}

/**
 * The filter list's state, kept in step with the URL: a local mirror of the controlled
 * `filters`/`joinOperator` (so the rows update at once), each change applied with the rule book
 * (filter-list-ops.ts) and emitted through a 50 ms throttle. Props that change from outside
 * (back button, a shared link) replace the mirror; an echo of an older emission does not.
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

  // The latest state for the actions below; commit() also sets it at once, so two actions in one
  // event see each other's result.
  const stateRef = useLatest(state)

  const commit = useCallback(
    (next: FilterListState) => {
      stateRef.current = next
      setState(next)
      produced.current = [...produced.current.slice(-50), JSON.stringify(next)]
      emit(next)
    },
    [emit, stateRef],
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
