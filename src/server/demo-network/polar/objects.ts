import { createHash } from 'node:crypto'

/**
 * Complete Polar resources in their snake_case wire shape. `@polar-sh/sdk` validates every
 * response against its zod schemas, so each builder fills every required field; the SDK test
 * (mock.test.ts) is what keeps these in step with the SDK version.
 */

type Json = Record<string, unknown>

/** A UUID derived from its inputs, so the same request always names the same resource. */
export function stableUuid(...parts: Array<string | number>) {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export function stableNumber(text: string, min: number, max: number) {
  const value = createHash('sha256').update(text).digest().readUInt32BE(0)
  return min + (value % (max - min + 1))
}

export const DEMO_ORGANIZATION_ID = stableUuid('polar-demo-organization')

export function stamps(createdAt: string, modifiedAt: string | null = null) {
  return { created_at: createdAt, modified_at: modifiedAt }
}

export interface StoredCustomer {
  id: string
  email: string
  name: string | null
  externalId: string | null
  metadata: Record<string, string | number | boolean>
  createdAt: string
  modifiedAt: string | null
}

export function customerJson(customer: StoredCustomer): Json {
  return {
    id: customer.id,
    ...stamps(customer.createdAt, customer.modifiedAt),
    metadata: customer.metadata,
    external_id: customer.externalId,
    email: customer.email,
    email_verified: false,
    type: 'individual',
    name: customer.name,
    billing_address: null,
    tax_id: null,
    locale: null,
    organization_id: DEMO_ORGANIZATION_ID,
    deleted_at: null,
    avatar_url: `https://www.gravatar.com/avatar/${createHash('md5').update(customer.email.toLowerCase()).digest('hex')}?d=404`,
  }
}

/** Any product id is a monthly plan whose name and price follow from the id. */
export function productJson(productId: string, createdAt: string): Json {
  const amount = stableNumber(productId, 19, 199) * 100
  return {
    id: productId,
    ...stamps(createdAt),
    trial_interval: null,
    trial_interval_count: null,
    name: `Plan ${productId.slice(0, 8)}`,
    description: null,
    visibility: 'public',
    recurring_interval: 'month',
    recurring_interval_count: 1,
    is_recurring: true,
    is_archived: false,
    organization_id: DEMO_ORGANIZATION_ID,
    metadata: {},
    prices: [priceJson(productId, createdAt, amount)],
    benefits: [],
    medias: [],
    attached_custom_fields: [],
  }
}

export function productAmount(productId: string) {
  return stableNumber(productId, 19, 199) * 100
}

function priceJson(productId: string, createdAt: string, amount: number): Json {
  return {
    ...stamps(createdAt),
    id: stableUuid('price', productId),
    source: 'catalog',
    amount_type: 'fixed',
    price_currency: 'usd',
    tax_behavior: null,
    is_archived: false,
    product_id: productId,
    price_amount: amount,
    type: 'recurring',
    recurring_interval: 'month',
  }
}

export interface StoredCheckout {
  id: string
  productIds: string[]
  externalCustomerId: string | null
  customerId: string | null
  successUrl: string
  returnUrl: string | null
  metadata: Record<string, string | number | boolean>
  status: 'open' | 'succeeded'
  url: string
  subscriptionId: string | null
  createdAt: string
  expiresAt: string
}

export function checkoutJson(checkout: StoredCheckout, customer: StoredCustomer | undefined): Json {
  const products = checkout.productIds.map((id) => productJson(id, checkout.createdAt))
  const product = products[0] ?? null
  const productId = checkout.productIds[0] ?? null
  const amount = productId ? productAmount(productId) : 0
  const price = product ? (product.prices as Json[])[0] : null
  return {
    id: checkout.id,
    ...stamps(checkout.createdAt),
    custom_field_data: {},
    payment_processor: 'stripe',
    status: checkout.status,
    client_secret: `polar_c_${checkout.id.replaceAll('-', '')}`,
    url: checkout.url,
    expires_at: checkout.expiresAt,
    success_url: checkout.successUrl,
    return_url: checkout.returnUrl,
    embed_origin: null,
    amount,
    discount_amount: 0,
    net_amount: amount,
    tax_amount: null,
    tax_behavior: null,
    total_amount: amount,
    currency: 'usd',
    allow_trial: null,
    active_trial_interval: null,
    active_trial_interval_count: null,
    trial_end: null,
    organization_id: DEMO_ORGANIZATION_ID,
    product_id: productId,
    product_price_id: price ? price.id : null,
    discount_id: null,
    allow_discount_codes: true,
    require_billing_address: false,
    is_discount_applicable: true,
    is_free_product_price: amount === 0,
    is_payment_required: amount > 0,
    is_payment_setup_required: true,
    is_payment_form_required: amount > 0,
    customer_id: checkout.customerId,
    is_business_customer: false,
    customer_name: customer?.name ?? null,
    customer_email: customer?.email ?? null,
    customer_ip_address: null,
    customer_billing_name: null,
    customer_billing_address: null,
    customer_tax_id: null,
    locale: null,
    payment_processor_metadata: {},
    billing_address_fields: {
      country: 'required',
      state: 'disabled',
      city: 'disabled',
      postal_code: 'disabled',
      line1: 'disabled',
      line2: 'disabled',
    },
    trial_interval: null,
    trial_interval_count: null,
    metadata: checkout.metadata,
    external_customer_id: checkout.externalCustomerId,
    products,
    product,
    product_price: price,
    prices: product ? { [productId as string]: product.prices } : null,
    discount: null,
    subscription_id: checkout.subscriptionId,
    attached_custom_fields: [],
    customer_metadata: customer?.metadata ?? {},
  }
}
