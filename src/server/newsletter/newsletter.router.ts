import { z } from 'zod'
import { publicProcedure } from '~/server/rpc/procedures'
import { NEWSLETTER_ERRORS } from './newsletter.errors'
import { addNewsletterSubscriber } from './newsletter.service'

const invalidEmail = NEWSLETTER_ERRORS.NEWSLETTER_INVALID_EMAIL.message

export const newsletterRouter = {
  /**
   * Public sign-up from the site footer. The schema checks the shape; the service checks the
   * address, so an invalid one is BAD_REQUEST with reason NEWSLETTER_INVALID_EMAIL.
   */
  add: publicProcedure
    .input(z.object({ email: z.string({ error: invalidEmail }).max(1000, invalidEmail) }))
    .handler(({ context, input }) => addNewsletterSubscriber(context.db, input.email)),
}
