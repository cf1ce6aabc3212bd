import { defineErrorCodes } from '~/server/rpc/errors'
import { KEYWORDS_BULK_LIMIT } from '~/shared/keywords'

/**
 * Bulk actions name keywords by id: a missing id and another business's id give the same
 * NOT_FOUND, so an id never reveals whether it exists elsewhere.
 */
export const KEYWORD_ERRORS = defineErrorCodes({
  KEYWORDS_NOT_FOUND: { code: 'NOT_FOUND', message: 'Some of the selected keywords were not found. Refresh the list and try again.' },
  KEYWORDS_TOO_MANY: { code: 'BAD_REQUEST', message: `Select at most ${KEYWORDS_BULK_LIMIT} keywords at a time.` },
  KEYWORDS_NOT_RESTORABLE: {
    code: 'NOT_FOUND',
    message: 'These keywords can no longer be restored: they were restored already, or were not deleted here.',
  },
  KEYWORD_STATUS_PUBLISHED: {
    code: 'BAD_REQUEST',
    message: 'A keyword is marked published when its article is published. Publish the article instead.',
  },
  KEYWORD_PUBLISHED_STAYS: {
    code: 'CONFLICT',
    message: 'A published keyword cannot be set back: its article is live. Archive it to take it off the plan.',
  },
  KEYWORD_STATUS_FOLLOWS_ARTICLE: {
    code: 'CONFLICT',
    message:
      'A keyword with an article shows the article’s status. Approve or publish the article on the Content page, or archive the keyword.',
  },
  KEYWORD_DRAFT_NEEDS_ARTICLE: {
    code: 'BAD_REQUEST',
    message: 'A keyword is a draft while its article waits for review. Generate its article instead.',
  },
  KEYWORD_ALREADY_EXISTS: { code: 'CONFLICT', message: 'Some of these keywords exist again already, so they were not restored.' },
})
