import { randomBytes } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, count, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { publication, publishing } from '~/server/db/schema'
import { connectionOf } from '~/server/gsc/properties.service'
import { logger } from '~/server/logger'
import { ProviderError, type FailureClassifier } from '~/server/providers/http'
import { RPC_ERRORS, type AppErrorData } from '~/server/rpc/errors'
import { appError } from '~/server/rpc/errors'
import { maskSecret } from '~/shared/secrets'
import { webflowFieldMapSchema, webflowFieldSchema, type WebflowCollectionField, type WebflowFieldMap } from '~/shared/webflow-fields'
import {
  CONNECTOR_SCHEMAS,
  CONNECTOR_TYPES,
  CONNECTORS,
  DEFAULT_WEBHOOK_EVENTS,
  webhookEventsSchema,
  type ConnectorType,
  type IntegrationStatus,
  type WebhookEvent,
} from '~/shared/integrations'
import type { Connector, ConnectorContext } from './connector'
import { appConnectorFetch } from './connector-fetch'
import { connectorClient } from './connectors'
import { DecryptionError, decryptSecret, encryptionKeys, encryptSecret, needsReencryption, type EncryptionKeys } from './crypto'
import { failedDeliveries, type FailedDelivery } from './failed-deliveries'
import { INTEGRATION_ERRORS } from './publishing.errors'
import { recordHistory } from '~/server/history/record'

/**
 * The publishing targets of a business (docs/product/publishing.md): connect (validated,
 * credentials encrypted with the business and type as additional data, then tested), test, enable or
 * disable, remove. Credentials never leave the server: a view carries them masked.
 */

/** The row type of a feed token: it lives beside the connectors, one per business. */
export const FEED_TYPE = 'feed'

export interface PublishingDeps {
  keys: EncryptionKeys
  /**
   * The fetch a connector talks to its CMS with (tests answer it with the vendor's mock), reading
   * failures with the connector's own classifier first (connectors/failures.ts).
   */
  fetchFor: (provider: string, credentialsHint: string, classifyFailure?: FailureClassifier) => typeof fetch
  connector: <T extends ConnectorType>(type: T) => Connector<T> | undefined
}

export function appPublishingDeps(): PublishingDeps {
  return { keys: encryptionKeys(env()), fetchFor: appConnectorFetch, connector: connectorClient }
}

type PublishingRow = typeof publishing.$inferSelect

export interface IntegrationView {
  id: string
  type: ConnectorType
  enabled: boolean
  status: IntegrationStatus
  lastError: string | null
  lastCheckedAt: Date | null
  /** The non-secret fields as entered. */
  config: Record<string, string>
  /** Each secret field, masked ("••••wxyz", the last 4 characters only): enough to recognise, never to use. */
  secrets: Record<string, string>
  /** Articles live through it. */
  publishedCount: number
  /** What the webhook is sent (WEBHOOK_EVENTS); other connectors publish articles only. */
  events: WebhookEvent[]
  /** The webhook's latest event delivery, when it failed (failed-deliveries.ts); otherwise null. */
  failedDelivery: FailedDelivery | null
  /**
   * Where a CMS with user-defined fields (Webflow) puts each part of the article: the fields its
   * last test read and the map saved (src/shared/webflow-fields.ts); null for the others and
   * before a test read them.
   */
  fieldMapping: { fields: WebflowCollectionField[]; map: WebflowFieldMap } | null
}

/** The field mapping kept in a connection's settings, when it has one. */
function fieldMappingOf(config: Record<string, unknown>): IntegrationView['fieldMapping'] {
  const fields = z.array(webflowFieldSchema).safeParse(config.collectionFields)
  const map = webflowFieldMapSchema.safeParse(config.fieldMap)
  return fields.success && map.success ? { fields: fields.data, map: map.data } : null
}

/** The additional data of a row's ciphertext: it decrypts on its own business and type only. */
const secretsContext = (row: { businessId: string; type: string }) => `publishing:${row.businessId}:${row.type}`

export function readSecrets(row: Pick<PublishingRow, 'businessId' | 'type' | 'secrets'>, keys: EncryptionKeys): Record<string, string> {
  return row.secrets ? (JSON.parse(decryptSecret(row.secrets, keys, secretsContext(row))) as Record<string, string>) : {}
}

export function sealSecrets(row: { businessId: string; type: string }, secrets: Record<string, string>, keys: EncryptionKeys) {
  return encryptSecret(JSON.stringify(secrets), keys, secretsContext(row))
}

function maskedSecrets(row: PublishingRow, keys: EncryptionKeys) {
  const type = row.type as ConnectorType
  let secrets: Record<string, string> = {}
  try {
    secrets = readSecrets(row, keys)
  } catch {
    // Unreadable (another key): shown as not set, and the status says what happened on the next test.
  }
  return Object.fromEntries(
    CONNECTORS[type].fields
      .filter((field) => field.secret)
      .map((field) => [field.name, secrets[field.name] ? maskSecret(secrets[field.name]!) : '']),
  )
}

function view(row: PublishingRow, keys: EncryptionKeys, publishedCount: number, failedDelivery: FailedDelivery | null): IntegrationView {
  return {
    id: row.id,
    type: row.type as ConnectorType,
    enabled: row.enabled,
    status: row.status,
    lastError: row.lastError,
    lastCheckedAt: row.lastCheckedAt,
    // Settings of more than one value (Webflow's fields and field map) are shown as fieldMapping.
    config: Object.fromEntries(
      Object.entries(row.config)
        .filter(([, value]) => value === null || typeof value !== 'object')
        .map(([key, value]) => [key, String(value ?? '')]),
    ),
    secrets: maskedSecrets(row, keys),
    publishedCount,
    events: webhookEventsSchema.catch(DEFAULT_WEBHOOK_EVENTS).parse(row.events),
    failedDelivery: row.type === 'webhook' ? failedDelivery : null,
    fieldMapping: fieldMappingOf(row.config),
  }
}

const isConnectorType = (type: string): type is ConnectorType => (CONNECTOR_TYPES as readonly string[]).includes(type)

/** The business's connectors, its Search Console link and its feed, for /integrations. */
export async function listIntegrations(db: Database, businessId: string, deps: Pick<PublishingDeps, 'keys'>) {
  const [rows, counts, failed, searchConsole] = await Promise.all([
    db.select().from(publishing).where(eq(publishing.businessId, businessId)).orderBy(publishing.createdAt),
    db
      .select({ integrationId: publication.integrationId, published: count() })
      .from(publication)
      .where(and(eq(publication.businessId, businessId), eq(publication.status, 'published')))
      .groupBy(publication.integrationId),
    failedDeliveries(db, businessId),
    connectionOf(db, businessId),
  ])
  const published = new Map(counts.map((row) => [row.integrationId, row.published]))
  const feed = rows.find((row) => row.type === FEED_TYPE)
  return {
    integrations: rows
      .filter((row) => isConnectorType(row.type))
      .map((row) => view(row, deps.keys, published.get(row.id) ?? 0, failed.get(row.id) ?? null)),
    feed: feed ? { enabled: feed.enabled, token: readSecrets(feed, deps.keys).token ?? null } : null,
    // `needsReconnect`: Google refused the saved access; the daily sync waits for a reconnection.
    searchConsole,
  }
}

async function ownedIntegration(db: Database, businessId: string, type: string) {
  const [row] = await db
    .select()
    .from(publishing)
    .where(and(eq(publishing.businessId, businessId), eq(publishing.type, type)))
  if (!row) throw appError(INTEGRATION_ERRORS.INTEGRATION_NOT_FOUND)
  return row
}

function invalidInput(issues: { message: string; path: PropertyKey[] }[]) {
  const data: AppErrorData = { reason: RPC_ERRORS.INVALID_INPUT.reason, issues }
  return new ORPCError('BAD_REQUEST', { message: issues.map((issue) => issue.message).join(' '), data })
}

/** Standard Webhooks' secret format: whsec_ and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`

/** The context a connector runs in: the row's config, its decrypted secrets and a fetch for its CMS. */
export function connectorContext<T extends ConnectorType>(
  row: PublishingRow,
  deps: Pick<PublishingDeps, 'keys' | 'fetchFor'> & Partial<Pick<PublishingDeps, 'connector'>>,
  signal?: AbortSignal,
): ConnectorContext<T> {
  return contextFor(row.type as T, row.config, readSecrets(row, deps.keys), deps, signal)
}

/** A connector's context for settings that may not be saved yet (Connect tests them first). */
function contextFor<T extends ConnectorType>(
  type: T,
  config: Record<string, unknown>,
  secrets: Record<string, string>,
  deps: Pick<PublishingDeps, 'fetchFor'> & Partial<Pick<PublishingDeps, 'connector'>>,
  signal?: AbortSignal,
): ConnectorContext<T> {
  const label = CONNECTORS[type].label
  const classify = (deps.connector ?? connectorClient)(type)?.classifyFailure
  return {
    config: config as ConnectorContext<T>['config'],
    secrets: secrets as ConnectorContext<T>['secrets'],
    fetch: deps.fetchFor(label, `the ${label} connection on Integrations`, classify),
    signal,
  }
}

/** The sentence a user reads for a failed call to their CMS. */
export function integrationErrorMessage(error: unknown) {
  if (error instanceof ProviderError || error instanceof DecryptionError) return error.message
  logger.error('publishing: unexpected connector error', error instanceof Error ? (error.stack ?? error.message) : error)
  return 'Something went wrong while talking to this site. Try again later.'
}

export interface ConnectInput {
  type: ConnectorType
  config: Record<string, string>
  /** A secret left empty keeps the stored one. */
  secrets: Record<string, string>
  /** The webhook's events to send (WEBHOOK_EVENTS); left out, the saved ones stay. Other connectors ignore it. */
  events?: string[]
  /**
   * Webflow's field map (our part → the collection field's slug, '' for none), checked against
   * the fields the test reads; left out, the saved one stays where it still fits. Others ignore it.
   */
  fieldMap?: Record<string, string>
}

/** What a connection test said: the account reached, or the CMS's refusal as the user reads it. */
export type ConnectionTest = { ok: true; account: string } | { ok: false; error: string }

/** A test's verdict, and the settings it learned (saved with the connection when it passed). */
async function runTest<T extends ConnectorType>(
  connector: Connector<T>,
  context: ConnectorContext<T>,
): Promise<{ test: ConnectionTest; learned: Record<string, unknown> }> {
  try {
    const { account, settings } = await connector.test(context)
    return { test: { ok: true, account }, learned: settings ?? {} }
  } catch (error) {
    return { test: { ok: false, error: integrationErrorMessage(error) }, learned: {} }
  }
}

/** The connection works (again): what it refused or skipped waits for the next publishing run. */
async function resumeRefused(db: Database, integrationId: string) {
  await db
    .update(publication)
    .set({ status: 'pending', updatedAt: new Date() })
    .where(and(eq(publication.integrationId, integrationId), eq(publication.status, 'failed')))
}

async function viewOf(db: Database, businessId: string, row: PublishingRow, keys: EncryptionKeys) {
  const [published] = await db
    .select({ total: count() })
    .from(publication)
    .where(and(eq(publication.integrationId, row.id), eq(publication.status, 'published')))
  const failed = await failedDeliveries(db, businessId, [row.id])
  return view(row, keys, published?.total ?? 0, failed.get(row.id) ?? null)
}

/**
 * Connect (a new connector, or changes to the existing one): the settings are tested first, as
 * entered, and saved only when the test passes (docs/product/publishing.md, "Connecting"). A failed
 * test changes nothing: an existing connection keeps its settings, secrets and status (the answer
 * says so), and a new one is not saved, so the form stays open with what was typed. Settings that
 * do not pass the form's rules are refused with each field's message, before any test.
 */
export async function connectIntegration(db: Database, businessId: string, input: ConnectInput, deps: PublishingDeps) {
  const type = input.type
  const connector = deps.connector(type)
  if (!connector) throw appError(INTEGRATION_ERRORS.CONNECTOR_UNAVAILABLE)
  const [existing] = await db
    .select()
    .from(publishing)
    .where(and(eq(publishing.businessId, businessId), eq(publishing.type, type)))
  let stored: Record<string, string> = {}
  try {
    stored = existing ? readSecrets(existing, deps.keys) : {}
  } catch {
    // Unreadable with this server's keys: the user re-enters them.
  }
  const secretFields = CONNECTORS[type].fields.filter((field) => field.secret)
  const secretsIn = Object.fromEntries(
    secretFields.map((field) => [field.name, (input.secrets[field.name] ?? '').trim() || stored[field.name] || '']),
  )
  if (type === 'webhook' && !secretsIn.secret) secretsIn.secret = newWebhookSecret()

  const schemas = CONNECTOR_SCHEMAS[type]
  const config = schemas.config.safeParse(input.config)
  const secrets = schemas.secrets.safeParse(secretsIn)
  const events = type === 'webhook' ? webhookEventsSchema.safeParse(input.events ?? existing?.events ?? DEFAULT_WEBHOOK_EVENTS) : null
  const issues = [
    ...(config.success ? [] : config.error.issues.map((issue) => ({ message: issue.message, path: ['config', ...issue.path] }))),
    ...(secrets.success ? [] : secrets.error.issues.map((issue) => ({ message: issue.message, path: ['secrets', ...issue.path] }))),
    ...(!events || events.success ? [] : events.error.issues.map((issue) => ({ message: issue.message, path: ['events', ...issue.path] }))),
  ]
  if (!config.success || !secrets.success || (events && !events.success)) throw invalidInput(issues)
  const chosen = events?.data ?? DEFAULT_WEBHOOK_EVENTS
  // What an earlier test learned stays (a saved field map is kept where it still fits); the new test refreshes it.
  const learnedBefore = existing ? Object.fromEntries(Object.entries(existing.config).filter(([key]) => !(key in config.data))) : {}
  const secretValues = secrets.data as Record<string, string>

  const { test, learned } = await runTest(
    connector,
    contextFor(type, { ...learnedBefore, ...(config.data as Record<string, unknown>) }, secretValues, deps),
  )
  let settings: Record<string, unknown> = { ...(config.data as Record<string, unknown>), ...learned }
  const label = CONNECTORS[type].label
  if (test.ok && input.fieldMap && connector.chooseFields) {
    const chosenFields = connector.chooseFields(settings, input.fieldMap)
    if ('problems' in chosenFields) {
      throw invalidInput(chosenFields.problems.map((problem) => ({ message: problem.message, path: ['fieldMap', problem.name] })))
    }
    settings = chosenFields.settings
  }
  if (!test.ok) {
    return {
      saved: false as const,
      integration: existing ? await viewOf(db, businessId, existing, deps.keys) : null,
      test,
      message: existing
        ? `The connection test failed, so nothing was changed: the previous ${label} connection is kept. ${test.error}`
        : `The connection test failed, so ${label} was not connected. ${test.error}`,
    }
  }

  const sealed = sealSecrets({ businessId, type }, secretValues, deps.keys)
  const now = new Date()
  const working = { status: 'working' as const, lastError: null, lastCheckedAt: now }
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(publishing)
      .values({ businessId, type, config: settings, secrets: sealed, events: chosen, ...working })
      .onConflictDoUpdate({
        target: [publishing.businessId, publishing.type],
        set: { config: settings, secrets: sealed, events: chosen, ...working, updatedAt: sql`now()` },
      })
      .returning()
    await recordHistory(tx, {
      kind: 'integration',
      action: existing ? 'updated' : 'connected',
      businessId,
      detail: { target: type, account: test.account },
    })
    return row
  })
  await resumeRefused(db, saved!.id)
  return {
    saved: true as const,
    integration: await viewOf(db, businessId, saved!, deps.keys),
    test,
    message: `${label} ${existing ? 'updated' : 'connected'}: ${test.account}.`,
  }
}

/** "Test connection": a real authenticated call that changes nothing; the row keeps what it said. */
export async function testIntegration(db: Database, businessId: string, type: ConnectorType, deps: PublishingDeps, signal?: AbortSignal) {
  const row = await ownedIntegration(db, businessId, type)
  const connector = deps.connector(type)
  if (!connector) throw appError(INTEGRATION_ERRORS.CONNECTOR_UNAVAILABLE)
  const { test, learned } = await runTest(connector, connectorContext(row, deps, signal))
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(publishing)
      .set({
        ...(test.ok && Object.keys(learned).length > 0 ? { config: { ...row.config, ...learned } } : {}),
        status: test.ok ? 'working' : 'broken',
        lastError: test.ok ? null : test.error,
        lastCheckedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(publishing.id, row.id))
      .returning()
    if (test.ok ? row.status === 'broken' : row.status !== 'broken')
      await recordHistory(tx, {
        kind: 'integration',
        action: test.ok ? 'reconnected' : 'broken',
        status: test.ok ? 'succeeded' : 'failed',
        businessId,
        error: test.ok ? null : test.error,
        detail: { target: type },
      })
    return changed
  })
  if (test.ok) await resumeRefused(db, row.id)
  return { integration: await viewOf(db, businessId, updated!, deps.keys), test }
}

export async function setIntegrationEnabled(
  db: Database,
  businessId: string,
  type: ConnectorType,
  enabled: boolean,
  deps: Pick<PublishingDeps, 'keys'>,
) {
  const row = await ownedIntegration(db, businessId, type)
  const [updated] = await db.update(publishing).set({ enabled, updatedAt: new Date() }).where(eq(publishing.id, row.id)).returning()
  const failed = await failedDeliveries(db, businessId, [row.id])
  return view(updated!, deps.keys, 0, failed.get(row.id) ?? null)
}

/** Removes the connector and its credentials. Posts already on the site stay there. */
export async function removeIntegration(db: Database, businessId: string, type: ConnectorType) {
  const row = await ownedIntegration(db, businessId, type)
  await db.transaction(async (tx) => {
    await tx.delete(publishing).where(eq(publishing.id, row.id))
    await recordHistory(tx, { kind: 'integration', action: 'removed', businessId, detail: { target: type } })
  })
  return { type, removed: true as const }
}

/**
 * Turns the business's JSON feed on with a new token (the old feed address stops working), or
 * off. The token is the feed's password: a headless site fetches /api/feed/<business>.json with it.
 */
export async function setFeed(db: Database, businessId: string, enabled: boolean, deps: Pick<PublishingDeps, 'keys'>) {
  if (!enabled) {
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(publishing)
        .where(and(eq(publishing.businessId, businessId), eq(publishing.type, FEED_TYPE)))
        .returning({ id: publishing.id })
      if (removed.length > 0) await recordHistory(tx, { kind: 'integration', action: 'removed', businessId, detail: { target: FEED_TYPE } })
    })
    return { enabled: false as const, token: null }
  }
  const token = `rpf_${randomBytes(24).toString('base64url')}`
  const secrets = sealSecrets({ businessId, type: FEED_TYPE }, { token }, deps.keys)
  await db.transaction(async (tx) => {
    await tx
      .insert(publishing)
      .values({ businessId, type: FEED_TYPE, secrets, status: 'working' })
      .onConflictDoUpdate({ target: [publishing.businessId, publishing.type], set: { secrets, enabled: true, updatedAt: sql`now()` } })
    await recordHistory(tx, { kind: 'integration', action: 'connected', businessId, detail: { target: FEED_TYPE } })
  })
  return { enabled: true as const, token }
}

/**
 * Key rotation (docs/decisions/0012-publishing.md): with the new key in ENCRYPTION_KEY and the old
 * one in ENCRYPTION_KEY_PREVIOUS, every start re-encrypts the credentials still under an old key;
 * once that has run, the old key can go. A row no key here can read is left alone (and logged): its
 * integration shows as broken on its next use and the user connects it again.
 */
export async function reencryptSecrets(db: Database, keys: EncryptionKeys) {
  const rows = await db
    .select({ id: publishing.id, businessId: publishing.businessId, type: publishing.type, secrets: publishing.secrets })
    .from(publishing)
  let rotated = 0
  for (const row of rows) {
    if (!row.secrets || !needsReencryption(row.secrets, keys)) continue
    try {
      const sealed = sealSecrets(row, readSecrets(row, keys), keys)
      await db
        .update(publishing)
        .set({ secrets: sealed })
        .where(and(eq(publishing.id, row.id), eq(publishing.secrets, row.secrets)))
      rotated++
    } catch (error) {
      logger.warn(
        `publishing: the credentials of integration ${row.id} cannot be read with the configured keys`,
        error instanceof Error ? error.message : error,
      )
    }
  }
  return rotated
}
