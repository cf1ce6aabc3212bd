import type { z } from 'zod'
import { CONNECTOR_SCHEMAS, CONNECTORS, webhookEventsSchema, type ConnectorType, type WebhookEvent } from '~/shared/integrations'
import type { FieldErrors } from '~/features/settings/form-errors'

/**
 * A connector's form (src/shared/integrations.ts): its values by field name, split into what
 * integration.connect takes (config and secrets), checked with the same schemas the server uses.
 */

export type FieldValues = Record<string, string>

export interface ConnectorPayload {
  config: Record<string, string>
  secrets: Record<string, string>
}

/** The form's starting values: the connection's non-secret fields as saved; secrets always start empty. */
export function initialValues(type: ConnectorType, saved?: Record<string, string>): FieldValues {
  return Object.fromEntries(CONNECTORS[type].fields.map((field) => [field.name, field.secret ? '' : (saved?.[field.name] ?? '')]))
}

/** The values as integration.connect takes them: non-secret fields in config, secret ones in secrets. */
export function splitValues(type: ConnectorType, values: FieldValues): ConnectorPayload {
  const payload: ConnectorPayload = { config: {}, secrets: {} }
  for (const field of CONNECTORS[type].fields) payload[field.secret ? 'secrets' : 'config'][field.name] = values[field.name] ?? ''
  return payload
}

function firstPerField(issues: readonly z.core.$ZodIssue[], errors: FieldErrors) {
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '')
    if (name && !(name in errors)) errors[name] = issue.message
  }
}

/**
 * The fields the server would refuse, by name. A secret left empty on a saved connection is kept
 * by the server (`hasSaved`), so it is not checked here; the webhook's secret may be empty (the
 * server generates one).
 */
export function validateConnector(type: ConnectorType, values: FieldValues, options: { hasSaved?: (name: string) => boolean } = {}) {
  const { config, secrets } = splitValues(type, values)
  const schemas = CONNECTOR_SCHEMAS[type]
  const errors: FieldErrors = {}
  const configResult = schemas.config.safeParse(config)
  if (!configResult.success) firstPerField(configResult.error.issues, errors)
  const secretsResult = schemas.secrets.safeParse(secrets)
  if (!secretsResult.success) {
    const kept = (name: string) => (secrets[name] ?? '').trim() === '' && Boolean(options.hasSaved?.(name))
    firstPerField(
      secretsResult.error.issues.filter((issue) => !kept(String(issue.path[0]))),
      errors,
    )
  }
  return errors
}

/** The field name the webhook's "Events to send" errors are reported under. */
export const EVENTS_FIELD = 'events'

/** The webhook's chosen events as the server checks them: an error under EVENTS_FIELD, or none. */
export function validateEvents(events: readonly WebhookEvent[]): FieldErrors {
  const result = webhookEventsSchema.safeParse(events)
  return result.success ? {} : { [EVENTS_FIELD]: result.error.issues[0]!.message }
}

/**
 * The field errors integration.connect sent back (BAD_REQUEST, data.issues with paths
 * ['config', name], ['secrets', name], ['events', …] or ['fieldMap', part]), by field name
 * (`fieldMap.<part>` for Webflow's field map); null when the error is not about fields.
 */
export function connectorServerErrors(error: unknown): FieldErrors | null {
  const issues = (error as { data?: { issues?: readonly { message: string; path?: readonly PropertyKey[] }[] } } | null)?.data?.issues
  if (!Array.isArray(issues)) return null
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const [group, name] = issue.path ?? []
    if (group === EVENTS_FIELD && !(EVENTS_FIELD in errors)) errors[EVENTS_FIELD] = issue.message
    // Webflow's field map: one error per part of the article, under 'fieldMap.<part>'.
    if (group === 'fieldMap' && name !== undefined && !(`fieldMap.${String(name)}` in errors))
      errors[`fieldMap.${String(name)}`] = issue.message
    if ((group === 'config' || group === 'secrets') && name !== undefined && !(String(name) in errors)) errors[String(name)] = issue.message
  }
  return Object.keys(errors).length > 0 ? errors : null
}
