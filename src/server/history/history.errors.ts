import { defineErrorCodes } from '~/server/rpc/errors'

export const HISTORY_ERRORS = defineErrorCodes({
  ENTRY_NOT_FOUND: { code: 'NOT_FOUND', message: 'This entry was not found. Refresh the history and try again.' },
  NOT_RETRYABLE: {
    code: 'CONFLICT',
    message: 'Only a failed article generation, research run, publishing or webhook event can be retried.',
  },
  ALREADY_RETRIED: { code: 'CONFLICT', message: 'This was already run again. Its newer entry is at the top of the history.' },
})
