import { describe, expect, it } from 'vitest'
import type { TableSearch } from '~/shared/data-table/search-state'
import { applyPaginationUpdate, applySortingUpdate, clampPage, searchToPagination, searchToSorting } from './use-data-table'

const search: TableSearch = {
  page: 3,
  perPage: 20,
  sort: [{ id: 'createdAt', desc: true }],
  filters: [{ id: 'keyword', value: 'seo', variant: 'text', operator: 'iLike', filterId: 'abcdefgh' }],
  joinOperator: 'or',
}

describe('search → table state', () => {
  it('maps the 1-based page to a 0-based pageIndex and perPage to pageSize', () => {
    expect(searchToPagination(search)).toEqual({ pageIndex: 2, pageSize: 20 })
    expect(searchToPagination({ page: 1, perPage: 10 })).toEqual({ pageIndex: 0, pageSize: 10 })
  })

  it('never yields a negative pageIndex', () => {
    expect(searchToPagination({ page: 0, perPage: 10 }).pageIndex).toBe(0)
  })

  it('maps sort items to the sorting state', () => {
    expect(
      searchToSorting({
        sort: [
          { id: 'a', desc: false },
          { id: 'b', desc: true },
        ],
      }),
    ).toEqual([
      { id: 'a', desc: false },
      { id: 'b', desc: true },
    ])
  })
})

describe('table updaters → next search', () => {
  it('moves to another page and keeps everything else', () => {
    const next = applyPaginationUpdate(search, (old) => ({ ...old, pageIndex: old.pageIndex + 1 }))
    expect(next).toEqual({ ...search, page: 4 })
  })

  it('accepts a plain value as the updater', () => {
    expect(applyPaginationUpdate(search, { pageIndex: 0, pageSize: 20 }).page).toBe(1)
  })

  it('goes back to page 1 when the page size changes', () => {
    const next = applyPaginationUpdate(search, (old) => ({ ...old, pageSize: 50 }))
    expect(next).toEqual({ ...search, perPage: 50, page: 1 })
  })

  it('goes back to page 1 when the sort changes', () => {
    const next = applySortingUpdate(search, [{ id: 'keyword', desc: false }])
    expect(next).toEqual({ ...search, sort: [{ id: 'keyword', desc: false }], page: 1 })
  })

  it('passes the current sorting to a function updater (Reset clears that column)', () => {
    const withTwo = {
      ...search,
      sort: [
        { id: 'createdAt', desc: true },
        { id: 'keyword', desc: false },
      ],
    }
    const next = applySortingUpdate(withTwo, (old) => old.filter((item) => item.id !== 'keyword'))
    expect(next.sort).toEqual([{ id: 'createdAt', desc: true }])
    expect(next.page).toBe(1)
  })

  it('falls back to the table’s default order when the last sorted column is reset', () => {
    const defaultSort = [{ id: 'createdAt', desc: true }]
    const sorted = { ...search, sort: [{ id: 'keyword', desc: false }] }
    expect(applySortingUpdate(sorted, [], defaultSort).sort).toEqual(defaultSort)
    expect(applySortingUpdate(sorted, [{ id: 'difficulty', desc: true }], defaultSort).sort).toEqual([{ id: 'difficulty', desc: true }])
    expect(applySortingUpdate(sorted, []).sort).toEqual([])
  })

  it('keeps filters and the join operator untouched', () => {
    const next = applySortingUpdate(search, [])
    expect(next.filters).toBe(search.filters)
    expect(next.joinOperator).toBe('or')
  })
})

describe('clampPage', () => {
  it('sends a page past the last one to the last one', () => {
    expect(clampPage(6, 5)).toBe(5)
    expect(clampPage(999, 30)).toBe(30)
  })

  it('sends any page to 1 when nothing matches', () => {
    expect(clampPage(3, 0)).toBe(1)
  })

  it('leaves a page within range, and any page while the count is unknown', () => {
    expect(clampPage(1, 0)).toBeNull()
    expect(clampPage(5, 5)).toBeNull()
    expect(clampPage(999, undefined)).toBeNull()
  })
})
