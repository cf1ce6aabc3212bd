import {
  ARTICLE_FILTER_FIELDS,
  ARTICLE_SORTABLE_COLUMNS,
  ARTICLES_DEFAULT_SORT,
  ARTICLES_PAGE_SIZE,
  ARTICLES_PAGE_SIZE_OPTIONS,
} from '~/shared/articles/article-table'
import { parseTableSearch, tableSearchToUrl, type TableUrlSearch } from '~/shared/data-table/search-state'
import { tableRules, type TableSearch } from '~/shared/data-table/table-rules'

/** The Content list's search-state rules: the same options article.list's input is built with. */
export const ARTICLES_TABLE = tableRules({
  fields: ARTICLE_FILTER_FIELDS,
  sortable: ARTICLE_SORTABLE_COLUMNS,
  defaultSort: ARTICLES_DEFAULT_SORT,
  defaultPerPage: ARTICLES_PAGE_SIZE,
  pageSizes: ARTICLES_PAGE_SIZE_OPTIONS,
})

export type ContentView = 'calendar' | 'list'

/** /content's URL: the view, the calendar's month (YYYY-MM) and the list's table state; defaults left out. */
export type ContentUrlSearch = TableUrlSearch & { view?: 'list'; month?: string }

export interface ContentSearch {
  view: ContentView
  /** null: the current month. */
  month: string | null
  table: TableSearch
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** The month a date falls in (UTC, like the plan's days), as YYYY-MM. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7)

/**
 * The month the calendar opens on when none is asked for: the current one, unless it has nothing
 * left and the next planned day (the calendar's `nextPlanned`, from today on) is in a later month.
 */
export function openingMonth(current: string, nextPlanned: Date | string | null | undefined): string {
  if (!nextPlanned) return current
  const next = monthOf(new Date(nextPlanned))
  return next > current ? next : current
}

/** The month `offset` months from `month`. */
export function shiftMonth(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(year!, index! - 1 + offset, 1)))
}

/** Never throws: a bad view or month falls back to the calendar of the current month, a bad table value to its default. */
export function parseContentSearch(raw: Record<string, unknown>): ContentSearch {
  const month =
    typeof raw.month === 'string' && MONTH.test(raw.month) && Number(raw.month.slice(0, 4)) >= 2000 && Number(raw.month.slice(0, 4)) <= 2100
      ? raw.month
      : null
  return { view: raw.view === 'list' ? 'list' : 'calendar', month, table: parseTableSearch(raw, ARTICLES_TABLE) }
}

export function contentSearchToUrl(search: ContentSearch): ContentUrlSearch {
  return {
    ...(search.view === 'list' ? { view: 'list' as const } : {}),
    ...(search.month ? { month: search.month } : {}),
    ...(search.view === 'list' ? tableSearchToUrl(search.table, ARTICLES_TABLE.defaults) : {}),
  }
}

export const validateContentSearch = (raw: Record<string, unknown>): ContentUrlSearch => contentSearchToUrl(parseContentSearch(raw))
