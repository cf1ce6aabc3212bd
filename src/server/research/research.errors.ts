import { defineErrorCodes } from '~/server/rpc/errors'

export const RESEARCH_ERRORS = defineErrorCodes({
  RESEARCH_RUNNING: {
    code: 'CONFLICT',
    message: 'Keyword research is already running for this business. Wait for it to finish, or cancel it first.',
  },
  RESEARCH_NOT_RUNNING: { code: 'NOT_FOUND', message: 'No keyword research is running for this business.' },
  KEYWORD_NOT_FOUND: { code: 'NOT_FOUND', message: 'This keyword was not found. Refresh the list and try again.' },
  CLUSTER_NOT_FOUND: { code: 'NOT_FOUND', message: 'This topic was not found. Refresh the page and try again.' },
  DATE_INVALID: { code: 'BAD_REQUEST', message: 'Choose a date as YYYY-MM-DD.' },
  DATE_IN_PAST: { code: 'BAD_REQUEST', message: 'Choose a date from tomorrow on.' },
  KEYWORD_PUBLISHED: { code: 'CONFLICT', message: 'This keyword’s article is already published, so its date cannot change.' },
  ARTICLE_TYPE_WRITTEN: {
    code: 'CONFLICT',
    message: 'This keyword’s article is already written, so its type stays. Regenerate it to write it again as the same type.',
  },
  KEYWORD_NOT_IN_CLUSTER: { code: 'BAD_REQUEST', message: 'Only a keyword of this topic can be its pillar.' },
})
