import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { business } from './business'
import { plan } from './billing'
import { createdAt, id, timestamps, updatedAt } from './columns'

/** better-auth's core tables (docs/product/entities.md), plus the product's `plan` and `selectedBusiness`. */
export const user = pgTable(
  'user',
  {
    id: id(),
    name: text('name').notNull(),
    // better-auth lowercases emails before every write and lookup; unique here.
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps(),
    plan: text('plan').references((): AnyPgColumn => plan.id, { onDelete: 'set null' }),
    selectedBusiness: text('selected_business').references((): AnyPgColumn => business.id, { onDelete: 'set null' }),
  },
  // Emails are stored lowercased. better-auth lowercases; the database refuses anything else.
  (table) => [check('user_email_lowercase_check', sql`${table.email} = lower(${table.email})`)],
)

export const session = pgTable(
  'session',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    /** "credential" marks an email-and-password account. */
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

/**
 * An API key (better-auth's API key plugin, src/server/auth/api-key-plugin.ts): only the key's SHA-256
 * hash is stored, with its first characters (`start`) so a person can tell keys apart. The scopes
 * are `permissions` ({"api":["read",…]}). Keys go with their user. docs/product/api.md
 */
export const apikey = pgTable(
  'apikey',
  {
    id: id(),
    /** The plugin's configuration the key belongs to; we have one ("default"). */
    configId: text('config_id').notNull().default('default'),
    name: text('name'),
    start: text('start'),
    /** The key's owner: a user id (keys are never owned by anything else here). */
    referenceId: text('reference_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    prefix: text('prefix'),
    /** SHA-256 of the key, base64url: what a presented key is looked up by. */
    key: text('key').notNull(),
    refillInterval: integer('refill_interval'),
    refillAmount: integer('refill_amount'),
    lastRefillAt: timestamp('last_refill_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    rateLimitEnabled: boolean('rate_limit_enabled').notNull().default(true),
    rateLimitTimeWindow: integer('rate_limit_time_window'),
    rateLimitMax: integer('rate_limit_max'),
    requestCount: integer('request_count').notNull().default(0),
    remaining: integer('remaining'),
    /** When the key was last used: shown in settings as "Last used". */
    lastRequest: timestamp('last_request', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
    permissions: text('permissions'),
    metadata: text('metadata'),
  },
  (table) => [uniqueIndex('apikey_key_idx').on(table.key), index('apikey_reference_id_idx').on(table.referenceId)],
)
