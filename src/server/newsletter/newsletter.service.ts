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
  /** True when the address was already on the list: nothing was stored, the visitor is told so. */
  alreadySubscribed: boolean
}

/**
 * Subscribes an address. Idempotent: a known address succeeds without a second row and says
 * `alreadySubscribed`, so the form can answer "you're already on the list" instead of a second
 * "welcome". (That tells a caller whether an address is on the newsletter list; the list holds
 * no account data, and the site shows the same to anyone typing the address.)
 */
export async function addNewsletterSubscriber(db: Database, email: string): Promise<NewsletterSubscription> {
  const normalized = normalizeNewsletterEmail(email)
  const inserted = await db
    .insert(newsletter)
    .values({ email: normalized })
    .onConflictDoNothing({ target: newsletter.email })
    .returning({ id: newsletter.id })
  return { success: true, alreadySubscribed: inserted.length === 0 }
}
