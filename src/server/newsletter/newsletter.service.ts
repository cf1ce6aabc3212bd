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

/**
 * Subscribes an address. Idempotent: a known address succeeds without a second row, so the
 * answer never tells a visitor whether someone else already subscribed.
 */
export async function addNewsletterSubscriber(db: Database, email: string): Promise<{ success: true }> {
  const normalized = normalizeNewsletterEmail(email)
  await db.insert(newsletter).values({ email: normalized }).onConflictDoNothing({ target: newsletter.email })
  return { success: true }
}
