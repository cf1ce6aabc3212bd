import { defineErrorCodes } from '~/server/rpc/errors'

/** Onboarding's reasons. A foreign id answers exactly like a missing one: NOT_FOUND. */
export const SETUP_ERRORS = defineErrorCodes({
  ANALYSIS_NOT_FOUND: { code: 'NOT_FOUND', message: 'This analysis does not exist, or it is not yours.' },
  ANALYSIS_NOT_READY: {
    code: 'PRECONDITION_FAILED',
    message: 'The analysis has not finished yet. Wait for it, or fill the form yourself.',
  },
  COMPETITOR_NOT_FOUND: { code: 'NOT_FOUND', message: 'Competitor not found.' },
  COMPETITOR_EXISTS: { code: 'CONFLICT', message: 'This competitor is already on your list.' },
  COMPETITOR_IS_OWN_SITE: { code: 'BAD_REQUEST', message: 'That is your own website. Add a competitor’s address instead.' },
  COMPETITOR_LIMIT_REACHED: { code: 'BAD_REQUEST', message: 'You can add at most 20 competitors.' },
  SITEMAP_UNREADABLE: { code: 'BAD_REQUEST', message: 'That address does not answer with a sitemap.' },
  SETUP_INCOMPLETE: { code: 'PRECONDITION_FAILED', message: 'Setup is not complete yet.' },
})

export const MAX_COMPETITORS = 20
