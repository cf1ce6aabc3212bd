import { defineErrorCodes } from '~/server/rpc/errors'

export const NEWSLETTER_ERRORS = defineErrorCodes({
  NEWSLETTER_INVALID_EMAIL: { code: 'BAD_REQUEST', message: 'Enter a valid email address, like name@example.com.' },
})
