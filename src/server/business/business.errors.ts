import { BUSINESS_ACCESS_ERRORS } from '~/server/access/access.errors'
import { defineErrorCodes } from '~/server/rpc/errors'
import { DEMO_BUSINESS_LOCKED } from '~/shared/demo-account'

/**
 * Another user's business and a missing one give the same NOT_FOUND answer: an id never reveals
 * whether it exists.
 */
export const BUSINESS_ERRORS = {
  // Not found, not yours, none yet: the business checks of every call (src/server/access/access.errors.ts).
  ...BUSINESS_ACCESS_ERRORS,
  ...defineErrorCodes({
    BUSINESS_NAME_MISMATCH: { code: 'BAD_REQUEST', message: 'Type the business’s name exactly as shown to delete it.' },
    DEMO_BUSINESS_LOCKED: { code: 'FORBIDDEN', message: DEMO_BUSINESS_LOCKED },
  }),
}

/** Saving a business's profile (onboarding step 1). */
export const BUSINESS_SAVE_ERRORS = defineErrorCodes({
  BUSINESS_URL_TAKEN: { code: 'CONFLICT', message: 'You already have a business with this website address.' },
})
