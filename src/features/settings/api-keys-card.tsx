import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { BookOpenIcon, KeyRoundIcon, LockIcon } from 'lucide-react'
import { AlertDialog } from 'radix-ui'
import { useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Separator } from '~/components/ui/separator'
import { Spinner } from '~/components/ui/spinner'
import { orpc } from '~/lib/orpc'
import type { RpcOutputs } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { API_SCOPE_LABELS, DEMO_API_KEYS_LOCKED } from '~/shared/api-keys'
import { isDemoAccount } from '~/shared/demo-account'
import { CreateApiKeyForm } from './create-api-key-form'
import { apiKeyListQuery } from './settings-queries'

const appRoute = getRouteApi('/_app')

type ApiKeySummary = RpcOutputs['apiKey']['list'][number]

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
const formatDay = (date: Date | string) => day.format(new Date(date))

/**
 * Settings → API keys (docs/product/api.md): create a key for the public API (shown once), see
 * each key's scopes, last use and expiry, and revoke one after confirming.
 */
export function ApiKeysCard() {
  const { user } = appRoute.useRouteContext()
  const { data: keys } = useSuspenseQuery(apiKeyListQuery())
  const locked = isDemoAccount(user)

  return (
    <Card id="api-keys" className="scroll-mt-20">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>API keys</CardTitle>
          <CardDescription>
            Let your own scripts and tools use the API. A key acts as you: your businesses, under your plan, with the scopes you give it.
          </CardDescription>
        </div>
        <a href="/docs/api" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <BookOpenIcon aria-hidden />
          API reference
        </a>
      </CardHeader>
      <CardContent className="grid gap-6">
        {locked && (
          <Alert icon={<LockIcon aria-hidden />}>
            <AlertTitle>Shared demo account</AlertTitle>
            <AlertDescription>{DEMO_API_KEYS_LOCKED}</AlertDescription>
          </Alert>
        )}
        <CreateApiKeyForm disabled={locked} />
        <Separator />
        <section aria-labelledby="api-keys-list-heading" className="grid gap-3">
          <h3 id="api-keys-list-heading" className="text-sm font-medium">
            Your keys
          </h3>
          {keys.length === 0 ? (
            <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
              No API keys yet. Create one above to call the API from your own tools.
            </p>
          ) : (
            <ul aria-label="API keys" className="grid divide-y divide-border rounded-md border border-border">
              {keys.map((apiKey) => (
                <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  )
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeySummary }) {
  const { expired } = apiKey
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 text-sm">
      <KeyRoundIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          {apiKey.masked && <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">{apiKey.masked}</code>}
          {expired && <Badge variant="warning">Expired</Badge>}
        </p>
        <p className="flex flex-wrap gap-1" aria-label="Scopes">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary">
              {API_SCOPE_LABELS[scope].label}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-muted-foreground">
          Created {formatDay(apiKey.createdAt)} · Last used {apiKey.lastUsedAt ? formatDay(apiKey.lastUsedAt) : 'never'} ·{' '}
          {apiKey.expiresAt ? `${expired ? 'Expired' : 'Expires'} ${formatDay(apiKey.expiresAt)}` : 'Never expires'}
        </p>
      </div>
      <RevokeApiKey apiKey={apiKey} />
    </li>
  )
}

/** Revoke, after a confirmation: scripts using the key stop working at once. */
function RevokeApiKey({ apiKey }: { apiKey: ApiKeySummary }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const revoke = useMutation(
    orpc.apiKey.revoke.mutationOptions({
      onSuccess: async () => {
        setOpen(false)
        toast.success(`${apiKey.name} is revoked`)
        await queryClient.invalidateQueries({ queryKey: orpc.apiKey.key() })
      },
      onError: (error) => toast.error('Could not revoke the key', { description: error.message }),
    }),
  )
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold break-words">Revoke {apiKey.name}?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm break-words text-muted-foreground">
            Anything using this key{apiKey.masked ? ` (${apiKey.masked})` : ''} stops working at once. This cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })} disabled={revoke.isPending}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: apiKey.id })}>
              {revoke.isPending && <Spinner />}
              Revoke key
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
