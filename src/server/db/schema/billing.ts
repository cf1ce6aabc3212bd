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
    /** When Polar's event ingestion accepted it (metered plans); null: not (yet) reported. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (table) => [
    index('usage_user_period_idx').on(table.userId, table.billingPeriod),
    uniqueIndex('usage_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
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
