import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  CircleAlertIcon,
  CircleCheckIcon,
  GhostIcon,
  LayoutTemplateIcon,
  NewspaperIcon,
  NotebookTextIcon,
  PencilIcon,
  PlugZapIcon,
  ShoppingBagIcon,
  Trash2Icon,
  TriangleAlertIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react'
import { AlertDialog } from 'radix-ui'
import { useId, useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonVariants } from '~/components/ui/button'
import { Sheet } from '~/components/ui/sheet'
import { Spinner } from '~/components/ui/spinner'
import { Switch } from '~/components/ui/switch'
import { formatCount } from '~/features/format'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import {
  CONNECTORS,
  INTEGRATION_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  wordpressSeoSummary,
  type ConnectorType,
  type IntegrationStatus,
} from '~/shared/integrations'
import { ConnectorForm } from './connector-form'
import { formatDateTime, type ConnectionTest, type Integration } from './integrations-queries'
import { WebflowFieldMapSummary } from './webflow-field-map'

const ICONS: Record<ConnectorType, LucideIcon> = {
  wordpress: NewspaperIcon,
  ghost: GhostIcon,
  webflow: LayoutTemplateIcon,
  shopify: ShoppingBagIcon,
  notion: NotebookTextIcon,
  webhook: WebhookIcon,
}

const STATUS_VARIANTS: Record<IntegrationStatus, 'success' | 'destructive' | 'secondary'> = {
  working: 'success',
  broken: 'destructive',
  untested: 'secondary',
}

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl'

/** What a passed test says: the CMS account signed in as; the webhook's answer as it is. */
export function testSummary(type: ConnectorType, test: ConnectionTest) {
  if (!test.ok) return test.error
  return type === 'webhook' ? `Working: ${test.account}.` : `Signed in as ${test.account}.`
}

const attemptsText = (attempts: number) => (attempts === 1 ? '1 attempt' : `${formatCount(attempts)} attempts`)

/**
 * The webhook's latest event delivery failed (docs/product/publishing.md, "Outgoing events"): which
 * event, when and why, and where to send it again. Gone once a later delivery gets through.
 */
function FailedDeliveryAlert({ failed }: { failed: NonNullable<Integration['failedDelivery']> }) {
  return (
    <Alert variant="destructive" role="alert" icon={<TriangleAlertIcon aria-hidden />} data-testid="webhook-delivery-failed">
      <AlertTitle>The last event was not delivered</AlertTitle>
      <AlertDescription className="break-words">
        “{WEBHOOK_EVENT_LABELS[failed.event].label}” failed on {formatDateTime(failed.failedAt)} after {attemptsText(failed.attempts)}:{' '}
        {failed.error}
      </AlertDescription>
      <AlertDescription className="mt-1">
        Fix your endpoint, then send it again with Retry in History.{' '}
        <Link to="/history" search={{ kind: 'webhook' }} className="font-medium text-red-100 underline underline-offset-4">
          Open webhook events
        </Link>
      </AlertDescription>
    </Alert>
  )
}

/**
 * One publishing connector on /integrations: connected, its state (Working, Broken with the last
 * error, Not tested), when it was last checked, the articles published through it, a webhook's
 * failed event delivery, Enabled, Test connection, Edit and Remove; not connected, its Connect
 * button. Both open the form in a sheet.
 */
export function ConnectorCard({ businessId, type, integration }: { businessId: string; type: ConnectorType; integration?: Integration }) {
  const definition = CONNECTORS[type]
  const queryClient = useQueryClient()
  const headingId = useId()
  const enabledId = useId()
  const [formOpen, setFormOpen] = useState(false)
  const [removing, setRemoving] = useState(false)
  /** The result of the last Test connection or save on this page, shown until the next one. */
  const [lastTest, setLastTest] = useState<ConnectionTest>()
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.integration.key() })

  const test = useMutation(
    orpc.integration.test.mutationOptions({
      onSuccess: async (result) => {
        setLastTest(result.test)
        await refresh()
      },
    }),
  )
  const setEnabled = useMutation(orpc.integration.setEnabled.mutationOptions({ onSuccess: () => refresh() }))
  const remove = useMutation(
    orpc.integration.remove.mutationOptions({
      onSuccess: async () => {
        setRemoving(false)
        setLastTest(undefined)
        await refresh()
        toast.success(`${definition.label} removed`)
      },
    }),
  )

  /** Only a connection that passed its test is saved (a failed one keeps the form open). */
  const onSaved = (result: Extract<ConnectionTest, { ok: true }>, details: { generatedSecret: boolean }) => {
    setFormOpen(false)
    setLastTest(result)
    toast.success(`${definition.label} connected`, {
      description: details.generatedSecret
        ? `${testSummary(type, result)} A signing secret was generated for you; to verify deliveries, enter your own whsec_ secret with Edit.`
        : testSummary(type, result),
    })
  }

  const input = { businessId, type }
  // A webhook without article.published is sent events only (docs/product/publishing.md).
  const eventsOnly = type === 'webhook' && integration !== undefined && !integration.events.includes('article.published')
  // WordPress: the SEO plugin the last passing test found, and which of our fields reach it.
  const seoSummary = type === 'wordpress' && integration ? wordpressSeoSummary(integration.config) : null
  const enabled = (setEnabled.isPending ? setEnabled.variables?.enabled : undefined) ?? integration?.enabled ?? false
  // A test result is shown while the connection's state still agrees with it (a later publish may have broken it).
  const shownTest =
    lastTest && integration && (lastTest.ok ? integration.status === 'working' : integration.status === 'broken') ? lastTest : undefined

  return (
    <li
      aria-labelledby={headingId}
      data-connector={type}
      data-status={integration?.status ?? 'not-connected'}
      className="grid min-w-0 content-start gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground"
    >
      <ConnectorHeading headingId={headingId} type={type} integration={integration} />

      {integration && (
        <>
          <ConnectorFacts type={type} integration={integration} seoSummary={seoSummary} eventsOnly={eventsOnly} />

          <ConnectorTestResult type={type} integration={integration} shownTest={shownTest} />

          {integration.failedDelivery && <FailedDeliveryAlert failed={integration.failedDelivery} />}

          <EnabledSwitch
            id={enabledId}
            enabled={enabled}
            pending={setEnabled.isPending}
            eventsOnly={eventsOnly}
            onChange={(checked) => setEnabled.mutate({ ...input, enabled: checked })}
          />
        </>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        {integration ? (
          <>
            <TestConnectionButton pending={test.isPending} onTest={() => test.mutate(input)} />
            <Button type="button" size="sm" variant="outline" onClick={() => setFormOpen(true)} aria-label={`Edit ${definition.label}`}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRemoving(true)} aria-label={`Remove ${definition.label}`}>
              <Trash2Icon aria-hidden />
              Remove
            </Button>
          </>
        ) : (
          <Button type="button" size="sm" onClick={() => setFormOpen(true)} aria-label={`Connect ${definition.label}`}>
            Connect
          </Button>
        )}
      </div>

      <Sheet open={formOpen} onOpenChange={setFormOpen}>
        {formOpen && <ConnectorForm businessId={businessId} type={type} integration={integration} onSaved={onSaved} />}
      </Sheet>

      <RemoveConnectorDialog
        label={definition.label}
        open={removing}
        onOpenChange={setRemoving}
        pending={remove.isPending}
        onRemove={() => remove.mutate(input)}
      />
    </li>
  )
}

function ConnectorHeading({ headingId, type, integration }: { headingId: string; type: ConnectorType; integration?: Integration }) {
  const Icon = ICONS[type]
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-md bg-primary/15 text-violet-300">
            <Icon aria-hidden className="size-5" />
          </span>
          <h3 id={headingId} className="font-medium">
            {CONNECTORS[type].label}
          </h3>
        </div>
        {integration ? (
          <Badge variant={STATUS_VARIANTS[integration.status]} data-testid="connector-status">
            {INTEGRATION_STATUS_LABELS[integration.status]}
          </Badge>
        ) : (
          <Badge variant="outline" className="text-muted-foreground">
            Not connected
          </Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{CONNECTORS[type].description}</p>
    </>
  )
}

/** When it was last checked, what went through it, and what the connector sends and where. */
function ConnectorFacts({
  type,
  integration,
  seoSummary,
  eventsOnly,
}: {
  type: ConnectorType
  integration: Integration
  seoSummary: string | null
  eventsOnly: boolean
}) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">Last checked</dt>
        <dd className="font-medium">{integration.lastCheckedAt ? formatDateTime(integration.lastCheckedAt) : 'Never'}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Articles published</dt>
        <dd className="font-medium tabular-nums">{formatCount(integration.publishedCount)}</dd>
      </div>
      {type === 'wordpress' && seoSummary && (
        <div className="col-span-2 min-w-0" data-testid="wordpress-seo">
          <dt className="text-xs text-muted-foreground">SEO fields</dt>
          <dd className="font-medium break-words">{seoSummary}</dd>
        </div>
      )}
      {type === 'webhook' && (
        <div className="col-span-2 min-w-0" data-testid="webhook-events">
          <dt className="text-xs text-muted-foreground">Events sent</dt>
          <dd className="font-medium break-words">{integration.events.map((event) => WEBHOOK_EVENT_LABELS[event].label).join(', ')}</dd>
          {eventsOnly && <dd className="mt-1 text-xs text-muted-foreground">Events only: articles are not published here.</dd>}
        </div>
      )}
      {type === 'webflow' && integration.fieldMapping && <WebflowFieldMapSummary mapping={integration.fieldMapping} />}
      {type === 'webhook' && integration.secrets.secret && (
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-muted-foreground">Signing secret</dt>
          <dd className="font-mono text-xs break-all">{integration.secrets.secret}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">
            Never shown in full. If you left it empty, one was generated: to verify deliveries, enter your own whsec_ secret with Edit.
          </dd>
        </div>
      )}
    </dl>
  )
}

/** The last test's result while it still holds; otherwise a broken connection's last error. */
function ConnectorTestResult({
  type,
  integration,
  shownTest,
}: {
  type: ConnectorType
  integration: Integration
  shownTest?: ConnectionTest
}) {
  return (
    <>
      {shownTest ? (
        <p
          role="status"
          data-testid="connector-test-result"
          className={cn('flex items-start gap-2 text-sm', shownTest.ok ? 'text-green-300' : 'text-red-300')}
        >
          {shownTest.ok ? (
            <CircleCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          )}
          <span className="min-w-0 break-words">{testSummary(type, shownTest)}</span>
        </p>
      ) : (
        integration.status === 'broken' &&
        integration.lastError && (
          <p role="alert" className="flex items-start gap-2 text-sm text-red-300">
            <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{integration.lastError}</span>
          </p>
        )
      )}
    </>
  )
}

function EnabledSwitch({
  id,
  enabled,
  pending,
  eventsOnly,
  onChange,
}: {
  id: string
  enabled: boolean
  pending: boolean
  eventsOnly: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={enabled} disabled={pending} onCheckedChange={onChange} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          Enabled
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {!enabled
            ? 'Paused: nothing is sent here until you turn it back on.'
            : eventsOnly
              ? 'Events are sent here as they happen.'
              : 'Articles are published here on their day.'}
        </p>
      </div>
    </div>
  )
}

function RemoveConnectorDialog({
  label,
  open,
  onOpenChange,
  pending,
  onRemove,
}: {
  label: string
  open: boolean
  onOpenChange: (open: boolean) => void
  pending: boolean
  onRemove: () => void
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className={dialogClass}>
          <AlertDialog.Title className="text-lg font-semibold">Remove {label}?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            Articles stop going to {label} and its credentials are deleted. Posts already on the site stay there.
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: 'destructive' })}
              onClick={(event) => {
                // Stays open until removed, so a failure is seen beside what it was about.
                event.preventDefault()
                onRemove()
              }}
              disabled={pending}
            >
              {pending && <Spinner />}
              Remove
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

function TestConnectionButton({ pending, onTest }: { pending: boolean; onTest: () => void }) {
  return (
    <Button type="button" size="sm" variant="outline" onClick={onTest} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <Spinner /> : <PlugZapIcon aria-hidden />}
      {pending ? 'Testing…' : 'Test connection'}
    </Button>
  )
}
