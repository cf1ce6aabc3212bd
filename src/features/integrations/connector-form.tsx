import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { SheetClose, SheetContent } from '~/components/ui/sheet'
import { SubmitButton } from '~/components/ui/submit-button'
import { CheckboxField } from '~/features/settings/fields'
import type { FieldErrors } from '~/features/settings/form-errors'
import { orpc } from '~/lib/orpc'
import { errorMessageOf } from '~/lib/query-client'
import {
  CONNECTORS,
  DEFAULT_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type ConnectorField,
  type ConnectorType,
  type WebhookEvent,
} from '~/shared/integrations'
import {
  connectorServerErrors,
  EVENTS_FIELD,
  initialValues,
  splitValues,
  validateConnector,
  validateEvents,
  type FieldValues,
} from './connector-form-model'
import type { ConnectionTest, Integration } from './integrations-queries'
import { fieldMapErrorKey, WebflowFieldMapFieldset } from './webflow-field-map'

export interface ConnectorFormProps {
  businessId: string
  type: ConnectorType
  /** The saved connection when editing: its fields filled in, its secrets shown masked and kept when left empty. */
  integration?: Integration
  /** After a save, which happens only once the settings passed their test (the sheet then closes). */
  onSaved: (test: Extract<ConnectionTest, { ok: true }>, details: { generatedSecret: boolean }) => void
}

/**
 * A connector's form in a side sheet (src/shared/integrations.ts): each field with its label, help
 * and placeholder, secrets as password inputs; for the webhook, the events to send. Checked with
 * the server's schemas before sending, and the server's field errors shown under the fields.
 * Connect tests the settings first and saves them only when the test passes; a failed test keeps
 * the sheet open with what was typed and the CMS's answer (an existing connection stays as it was).
 */
export function ConnectorForm({ businessId, type, integration, onSaved }: ConnectorFormProps) {
  const definition = CONNECTORS[type]
  const queryClient = useQueryClient()
  const [values, setValues] = useState<FieldValues>(() => initialValues(type, integration?.config))
  const hasEvents = type === 'webhook'
  const [events, setEvents] = useState<WebhookEvent[]>(() => integration?.events ?? DEFAULT_WEBHOOK_EVENTS)
  // Webflow: the collection's fields as the last test read them, and the map being chosen.
  const mapping = type === 'webflow' ? integration?.fieldMapping : null
  const [fieldMap, setFieldMap] = useState(() => mapping?.map)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string>()
  const savedSecret = (name: string) => Boolean(integration?.secrets[name])
  const idOf = (name: string) => `connector-${type}-${name}`

  const eventsId = useId()
  const focusFirstError = (found: FieldErrors) => {
    const first = definition.fields.find((field) => field.name in found)
    if (first) document.getElementById(idOf(first.name))?.focus()
    else if (EVENTS_FIELD in found) document.getElementById(`${eventsId}-${WEBHOOK_EVENTS[0]}`)?.focus()
    else document.querySelector<HTMLElement>('[data-testid="webflow-field-map"] [aria-invalid="true"]')?.focus()
  }
  const toggleEvent = (event: WebhookEvent, checked: boolean) => {
    setEvents((current) => WEBHOOK_EVENTS.filter((item) => (item === event ? checked : current.includes(item))))
    if (errors[EVENTS_FIELD]) setErrors(({ [EVENTS_FIELD]: _cleared, ...rest }) => rest)
  }

  const connect = useMutation(
    orpc.integration.connect.mutationOptions({
      onSuccess: async ({ test, message }) => {
        if (!test.ok) {
          setFormError(message)
          return
        }
        await queryClient.invalidateQueries({ queryKey: orpc.integration.key() })
        onSaved(test, { generatedSecret: type === 'webhook' && !values.secret?.trim() && !savedSecret('secret') })
      },
      onError: (error) => {
        const fields = connectorServerErrors(error)
        if (fields) {
          setErrors(fields)
          focusFirstError(fields)
        } else setFormError(errorMessageOf(error))
      },
    }),
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setFormError(undefined)
    const found = { ...validateConnector(type, values, { hasSaved: savedSecret }), ...(hasEvents ? validateEvents(events) : {}) }
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirstError(found)
      return
    }
    connect.mutate({
      businessId,
      type,
      ...splitValues(type, values),
      ...(hasEvents ? { events } : {}),
      ...(fieldMap ? { fieldMap } : {}),
    })
  }

  return (
    <SheetContent
      side="right"
      showTitle
      title={integration ? `Edit ${definition.label}` : `Connect ${definition.label}`}
      closeLabel="Close"
      className="w-full max-w-full sm:w-[28rem]"
    >
      <p className="text-sm text-muted-foreground">{definition.description}</p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`${definition.label} settings`}>
        {definition.fields.map((field) => (
          <ConnectorFieldInput
            key={field.name}
            id={idOf(field.name)}
            field={field}
            masked={field.secret ? integration?.secrets[field.name] : undefined}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }))
              if (errors[field.name]) setErrors(({ [field.name]: _cleared, ...rest }) => rest)
            }}
          />
        ))}
        {hasEvents && <WebhookEventsFieldset id={eventsId} events={events} error={errors[EVENTS_FIELD]} onToggle={toggleEvent} />}
        {mapping && fieldMap && (
          <WebflowFieldMapFieldset
            mapping={mapping}
            value={fieldMap}
            errors={errors}
            onChange={(target, slug) => {
              setFieldMap((current) => current && { ...current, [target]: slug })
              if (errors[fieldMapErrorKey(target)]) setErrors(({ [fieldMapErrorKey(target)]: _cleared, ...rest }) => rest)
            }}
          />
        )}
        {type === 'webflow' && !mapping && (
          <p className="text-xs text-muted-foreground">
            The collection’s fields are read when you connect: each part of the article goes to the field that fits it, and you can change
            that here with Edit.
          </p>
        )}
        {formError && (
          <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-red-200">
            {formError}
          </p>
        )}
        <ConnectorFormActions pending={connect.isPending} editing={integration !== undefined} />
      </form>
    </SheetContent>
  )
}

/** One setting of the connector: a secret as a password input, shown masked and kept when left empty. */
function ConnectorFieldInput({
  id,
  field,
  masked,
  value,
  error,
  onChange,
}: {
  id: string
  field: ConnectorField
  masked: string | undefined
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const hint = masked ? `${field.help} Leave it empty to keep the saved one.` : field.help
  return (
    <FormField
      id={id}
      name={field.name}
      label={field.optional ? `${field.label} (optional)` : field.label}
      hint={hint}
      error={error}
      type={field.secret ? 'password' : 'text'}
      autoComplete={field.secret ? 'new-password' : 'off'}
      spellCheck={false}
      placeholder={masked || field.placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/** The webhook's events, each a checkbox; at least one must stay ticked. */
function WebhookEventsFieldset({
  id,
  events,
  error,
  onToggle,
}: {
  id: string
  events: readonly WebhookEvent[]
  error?: string
  onToggle: (event: WebhookEvent, checked: boolean) => void
}) {
  return (
    <fieldset
      className="grid gap-3 rounded-md border border-border p-3"
      aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 text-sm font-medium">Events to send</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Each is a signed POST to the endpoint, with its own webhook-id. Leave Article published unticked to get notifications only: articles
        are then not published here.
      </p>
      {WEBHOOK_EVENTS.map((event) => (
        <CheckboxField
          key={event}
          id={`${id}-${event}`}
          label={WEBHOOK_EVENT_LABELS[event].label}
          hint={
            <>
              <code className="font-mono text-[0.7rem] text-violet-300">{event}</code> · {WEBHOOK_EVENT_LABELS[event].help}
            </>
          }
          checked={events.includes(event)}
          onChange={(checked) => onToggle(event, checked)}
        />
      ))}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Cancel, and the submit button that tests the settings before saving them. */
function ConnectorFormActions({ pending, editing }: { pending: boolean; editing: boolean }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <SheetClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </SheetClose>
      <SubmitButton pending={pending} pendingLabel="Testing the connection…">
        {editing ? 'Save and test' : 'Connect'}
      </SubmitButton>
    </div>
  )
}
