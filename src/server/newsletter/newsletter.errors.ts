import { defineErrorCodes } from '~/server/rpc/errors'

export const NEWSLETTER_ERRORS = defineErrorCodes({
  NEWSLETTER_INVALID_EMAIL: { code: 'BAD_REQUEST', message: 'Enter a valid email address, like name@example.com.' },
  NEWSLETTER_RATE_LIMITED: {
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many newsletter sign-ups from your connection in a short time. Try again in a few minutes.',
  },
})
