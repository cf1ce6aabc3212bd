import { billingPeriodEnd, billingPeriodOf } from '~/shared/billing-period'
import { stableUuid, type StoredCheckout, type StoredCustomer } from './objects'
import { customerStateJson, orderJson, subscriptionJson, type StoredOrder, type StoredSubscription } from './subscription-objects'
import { globalSlot, singleton } from '~/server/singleton'

/**
 * The Polar mock's memory: what a real Polar organization would hold for the demo. It lives on
 * globalThis so the process-wide demo handlers and the stand-in checkout page share one store.
 */

export interface IngestedEvent {
  name: string
  externalCustomerId: string | null
  customerId: string | null
  externalId: string | null
  metadata: Record<string, unknown>
  timestamp: string
}

interface PolarStore {
  customers: Map<string, StoredCustomer>
  checkouts: Map<string, StoredCheckout>
  subscriptions: Map<string, StoredSubscription>
  orders: Map<string, StoredOrder>
  /** customer_session_token → customer id */
  sessions: Map<string, string>
  events: IngestedEvent[]
  counter: number
}

function emptyStore(): PolarStore {
  return {
    customers: new Map(),
    checkouts: new Map(),
    subscriptions: new Map(),
    orders: new Map(),
    sessions: new Map(),
    events: [],
    counter: 0,
  }
}

const POLAR_KEY = '__rankpilotPolarMock'
export const polarStore = (): PolarStore => singleton(POLAR_KEY, emptyStore)

/**
 * The usage events the mock has ingested, oldest first, as Polar would bill them: each
 * `external_id` once (a repeat was answered as a duplicate and not stored). Copies: reading them
 * changes nothing.
 */
export function polarIngestedEvents(filter: { name?: string; externalCustomerId?: string } = {}): IngestedEvent[] {
  return polarStore()
    .events.filter(
      (event) =>
        (filter.name === undefined || event.name === filter.name) &&
        (filter.externalCustomerId === undefined || event.externalCustomerId === filter.externalCustomerId),
    )
    .map((event) => ({ ...event, metadata: { ...event.metadata } }))
}

export function resetPolarMock() {
  globalSlot<PolarStore>(POLAR_KEY).set(emptyStore())
}

/** A new id that is still reproducible: the n-th resource of a kind after a reset. */
export function nextId(kind: string, ...parts: string[]) {
  const store = polarStore()
  store.counter += 1
  return stableUuid(kind, store.counter, ...parts)
}

export function customerByExternalId(externalId: string) {
  for (const customer of polarStore().customers.values()) if (customer.externalId === externalId) return customer
  return undefined
}

export function upsertCustomer(input: { email: string; name?: string | null; externalId?: string | null }, now: string) {
  const store = polarStore()
  const existing = [...store.customers.values()].find((customer) => customer.email === input.email)
  if (existing) return existing
  const customer: StoredCustomer = {
    id: nextId('customer', input.email),
    email: input.email,
    name: input.name ?? null,
    externalId: input.externalId ?? null,
    metadata: {},
    createdAt: now,
    modifiedAt: null,
  }
  store.customers.set(customer.id, customer)
  return customer
}

export function createSessionToken(customerId: string) {
  const token = `polar_cst_${nextId('session', customerId).replaceAll('-', '')}`
  polarStore().sessions.set(token, customerId)
  return token
}

export function activeSubscriptions(customerId: string) {
  return [...polarStore().subscriptions.values()].filter((subscription) => subscription.customerId === customerId)
}

export interface PolarWebhookEvent {
  type: string
  timestamp: string
  data: Record<string, unknown>
}

export interface CompletedDemoCheckout {
  customerSessionToken: string
  /** The success URL with `customer_session_token` appended, as Polar redirects after payment. */
  redirectUrl: string
  /** What Polar would POST to the webhook endpoint, in order. */
  webhookEvents: PolarWebhookEvent[]
}

/**
 * What paying on Polar's hosted checkout does: the checkout succeeds, the customer (created from
 * the external id if needed) gets an active monthly subscription and a paid order.
 */
export function completeDemoCheckout(checkoutId: string, options: { email?: string; now?: Date } = {}): CompletedDemoCheckout {
  const store = polarStore()
  const checkout = store.checkouts.get(checkoutId)
  if (!checkout) throw new Error(`No demo checkout ${checkoutId}`)
  if (checkout.status !== 'open') throw new Error(`Demo checkout ${checkoutId} is already ${checkout.status}`)
  const nowDate = options.now ?? new Date()
  const now = nowDate.toISOString()

  let customer = checkout.customerId ? store.customers.get(checkout.customerId) : undefined
  if (!customer && checkout.externalCustomerId) customer = customerByExternalId(checkout.externalCustomerId)
  if (!customer) {
    const email = options.email ?? `${checkout.externalCustomerId ?? checkout.id}@demo.rankpilot.invalid`
    customer = upsertCustomer({ email, externalId: checkout.externalCustomerId }, now)
  }
  const productId = checkout.productIds[0]
  if (!productId) throw new Error(`Demo checkout ${checkoutId} has no product`)

  // The stand-in bills by the app's billing period, so its portal and the billing card name the
  // same renewal day (src/shared/billing-period.ts).
  const periodEnd = billingPeriodEnd(billingPeriodOf(nowDate))
  const subscription: StoredSubscription = {
    id: nextId('subscription', checkout.id),
    customerId: customer.id,
    productId,
    checkoutId: checkout.id,
    metadata: checkout.metadata,
    startedAt: now,
    periodEnd: periodEnd.toISOString(),
  }
  store.subscriptions.set(subscription.id, subscription)
  const order: StoredOrder = {
    id: nextId('order', checkout.id),
    subscription,
    createdAt: now,
    invoiceNumber: `RANKPILOT-${String(store.orders.size + 1).padStart(4, '0')}`,
  }
  store.orders.set(order.id, order)
  checkout.status = 'succeeded'
  checkout.customerId = customer.id
  checkout.subscriptionId = subscription.id

  const customerSessionToken = createSessionToken(customer.id)
  const redirect = new URL(checkout.successUrl)
  redirect.searchParams.set('customer_session_token', customerSessionToken)
  const event = (type: string, data: Record<string, unknown>) => ({ type, timestamp: now, data })
  return {
    customerSessionToken,
    redirectUrl: redirect.toString(),
    webhookEvents: [
      event('order.created', orderJson(order, customer)),
      event('subscription.created', subscriptionJson(subscription, customer)),
      event('subscription.active', subscriptionJson(subscription, customer)),
      event('order.paid', orderJson(order, customer)),
      event('customer.state_changed', customerStateJson(customer, activeSubscriptions(customer.id))),
    ],
  }
}
