import { getCoreRowModel, useReactTable } from '@tanstack/react-table'
import type { AnyColumnDef } from './column-meta'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import { DataTableFilterList } from './data-table-filter-list'
import { filterFieldsFromTable } from './filter-fields'

// A server render of the trigger (the popover renders in a portal, in the browser only) and the
// column metadata the list reads.

interface Row {
  keyword: string
  searchVolume: number
  note: string
}

const columns: AnyColumnDef<Row>[] = [
  { accessorKey: 'keyword', enableColumnFilter: true, meta: { label: 'Keyword', variant: 'text' } },
  { accessorKey: 'searchVolume', enableColumnFilter: true, meta: { label: 'Search volume', variant: 'range', range: [0, 10000] } },
  { accessorKey: 'note', meta: { label: 'Note', variant: 'text' } },
]

const filters: FilterItem[] = [
  { id: 'keyword', value: 'seo', variant: 'text', operator: 'iLike', filterId: 'AAAAAAAA' },
  { id: 'searchVolume', value: ['10', ''], variant: 'range', operator: 'isBetween', filterId: 'BBBBBBBB' },
]

let fieldsSeen: ReturnType<typeof filterFieldsFromTable> = []

function Harness({ filters }: { filters: FilterItem[] }) {
  const table = useReactTable({ data: [], columns, getCoreRowModel: getCoreRowModel() })
  fieldsSeen = filterFieldsFromTable(table)
  return h(DataTableFilterList<Row>, { table, filters, joinOperator: 'and', onChange: () => {} })
}

describe('DataTableFilterList', () => {
  it('renders the Filter button, with the count badge when filters exist', () => {
    const empty = renderToString(h(Harness, { filters: [] }))
    expect(empty).toContain('Filter')
    expect(empty).not.toContain('Active filters')
    const some = renderToString(h(Harness, { filters }))
    expect(some).toMatch(/Active filters: <\/span>(<!-- -->)?2/)
    expect(some).toContain('aria-keyshortcuts="F"')
  })

  it('offers only columns with enableColumnFilter and a variant, with their metadata', () => {
    renderToString(h(Harness, { filters: [] }))
    expect(fieldsSeen).toEqual([
      { id: 'keyword', label: 'Keyword', variant: 'text', options: undefined, range: undefined, unit: undefined, placeholder: undefined },
      {
        id: 'searchVolume',
        label: 'Search volume',
        variant: 'range',
        options: undefined,
        range: [0, 10000],
        unit: undefined,
        placeholder: undefined,
      },
    ])
  })
})
