import { customerJson, DEMO_ORGANIZATION_ID, productAmount, productJson, stableUuid, stamps, type StoredCustomer } from './objects'

/** Subscriptions, orders and customer state in Polar's wire shapes (see objects.ts for why complete). */

type Json = Record<string, unknown>

export interface StoredSubscription {
  id: string
  customerId: string
  productId: string
  checkoutId: string
  metadata: Record<string, string | number | boolean>
  startedAt: string
  periodEnd: string
}

function subscriptionCore(subscription: StoredSubscription): Json {
  return {
    ...stamps(subscription.startedAt),
    id: subscription.id,
    amount: productAmount(subscription.productId),
    currency: 'usd',
    recurring_interval: 'month',
    recurring_interval_count: 1,
    status: 'active',
    current_period_start: subscription.startedAt,
    current_period_end: subscription.periodEnd,
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    started_at: subscription.startedAt,
    ends_at: null,
    ended_at: null,
    customer_id: subscription.customerId,
    product_id: subscription.productId,
    discount_id: null,
    checkout_id: subscription.checkoutId,
    seats: null,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    metadata: subscription.metadata,
    custom_field_data: {},
  }
}

export function subscriptionJson(subscription: StoredSubscription, customer: StoredCustomer): Json {
  const product = productJson(subscription.productId, subscription.startedAt)
  return {
    ...subscriptionCore(subscription),
    customer: customerJson(customer),
    product,
    discount: null,
    prices: product.prices,
    meters: [],
    pending_update: null,
  }
}

/** The shape the customer portal lists: the product carries its organization instead of metadata. */
export function customerSubscriptionJson(subscription: StoredSubscription): Json {
  const { metadata: _metadata, attached_custom_fields: _fields, ...product } = productJson(subscription.productId, subscription.startedAt)
  const { metadata: _subscriptionMetadata, custom_field_data: _custom, ...core } = subscriptionCore(subscription)
  return {
    ...core,
    product: { ...product, organization: organizationJson(subscription.startedAt) },
    prices: product.prices,
    meters: [],
    pending_update: null,
  }
}

function organizationJson(createdAt: string): Json {
  return {
    ...stamps(createdAt),
    id: DEMO_ORGANIZATION_ID,
    name: 'Rankpilot (demo)',
    slug: 'rankpilot-demo',
    avatar_url: null,
    proration_behavior: 'prorate',
    allow_customer_updates: true,
    customer_portal_settings: { usage: { show: true }, subscription: { update_seats: false, update_plan: true } },
    organization_features: { member_model_enabled: false, seat_based_pricing_enabled: false },
  }
}

export function customerStateJson(customer: StoredCustomer, subscriptions: StoredSubscription[]): Json {
  return {
    ...customerJson(customer),
    active_subscriptions: subscriptions.map((subscription) => {
      const {
        checkout_id: _c,
        customer_id: _cu,
        ended_at: _e,
        seats: _s,
        recurring_interval_count: _r,
        customer_cancellation_reason: _cr,
        customer_cancellation_comment: _cc,
        ...rest
      } = subscriptionCore(subscription)
      return { ...rest, meters: [] }
    }),
    granted_benefits: [],
    active_meters: [],
  }
}

export interface StoredOrder {
  id: string
  subscription: StoredSubscription
  createdAt: string
  invoiceNumber: string
}

export function orderJson(order: StoredOrder, customer: StoredCustomer): Json {
  const { subscription } = order
  const amount = productAmount(subscription.productId)
  const { attached_custom_fields: _f, benefits: _b, medias: _m, ...product } = productJson(subscription.productId, order.createdAt)
  const { metadata: _m2, custom_field_data: _cfd, ...core } = subscriptionCore(subscription)
  return {
    id: order.id,
    ...stamps(order.createdAt),
    status: 'paid',
    paid: true,
    subtotal_amount: amount,
    discount_amount: 0,
    net_amount: amount,
    tax_amount: 0,
    total_amount: amount,
    applied_balance_amount: 0,
    due_amount: 0,
    refunded_amount: 0,
    refunded_tax_amount: 0,
    currency: 'usd',
    billing_reason: 'subscription_create',
    billing_name: customer.name,
    billing_address: null,
    invoice_number: order.invoiceNumber,
    is_invoice_generated: false,
    seats: null,
    customer_id: customer.id,
    product_id: subscription.productId,
    discount_id: null,
    subscription_id: subscription.id,
    checkout_id: subscription.checkoutId,
    metadata: subscription.metadata,
    custom_field_data: {},
    platform_fee_amount: 0,
    platform_fee_currency: null,
    customer: customerJson(customer),
    product,
    discount: null,
    subscription: { ...core, metadata: subscription.metadata },
    items: [
      {
        ...stamps(order.createdAt),
        id: stableUuid('order-item', order.id),
        label: `${product.name as string} (monthly)`,
        amount,
        tax_amount: 0,
        proration: false,
        product_price_id: stableUuid('price', subscription.productId),
      },
    ],
    description: product.name,
  }
}

/** An order as the customer portal lists it: no customer, metadata or platform fees; the product carries its organization. */
export function customerOrderJson(order: StoredOrder, customer: StoredCustomer): Json {
  const {
    customer: _customer,
    metadata: _metadata,
    custom_field_data: _fields,
    platform_fee_amount: _fee,
    platform_fee_currency: _feeCurrency,
    discount: _discount,
    ...rest
  } = orderJson(order, customer)
  return { ...rest, product: customerSubscriptionJson(order.subscription).product }
}
