import { z } from 'zod'
import { CLIENT_IP_HEADER } from '~/server/auth/auth'
import { createRateLimiter } from '~/server/rate-limit'
import { appError } from '~/server/rpc/errors'
import { publicProcedure } from '~/server/rpc/procedures'
import { NEWSLETTER_ERRORS } from './newsletter.errors'
import { addNewsletterSubscriber } from './newsletter.service'

const invalidEmail = NEWSLETTER_ERRORS.NEWSLETTER_INVALID_EMAIL.message

/** Sign-ups per client address and process: a person subscribes once; a script filling the list is stopped. */
export const NEWSLETTER_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 }
const signUpLimiter = createRateLimiter(NEWSLETTER_RATE_LIMIT)

/** Tests only. */
export function resetNewsletterRateLimit() {
  signUpLimiter.reset()
}

/**
 * The client address is the header scripts/serve.mjs sets on every request (a client's own value
 * is replaced). Without it (the dev server, in-process calls) every caller shares one bucket: the
 * limit still holds, it is never skipped.
 */
const limitPerClientAddress = publicProcedure.use(({ context, next }) => {
  const address = context.headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown'
  const verdict = signUpLimiter.hit(address)
  if (!verdict.allowed) {
    context.resHeaders?.set('retry-after', String(verdict.retryAfterSeconds))
    throw appError(NEWSLETTER_ERRORS.NEWSLETTER_RATE_LIMITED)
  }
  return next()
})

export const newsletterRouter = {
  /**
   * Public sign-up from the site footer. The schema checks the shape; the service checks the
   * address, so an invalid one is BAD_REQUEST with reason NEWSLETTER_INVALID_EMAIL. Every attempt,
   * valid or not, counts towards the per-address limit (TOO_MANY_REQUESTS past it). The answer
   * never says whether the address was already subscribed.
   */
  add: limitPerClientAddress
    .input(z.object({ email: z.string({ error: invalidEmail }).max(1000, invalidEmail) }))
    .handler(({ context, input }) => addNewsletterSubscriber(context.db, input.email)),
}
