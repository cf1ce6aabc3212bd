import { useMutation, useQueryClient, useSuspenseQuery, type Query } from '@tanstack/react-query'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import { LockIcon } from 'lucide-react'
import { AlertDialog } from 'radix-ui'
import { useState, type FormEvent } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { businessListQuery } from '~/features/settings/settings-queries'
import { businessLabel } from '~/shared/business-name'
import { DEMO_BUSINESS_LOCKED, isDemoAccount } from '~/shared/demo-account'
import { initialSetupStep } from '~/shared/setup-step'

const appRoute = getRouteApi('/_app')

/**
 * Deletes the current business with everything in it (business.delete), once its name is typed;
 * the server checks the name too. The app then works on another business, or goes to setup when
 * none is left.
 */
export function DeleteBusinessCard() {
  const { user } = appRoute.useRouteContext()
  const { data: businesses } = useSuspenseQuery(businessListQuery())
  const current = businesses.find((business) => business.isCurrent)
  if (!current) return null
  const name = businessLabel(current)
  // The demo's own business (its first) is what every visitor comes to see.
  const locked = isDemoAccount(user) && businesses[0]?.id === current.id
  // Where the app goes afterwards (the server's rule): the oldest other business with setup finished, else setup.
  const next = businesses.find((business) => business.id !== current.id && initialSetupStep(business, business.competitors.length) === 5)

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete business</CardTitle>
        <CardDescription>
          Permanently deletes {name} with its keywords, articles, competitors, jobs and images.{' '}
          {next ? `You then work on ${businessLabel(next)}.` : 'You then go to setup.'} This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {locked && (
          <Alert icon={<LockIcon aria-hidden />}>
            <AlertTitle>Shared demo business</AlertTitle>
            <AlertDescription>{DEMO_BUSINESS_LOCKED}</AlertDescription>
          </Alert>
        )}
        <DeleteBusinessDialog businessId={current.id} name={name} disabled={locked} />
      </CardContent>
    </Card>
  )
}

/** Whether a query's key (oRPC's `[path, { input }]`) names the business by id. */
export function namesBusiness(queryKey: readonly unknown[], businessId: string) {
  const options = queryKey[1] as { input?: unknown } | undefined
  const input = options?.input as { businessId?: unknown } | undefined
  return typeof input === 'object' && input !== null && input.businessId === businessId
}

/**
 * The typed confirmation and the call. Afterwards the app goes to `then` (the page that shows the
 * business now current), or to setup when no set-up business is left.
 */
export function DeleteBusinessDialog({
  businessId,
  name,
  disabled = false,
  then = '/settings',
  triggerLabel = 'Delete business…',
  triggerVariant = 'destructive',
}: {
  businessId: string
  name: string
  disabled?: boolean
  then?: '/settings' | '/content'
  triggerLabel?: string
  triggerVariant?: 'destructive' | 'ghost'
}) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string>()
  const matches = typed.trim() === name

  const remove = useMutation(
    orpc.business.delete.mutationOptions({
      onSuccess: async (result) => {
        setOpen(false)
        toast.success(`${name} is deleted`)
        const ofOthers = (query: Query) => !namesBusiness(query.queryKey, businessId)
        // Setup's own state named the deleted business: asked afresh if the app goes to setup.
        queryClient.removeQueries({ queryKey: orpc.setup.state.key() })
        // Leave the deleted business's pages, then re-run the gate (the session carries the new
        // selection, or none) and refetch everything but what names the deleted business: a query
        // of its page still mounted while the next page renders would only answer NOT_FOUND.
        await router.navigate({ to: result.selectedBusiness ? then : '/setup' })
        await Promise.all([router.invalidate(), queryClient.invalidateQueries({ predicate: ofOthers })])
        queryClient.removeQueries({ predicate: (query) => !ofOthers(query), type: 'inactive' })
      },
      onError: (failure) => setError(failure.message),
    }),
  )

  function onOpenChange(next: boolean) {
    if (remove.isPending) return
    setOpen(next)
    if (!next) {
      setTyped('')
      setError(undefined)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!matches) return setError(`Type ${name} to confirm.`)
    setError(undefined)
    remove.mutate({ businessId, confirmation: typed })
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger disabled={disabled} className={buttonVariants({ variant: triggerVariant, className: 'justify-self-start' })}>
        {triggerLabel}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <AlertDialog.Title className="text-lg font-semibold break-words">Delete {name}?</AlertDialog.Title>
            <AlertDialog.Description className="text-sm break-words text-muted-foreground">
              Its keywords, articles, competitors, jobs and images are deleted for good. Type{' '}
              <strong className="font-semibold text-foreground">{name}</strong> to confirm.
            </AlertDialog.Description>
            <FormField
              label="Business name"
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            {error && (
              <p role="alert" className="text-sm text-red-300">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })} disabled={remove.isPending}>
                Cancel
              </AlertDialog.Cancel>
              <SubmitButton variant="destructive" pending={remove.isPending} pendingLabel="Deleting…" disabled={!matches}>
                Delete business
              </SubmitButton>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
