import { productAmount } from './objects'
import { activeSubscriptions, completeDemoCheckout, polarStore } from './store'
import { signPolarWebhook } from './webhook-signing'

/** A checkout as the stand-in checkout page shows it. */
export interface DemoCheckoutView {
  status: 'open' | 'succeeded'
  /** The product bought: the first of the checkout's products, '' when it lists none. */
  productId: string
  /** Its price in cents, as Polar lists it. */
  amountCents: number
  externalCustomerId: string | null
  returnUrl: string | null
}

/**
 * What the app's demo billing pages (billing/demo-checkout.ts and billing/demo-portal.ts) may ask
 * of the Polar stand-in: a checkout, paying it, signing what paying sends, and what a customer
 * has. Each answer is a copy; the stand-in's store stays its own.
 */
export const demoPolar = {
  checkout(checkoutId: string): DemoCheckoutView | undefined {
    const checkout = polarStore().checkouts.get(checkoutId)
    if (!checkout) return undefined
    const productId = checkout.productIds[0] ?? ''
    return {
      status: checkout.status,
      productId,
      amountCents: productAmount(productId),
      externalCustomerId: checkout.externalCustomerId,
      returnUrl: checkout.returnUrl,
    }
  },

  /** What paying on Polar's hosted checkout does; throws when the checkout is missing or paid. */
  pay: completeDemoCheckout,

  /** Signs a webhook the way Polar does, with the app's webhook secret. */
  signWebhook: signPolarWebhook,

  /** The customer a customer-session token (the one in a portal URL Polar hands out) belongs to. */
  customerOfSession(token: string): string | undefined {
    return polarStore().sessions.get(token)
  },

  /** The customer's active subscriptions: product and the end of the paid period. */
  subscriptions(customerId: string): { productId: string; periodEnd: string }[] {
    return activeSubscriptions(customerId).map(({ productId, periodEnd }) => ({ productId, periodEnd }))
  },

  /** The customer's paid orders, oldest first. */
  orders(customerId: string): { invoiceNumber: string; createdAt: string }[] {
    return [...polarStore().orders.values()]
      .filter((order) => order.subscription.customerId === customerId)
      .map(({ invoiceNumber, createdAt }) => ({ invoiceNumber, createdAt }))
  },
}
