import type { AnyColumnDef } from './column-meta'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { TableSearch } from '~/shared/data-table/search-state'
import { DataTable } from './data-table'
import { DataTableColumnHeader } from './data-table-column-header'
import { DataTableViewOptions } from './data-table-view-options'
import { useDataTable } from './use-data-table'

// A server render of the whole table: checks the texts and accessible names of docs/product/keywords-table.md.

interface Row {
  id: string
  name: string
  volume: number
}

const columns: AnyColumnDef<Row>[] = [
  {
    accessorKey: 'name',
    header: ({ column }) => h(DataTableColumnHeader<Row, unknown>, { column, title: 'Name' }),
    size: 200,
  },
  { accessorKey: 'volume', header: 'Volume', enableSorting: false, enableHiding: false, size: 90 },
]

const search: TableSearch = {
  page: 2,
  perPage: 20,
  sort: [{ id: 'name', desc: true }],
  filters: [],
  joinOperator: 'and',
}

function Harness({ data, pageCount }: { data: Row[]; pageCount: number }) {
  const { table } = useDataTable({
    data,
    columns,
    pageCount,
    rowCount: pageCount * 20,
    search,
    onSearchChange: () => {},
    getRowId: (row) => row.id,
    initialColumnPinning: { left: ['name'] },
  })
  return h(DataTable<Row>, { table }, h(DataTableViewOptions<Row>, { table }))
}

const render = (data: Row[], pageCount = 5) => renderToString(h(Harness, { data, pageCount }))

describe('DataTable (server render)', () => {
  it('renders header, rows, pagination and the View button', () => {
    const html = render([{ id: 'a', name: 'seo tools', volume: 1200 }])
    expect(html).toContain('seo tools')
    expect(html).toContain('1200')
    expect(html).toContain('Rows per page')
    expect(html).toMatch(/Page <!-- -->2<!-- --> of <!-- -->5/)
    for (const label of ['Go to first page', 'Go to previous page', 'Go to next page', 'Go to last page']) {
      expect(html).toContain(`aria-label="${label}"`)
    }
    expect(html).toMatch(
      /class="[^"]*hidden[^"]*lg:flex[^"]*"[^>]*aria-label="Go to first page"|aria-label="Go to first page"[^>]*class="[^"]*hidden[^"]*lg:flex/,
    )
    expect(html).toContain('View')
    expect(html).toMatch(/0 of (<!-- -->)?100(<!-- -->)? row\(s\) selected\./)
    expect(html).toContain('aria-sort="descending"')
    expect(html).toContain('Name column options, sorted descending')
    // The pinned column sticks to the left edge with its width.
    expect(html).toMatch(/position:sticky;left:0(px)?/)
    expect(html).toContain('width:200px')
  })

  it('shows "No results." spanning all columns when there are no rows', () => {
    const html = render([], 0)
    expect(html).toContain('colSpan="2"')
    expect(html).toContain('No results.')
    expect(html).toMatch(/Page <!-- -->2<!-- --> of <!-- -->1/)
  })
})
