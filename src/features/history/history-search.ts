import {
  HISTORY_DEFAULT_PAGE_SIZE,
  HISTORY_KINDS,
  HISTORY_PAGE_SIZES,
  HISTORY_STATUSES,
  isHistoryDay,
  type HistoryKind,
  type HistoryStatus,
} from '~/shared/history'

/**
 * The History screen's URL state (docs/product/history.md): page, rows per page, one kind, one
 * status and a day range. Read leniently, as every table route does: a part that does not fit
 * falls back to its default instead of an error page; defaults are left out of the URL.
 */
export interface HistorySearch {
  page: number
  perPage: number
  kind?: HistoryKind
  status?: HistoryStatus
  from?: string
  to?: string
}

export type HistoryUrlSearch = Partial<HistorySearch>

const numberFromUrl = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined
const dayOf = (value: unknown) => (typeof value === 'string' && isHistoryDay(value) ? value : undefined)

export function parseHistorySearch(raw: Record<string, unknown>): HistorySearch {
  const page = numberFromUrl(raw.page)
  const perPage = numberFromUrl(raw.perPage)
  let from = dayOf(raw.from)
  let to = dayOf(raw.to)
  // A reversed range is read the way it was meant.
  if (from && to && from > to) [from, to] = [to, from]
  return {
    page: typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    perPage: HISTORY_PAGE_SIZES.includes(perPage as never) ? (perPage as number) : HISTORY_DEFAULT_PAGE_SIZE,
    kind: oneOf(HISTORY_KINDS, raw.kind),
    status: oneOf(HISTORY_STATUSES, raw.status),
    from,
    to,
  }
}

export function historySearchToUrl(search: HistorySearch): HistoryUrlSearch {
  return {
    page: search.page === 1 ? undefined : search.page,
    perPage: search.perPage === HISTORY_DEFAULT_PAGE_SIZE ? undefined : search.perPage,
    kind: search.kind,
    status: search.status,
    from: search.from,
    to: search.to,
  }
}

export const hasHistoryFilters = (search: HistorySearch) => Boolean(search.kind || search.status || search.from || search.to)
