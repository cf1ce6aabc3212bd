import { z } from 'zod'
import type { Database } from '~/server/db'
import { newsletter } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { NEWSLETTER_ERRORS } from './newsletter.errors'

/** Trimmed and lowercased, then checked: "  Ann@Example.COM " is stored as "ann@example.com". */
const newsletterEmail = z.string().trim().toLowerCase().pipe(z.email().max(254))

/** The stored form of an address, or NEWSLETTER_INVALID_EMAIL (BAD_REQUEST). */
export function normalizeNewsletterEmail(email: string): string {
  const result = newsletterEmail.safeParse(email)
  if (!result.success) throw appError(NEWSLETTER_ERRORS.NEWSLETTER_INVALID_EMAIL)
  return result.data
}

export interface NewsletterSubscription {
  success: true
}

/**
 * Subscribes an address. Idempotent, and the answer is the same whether or not the address was
 * already on the list, so the sign-up cannot be used to learn who is subscribed.
 */
export async function addNewsletterSubscriber(db: Database, email: string): Promise<NewsletterSubscription> {
  const normalized = normalizeNewsletterEmail(email)
  await db.insert(newsletter).values({ email: normalized }).onConflictDoNothing({ target: newsletter.email })
  return { success: true }
}
