import { defineErrorCodes } from '~/server/rpc/errors'

export const GSC_ERRORS = defineErrorCodes({
  GSC_NOT_LINKED: {
    code: 'PRECONDITION_FAILED',
    message: 'Connect Search Console first: sign in with the Google account that manages your site in Search Console.',
  },
  GSC_SCOPE_MISSING: {
    code: 'PRECONDITION_FAILED',
    message: 'Your Google account did not give read access to Search Console. Connect Search Console again and allow it.',
  },
  GSC_RECONNECT: {
    code: 'PRECONDITION_FAILED',
    message: 'Google no longer gives access to your Search Console (access was removed or has expired). Reconnect Search Console.',
  },
  GSC_NO_PROPERTIES: {
    code: 'PRECONDITION_FAILED',
    message:
      'This Google account has no Search Console properties. Add and verify your site in Search Console, or connect another Google account.',
  },
  GSC_PROPERTY_NOT_IN_ACCOUNT: {
    code: 'BAD_REQUEST',
    message: 'This property is not one your connected Google account can read. Choose one from the list, or reconnect another account.',
  },
  GSC_UNAVAILABLE: { code: 'SERVICE_UNAVAILABLE', message: 'Search Console did not answer. Try again in a few minutes.' },
})
