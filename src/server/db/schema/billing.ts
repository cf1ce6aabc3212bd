import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from './auth'
import { business } from './business'
import { id, timestamps } from './columns'

/** A subscription plan (the seeded amounts and limits: docs/product/limits.md). */
export const plan = pgTable('plan', {
  id: id(),
  // Unique: the seed upserts by name, so configuring live Polar product ids updates the plans.
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** Monthly price in US dollars, as shown on the pricing cards. */
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  /** The billing provider's product id (Polar). */
  productId: text('product_id').notNull().unique(),
  businessLimit: integer('business_limit').notNull(),
  /** Articles included each month. */
  articlesPerMonth: integer('articles_per_month').notNull(),
  basePrice: numeric('base_price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  hasMeteredPricing: boolean('has_metered_pricing').notNull().default(false),
  meteredUnitPrice: numeric('metered_unit_price', { precision: 10, scale: 2, mode: 'number' }),
  meteredUnit: text('metered_unit'),
  meteredBillingFrequency: text('metered_billing_frequency').notNull().default('monthly'),
  ...timestamps(),
})

/** One billable action (docs/product/entities.md); billingPeriod is `YYYY-MM`. */
export const usage = pgTable(
  'usage',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Usage outlives a deleted business: it was billed.
    businessId: text('business_id').references(() => business.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    sourceDetails: text('source_details'),
    quantity: integer('quantity').notNull().default(1),
    unit: text('unit').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    billingPeriod: text('billing_period').notNull(),
    /** Chosen by the billable action; a retry with the same key never counts twice. */
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (table) => [
    index('usage_user_period_idx').on(table.userId, table.billingPeriod),
    uniqueIndex('usage_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
)

export const METER_EVENT_STATES = ['held', 'pending', 'sent'] as const
export type MeterEventState = (typeof METER_EVENT_STATES)[number]

/**
 * The outbox of Polar meter events (docs/product/billing.md): one row per usage row that went past
 * a metered plan's allowance, written in the transaction that records the usage, then sent to
 * Polar's event ingestion until Polar accepts it. `held` waits for its action to succeed (a failed
 * action deletes its usage row, and this row with it); `pending` is due at `nextAttemptAt`;
 * `sent` was accepted (or already known) by Polar.
 */
export const meterEvent = pgTable(
  'meter_event',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // One event per usage row: a retried save or action never bills twice.
    usageId: text('usage_id')
      .notNull()
      .unique()
      .references(() => usage.id, { onDelete: 'cascade' }),
    /** Polar's `external_id`: the same on every attempt, so Polar skips one it already has. */
    externalId: text('external_id').notNull().unique(),
    /** The article the extra usage wrote, when it is one. */
    articleId: text('article_id'),
    billingPeriod: text('billing_period').notNull(),
    /** Extra units billed (articles past the allowance). */
    quantity: integer('quantity').notNull(),
    /** Dollars per extra unit when it was used: what the billing card projects. */
    unitPrice: numeric('unit_price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** When the usage happened: the event's timestamp at Polar. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    state: text('state').$type<MeterEventState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed; null once sent. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('meter_event_due_idx').on(table.state, table.nextAttemptAt),
    index('meter_event_user_period_idx').on(table.userId, table.billingPeriod),
  ],
)

/**
 * Webhook deliveries already accepted (Standard Webhooks `webhook-id`), so a replayed delivery is
 * refused. Rows older than the signature tolerance are useless (the timestamp check refuses those)
 * and are pruned as new deliveries arrive.
 */
export const webhookDelivery = pgTable('webhook_delivery', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
