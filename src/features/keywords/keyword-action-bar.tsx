import type { Table } from '@tanstack/react-table'
import { ArchiveIcon, BanIcon, ChevronDownIcon, CircleDashedIcon, Trash2Icon } from 'lucide-react'
import { DataTableActionBar, DataTableActionBarAction } from '~/components/data-table/data-table-action-bar'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '~/components/ui/dropdown-menu'
import { KEYWORD_STATUS_LABELS, KEYWORD_STATUSES } from '~/shared/keywords'
import type { KeywordBulkActions } from './use-keyword-bulk-actions'

interface KeywordActionBarProps<TData> {
  table: Table<TData>
  actions: KeywordBulkActions
  /** Opens the "Delete N keywords?" confirmation. */
  onDelete: () => void
  /** Excludes the selected keywords for good (research never plans them again). */
  onExclude?: (ids: string[]) => void
  excluding?: boolean
}

/**
 * The bulk actions on the selected keywords: Change status, Archive, Exclude, Delete. "Published"
 * is not offered: a keyword is published when its article is.
 */
export function KeywordActionBar<TData>({ table, actions, onDelete, onExclude, excluding = false }: KeywordActionBarProps<TData>) {
  const ids = () => Object.keys(table.getState().rowSelection)
  const busy = actions.pending.status || actions.pending.archive || actions.pending.delete
  return (
    <DataTableActionBar table={table}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <DataTableActionBarAction isPending={actions.pending.status} disabled={busy}>
            <CircleDashedIcon aria-hidden="true" />
            Change status
            <ChevronDownIcon aria-hidden="true" />
          </DataTableActionBarAction>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="center" side="top">
          {KEYWORD_STATUSES.filter((status) => status !== 'published').map((status) => (
            <DropdownMenuItem key={status} onSelect={() => actions.changeStatus(ids(), status)}>
              {KEYWORD_STATUS_LABELS[status]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DataTableActionBarAction isPending={actions.pending.archive} disabled={busy} onClick={() => actions.archive(ids())}>
        <ArchiveIcon aria-hidden="true" />
        Archive
      </DataTableActionBarAction>
      {onExclude && (
        <DataTableActionBarAction isPending={excluding} disabled={busy || excluding} onClick={() => onExclude(ids())}>
          <BanIcon aria-hidden="true" />
          Exclude
        </DataTableActionBarAction>
      )}
      <DataTableActionBarAction isPending={actions.pending.delete} disabled={busy} onClick={onDelete}>
        <Trash2Icon aria-hidden="true" />
        Delete
      </DataTableActionBarAction>
    </DataTableActionBar>
  )
}
