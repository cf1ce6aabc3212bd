import type { Table } from '@tanstack/react-table'
import { CheckIcon, ChevronsUpDownIcon, Settings2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { Button } from '~/components/ui/button'
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '~/components/ui/command'
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover'
import { cn } from '~/lib/utils'

interface DataTableViewOptionsProps<TData> {
  table: Table<TData>
  align?: 'start' | 'center' | 'end'
}

/** The "View" menu: a searchable list of the hideable columns; choosing one hides or shows it. */
export function DataTableViewOptions<TData>({ table, align = 'end' }: DataTableViewOptionsProps<TData>) {
  // TanStack memoises getAllColumns() until the column definitions change.
  const allColumns = table.getAllColumns()
  const columns = useMemo(
    () => allColumns.filter((column) => typeof column.accessorFn !== 'undefined' && column.getCanHide()),
    [allColumns],
  )

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="ml-auto h-8">
          <Settings2Icon aria-hidden="true" />
          View
          <ChevronsUpDownIcon aria-hidden="true" className="ml-auto opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align={align} className="w-44 p-0">
        <Command>
          <CommandInput placeholder="Search columns..." />
          <CommandList>
            <CommandEmpty>No columns found.</CommandEmpty>
            <CommandGroup>
              {columns.map((column) => {
                const label = column.columnDef.meta?.label ?? column.id
                const visible = column.getIsVisible()
                return (
                  <CommandItem
                    key={column.id}
                    value={label}
                    keywords={[column.id]}
                    aria-checked={visible}
                    onSelect={() => column.toggleVisibility(!visible)}
                  >
                    <span className="truncate">{label}</span>
                    <CheckIcon aria-hidden="true" className={cn('ml-auto size-4 shrink-0', visible ? 'opacity-100' : 'opacity-0')} />
                  </CommandItem>
                )
              })}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  )
}
