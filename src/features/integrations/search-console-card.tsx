import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { AlertTriangleIcon, SearchCheckIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import { connectSearchConsole } from '~/features/public/google-auth'
import { useGoogleConfigured } from '~/features/public/start-ranking'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { JobProgress } from '~/features/jobs/job-progress'
import { formatDay } from '~/features/performance/performance-format'
import { propertyLabel } from '~/shared/search-console-property'
import { formatDateTime, integrationListQuery, type IntegrationList } from './integrations-queries'

/**
 * Google Search Console on /integrations (docs/product/search-console.md): connect a Google account
 * (any address: the one that manages the site), choose the property this business reads (the one
 * covering its site is suggested), confirm, and see its state: syncing, last sync, or that access
 * was lost, with a way to reconnect. Google's refusals come back here (`?searchConsole=error`).
 */

/** What Google's refusals mean to the user (better-auth's `error` codes on the way back). */
function linkErrorMessage(code: string | undefined) {
  if (code === 'access_denied') return 'Google was not given access. Connect again and allow read access to Search Console.'
  if (code === 'state_mismatch' || code === 'state_not_found')
    return 'The connection took too long or was opened in another tab. Connect again.'
  return `Google did not link the account${code ? ` (${code.replace(/_/g, ' ')})` : ''}. Connect again; if it keeps failing, sign out of Google and retry.`
}

type Reason = string | undefined
const reasonOf = (error: unknown): Reason => (error as { data?: { reason?: string } } | null)?.data?.reason

export function SearchConsoleCard({ businessId, searchConsole }: { businessId: string; searchConsole: IntegrationList['searchConsole'] }) {
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> })
  const navigate = useNavigate()
  const returned = typeof search.searchConsole === 'string' ? search.searchConsole : undefined
  const linkError = returned === 'error' ? linkErrorMessage(typeof search.error === 'string' ? search.error : undefined) : null
  const [choosing, setChoosing] = useState(false)
  const connected = Boolean(searchConsole) && !searchConsole?.needsReconnect
  const showChooser = !linkError && (!connected || choosing)

  const clearReturn = () => {
    if (returned) void navigate({ to: '/integrations', search: {}, replace: true })
  }

  return (
    <Card data-testid="search-console-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="flex items-center gap-2 text-base">
            <SearchCheckIcon aria-hidden className="size-4 text-violet-300" />
            Search Console
          </CardTitle>
          {searchConsole?.needsReconnect ? (
            <Badge variant="destructive">Reconnect needed</Badge>
          ) : searchConsole ? (
            <Badge variant="success">Connected</Badge>
          ) : (
            <Badge variant="outline" className="text-muted-foreground">
              Not connected
            </Badge>
          )}
        </div>
        <CardDescription>The searches that already bring you visitors, read-only.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {searchConsole && (
          <dl className="grid gap-2 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Property</dt>
              <dd className="font-medium break-all">{propertyLabel(searchConsole.siteUrl)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last sync</dt>
              <dd className="font-medium">
                {searchConsole.lastSyncAt
                  ? formatDateTime(searchConsole.lastSyncAt)
                  : searchConsole.syncStatus === 'syncing'
                    ? 'Importing now'
                    : 'Not synced yet'}
              </dd>
            </div>
          </dl>
        )}
        {searchConsole?.syncStatus === 'syncing' && <ImportProgress connection={searchConsole} />}
        {searchConsole?.needsReconnect && (
          <Alert variant="destructive" role="alert" icon={<AlertTriangleIcon aria-hidden />}>
            <div className="space-y-3">
              <AlertTitle>Google no longer gives access to this property</AlertTitle>
              <AlertDescription>
                {searchConsole.lastError ?? 'Access was removed or has expired.'} The daily sync is paused: Performance shows the numbers up
                to the last sync.
              </AlertDescription>
              <ConnectGoogleButton label="Reconnect Search Console" />
            </div>
          </Alert>
        )}
        {linkError && <LinkProblem message={linkError} onDismiss={clearReturn} />}
        {showChooser ? (
          <PropertyChooser
            businessId={businessId}
            current={searchConsole?.siteUrl ?? null}
            reconnectShown={Boolean(searchConsole?.needsReconnect)}
            onDone={() => {
              setChoosing(false)
              clearReturn()
            }}
            onCancel={connected ? () => setChoosing(false) : undefined}
          />
        ) : (
          connected && (
            <Button variant="outline" size="sm" onClick={() => setChoosing(true)}>
              Change property
            </Button>
          )
        )}
      </CardContent>
    </Card>
  )
}

/**
 * The first import of a property (16 months, a month at a time): its job's progress bar, step and
 * time left while it runs; otherwise (queued behind others, or between attempts) how far it got.
 */
function ImportProgress({ connection }: { connection: NonNullable<IntegrationList['searchConsole']> }) {
  if (connection.syncJobId) return <JobProgress jobId={connection.syncJobId} label="Importing 16 months of Search Console data" />
  return (
    <p role="status" className="text-muted-foreground">
      Importing 16 months of Search Console data
      {connection.syncedThrough ? `: done through ${formatDay(connection.syncedThrough)}.` : '; it starts in a moment.'}
    </p>
  )
}

function ConnectGoogleButton({ label = 'Connect Search Console' }: { label?: string }) {
  const { appUrl, google } = useGoogleConfigured()
  const [pending, setPending] = useState(false)
  if (!google) {
    return (
      <p className="text-muted-foreground">
        Search Console needs Google sign-in on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (README).
      </p>
    )
  }
  async function connect() {
    setPending(true)
    const result = await connectSearchConsole(appUrl).catch(() => ({ ok: false as const, message: 'Check your connection and try again.' }))
    if (!result.ok) {
      toast.error('Could not connect Search Console', { description: result.message })
      setPending(false)
    }
  }
  return (
    <Button size="sm" onClick={connect} disabled={pending} aria-busy={pending || undefined}>
      {pending && <Spinner />}
      {label}
    </Button>
  )
}

function LinkProblem({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert variant="destructive" role="alert" icon={<AlertTriangleIcon aria-hidden />}>
      <div className="space-y-3">
        <AlertTitle>Google did not link the account</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
        <div className="flex flex-wrap gap-2">
          <ConnectGoogleButton label="Connect again" />
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
    </Alert>
  )
}

/** The account's properties, the suggested one first chosen; Use this property saves it and starts the import. */
function PropertyChooser(props: {
  businessId: string
  current: string | null
  /** The card already says Google refused the saved access, with Reconnect: the same refusal here adds nothing. */
  reconnectShown: boolean
  onDone: () => void
  onCancel?: () => void
}) {
  const queryClient = useQueryClient()
  const groupId = useId()
  const properties = useQuery({
    ...orpc.gsc.properties.queryOptions({ input: { businessId: props.businessId } }),
    retry: false,
    meta: { inlineError: true },
  })
  const [picked, setPicked] = useState<string | null>(null)
  const select = useMutation(
    orpc.gsc.select.mutationOptions({
      onSuccess: async (result) => {
        toast.success('Search Console connected', {
          description: `${result.connection ? propertyLabel(result.connection.siteUrl) : 'The property'}: importing 16 months of searches. /performance shows them as they arrive.`,
        })
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: integrationListQuery(props.businessId).queryKey }),
          queryClient.invalidateQueries({ queryKey: orpc.gsc.key() }),
        ])
        props.onDone()
      },
    }),
  )

  if (properties.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Looking for your Search Console properties…
      </p>
    )
  }
  if (properties.isError) {
    const reason = reasonOf(properties.error)
    if (reason === 'GSC_RECONNECT' && props.reconnectShown) return null
    return <PropertiesError message={properties.error.message} reason={reason} onRetry={() => properties.refetch()} />
  }

  if (properties.data.google === 'not-linked') {
    return (
      <div className="space-y-3">
        <p className="text-muted-foreground">
          Connect the Google account that manages your site in Search Console (it may be another address than the one you sign in with).
          Rankpilot only reads: clicks, impressions and positions.
        </p>
        <ConnectGoogleButton />
      </div>
    )
  }
  if (properties.data.google === 'scope-missing') {
    return (
      <Alert variant="destructive" role="alert" icon={<AlertTriangleIcon aria-hidden />}>
        <div className="space-y-3">
          <AlertDescription>
            Your Google account did not give read access to Search Console. Connect Search Console again and allow it.
          </AlertDescription>
          <ConnectGoogleButton label="Connect Search Console" />
        </div>
      </Alert>
    )
  }

  const list = properties.data.properties
  const chosen = picked ?? props.current ?? properties.data.suggested ?? list[0]?.siteUrl ?? null
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen) select.mutate({ businessId: props.businessId, siteUrl: chosen })
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">Choose the property this business reads its searches from</legend>
        {list.map((property, index) => (
          <PropertyOption
            key={property.siteUrl}
            id={`${groupId}-${index}`}
            groupId={groupId}
            property={property}
            checked={chosen === property.siteUrl}
            onPick={() => setPicked(property.siteUrl)}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!chosen || select.isPending} aria-busy={select.isPending || undefined}>
          {select.isPending && <Spinner />}
          Use this property
        </Button>
        {props.onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

/** Google refused the property list: try again when it was unavailable, otherwise reconnect. */
function PropertiesError({ message, reason, onRetry }: { message: string; reason: Reason; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert" icon={<AlertTriangleIcon aria-hidden />}>
      <div className="space-y-3">
        <AlertDescription>{message}</AlertDescription>
        <div className="flex flex-wrap gap-2">
          {reason === 'GSC_UNAVAILABLE' ? (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          ) : (
            <ConnectGoogleButton label="Reconnect Search Console" />
          )}
        </div>
      </div>
    </Alert>
  )
}

/** One Search Console property as a radio: its address, its kind, the access level and whether it is suggested. */
function PropertyOption({
  id,
  groupId,
  property,
  checked,
  onPick,
}: {
  id: string
  groupId: string
  property: { siteUrl: string; type: string; permissionLevel: string; suggested?: boolean }
  checked: boolean
  onPick: () => void
}) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-violet-400"
    >
      <input
        id={id}
        type="radio"
        name={groupId}
        value={property.siteUrl}
        checked={checked}
        onChange={onPick}
        className="mt-1 accent-violet-500"
      />
      <span className="min-w-0">
        <span className="block font-medium break-all">{propertyLabel(property.siteUrl)}</span>
        <span className="text-xs text-muted-foreground">
          {property.type === 'domain' ? 'Domain property' : 'URL-prefix property'} ·{' '}
          {property.permissionLevel
            .replace(/^site/, '')
            .replace(/([A-Z])/g, ' $1')
            .trim()
            .toLowerCase()}
          {property.suggested && ' · suggested: it covers your website'}
        </span>
      </span>
    </label>
  )
}
