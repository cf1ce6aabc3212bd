import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { BuildingIcon, ChevronsUpDownIcon } from 'lucide-react'
import { toast } from '~/lib/toast'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import { businessLabel } from './current-business'

/**
 * The current business at the top of the sidebar, and the menu to switch to another one.
 * Switching stores the choice on the user (business.select), then reloads everything that
 * depends on it.
 */
export function BusinessSwitcher() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const businesses = useQuery(orpc.business.list.queryOptions())
  const select = useMutation(
    orpc.business.select.mutationOptions({
      // business.select re-issues the session cookie, so re-running the route guards puts the new
      // selection in route context; every cached query belonged to the previous business.
      onSuccess: () => Promise.all([queryClient.invalidateQueries(), router.invalidate()]),
      onError: (error) => toast.error('Could not switch business', { description: error.message }),
    }),
  )

  if (businesses.isPending) {
    return (
      <div role="status" aria-label="Loading businesses" className="flex items-center gap-3 p-2">
        <Skeleton className="size-8" />
        <Skeleton className="h-4 flex-1" />
      </div>
    )
  }

  if (businesses.isError) {
    return (
      <ErrorPanel
        title="Could not load your businesses"
        error={businesses.error}
        onRetry={() => void businesses.refetch()}
        className="p-2 text-xs"
      />
    )
  }

  const list = businesses.data
  // The server marks the current business (selected, else oldest): one rule, applied once.
  const current = list.find((business) => business.isCurrent)
  if (!current) {
    return (
      <Button asChild variant="outline" className="w-full justify-start">
        <Link to="/setup">
          <BuildingIcon aria-hidden="true" />
          Set up your business
        </Link>
      </Button>
    )
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Business: ${businessLabel(current)}. Switch business`}
        disabled={select.isPending}
        className="flex w-full min-w-0 items-center gap-3 rounded-md p-2 text-left text-sm transition-colors hover:bg-accent data-[state=open]:bg-accent disabled:opacity-60"
      >
        <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-md bg-primary/20 text-violet-200">
          <BuildingIcon className="size-4" />
        </span>
        <span className="grid min-w-0 flex-1">
          <span className="truncate font-medium">{businessLabel(current)}</span>
          <span className="truncate text-xs text-muted-foreground">{current.url}</span>
        </span>
        <ChevronsUpDownIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Businesses</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={current.id}
          onValueChange={(id) => {
            if (id !== current.id) select.mutate({ businessId: id })
          }}
        >
          {list.map((business) => (
            <DropdownMenuRadioItem key={business.id} value={business.id}>
              <span className="truncate">{businessLabel(business)}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
