import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { BuildingIcon, ChevronsUpDownIcon, CircleDashedIcon, PlusIcon } from 'lucide-react'
import { toast } from '~/lib/toast'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import type { RpcOutputs } from '~/lib/rpc-outputs'
import { initialSetupStep } from '~/shared/setup-step'
import { businessLabel } from './current-business'

type BusinessItem = RpcOutputs['business']['list'][number]

/**
 * The current business at the top of the sidebar, and the menu to switch to another one, add one
 * or finish setting one up. Switching stores the choice on the user (business.select), then
 * reloads everything that depends on it.
 */
export function BusinessSwitcher() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const businesses = useQuery(orpc.business.list.queryOptions())
  const allowance = useQuery(orpc.business.allowance.queryOptions())
  const addBusiness = useAddBusiness()
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

  // A business still in setup resumes its setup rather than becoming current half-done.
  const withStep = list.map((business) => ({ business, step: initialSetupStep(business, business.competitors.length) }))
  const ready = withStep.filter(({ business, step }) => step === 5 || business.isCurrent).map(({ business }) => business)
  const unfinished = withStep.filter(({ business, step }) => step < 5 && !business.isCurrent)

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
      <DropdownMenuContent align="start" className="w-72 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="flex justify-between gap-2 text-xs font-normal text-muted-foreground">
          <span>Businesses</span>
          {allowance.data && (
            <span>
              {allowance.data.used} of {allowance.data.limit}
              {allowance.data.selfHosted ? '' : ` on ${allowance.data.planName}`}
            </span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={current.id}
          onValueChange={(id) => {
            if (id !== current.id) select.mutate({ businessId: id })
          }}
        >
          {ready.map((business) => (
            <DropdownMenuRadioItem key={business.id} value={business.id}>
              <span className="truncate">{businessLabel(business)}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {unfinished.length > 0 && <UnfinishedBusinesses unfinished={unfinished} />}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void addBusiness()}>
          <PlusIcon aria-hidden="true" />
          Add business
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** Setup for a new business, or, at the plan's limit, the reason and the way to upgrade. */
function useAddBusiness() {
  const router = useRouter()
  const queryClient = useQueryClient()
  return async function addBusiness() {
    try {
      const room = await queryClient.fetchQuery({ ...orpc.business.allowance.queryOptions(), staleTime: 0 })
      if (room.canAdd) return void router.navigate({ to: '/setup', search: { business: 'new' } })
      const { action } = room
      toast.error('No room for another business', {
        description: room.message ?? undefined,
        ...(action ? { action: { label: action.label, onClick: () => void router.navigate({ href: action.path }) } } : {}),
      })
    } catch (error) {
      toast.error('Could not check your plan’s business limit', { description: (error as Error).message })
    }
  }
}

/** Businesses whose setup is not finished, each resuming its setup at its step. */
function UnfinishedBusinesses({ unfinished }: { unfinished: { business: BusinessItem; step: number }[] }) {
  return (
    <DropdownMenuGroup aria-label="Setup not finished">
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Setup not finished</DropdownMenuLabel>
      {unfinished.map(({ business, step }) => (
        <DropdownMenuItem key={business.id} asChild>
          <Link to="/setup" search={{ business: business.id }}>
            <CircleDashedIcon aria-hidden="true" className="text-muted-foreground" />
            <span className="min-w-0 flex-1 truncate">{businessLabel(business)}</span>
            <span className="shrink-0 text-xs text-muted-foreground">Step {step} of 5</span>
          </Link>
        </DropdownMenuItem>
      ))}
    </DropdownMenuGroup>
  )
}
