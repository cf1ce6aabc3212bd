import { defineErrorCodes } from '~/server/rpc/errors'

export const ARTICLE_ERRORS = defineErrorCodes({
  ARTICLE_NOT_FOUND: { code: 'NOT_FOUND', message: 'This article was not found. Refresh the list and try again.' },
  KEYWORD_NOT_FOUND: { code: 'NOT_FOUND', message: 'This keyword was not found. Refresh the list and try again.' },
  KEYWORD_ARCHIVED: { code: 'CONFLICT', message: 'This keyword is archived. Restore it to the plan before writing its article.' },
  ARTICLE_EXISTS: { code: 'CONFLICT', message: 'This keyword already has an article. Open it to regenerate it.' },
  ARTICLE_GENERATING: { code: 'CONFLICT', message: 'This article is being written right now. Wait for it to finish.' },
  ARTICLE_WITHOUT_KEYWORD: {
    code: 'CONFLICT',
    message: 'This article’s keyword was deleted, so it cannot be written again. Add the keyword back to regenerate it.',
  },
  VERSION_NOT_FOUND: { code: 'NOT_FOUND', message: 'This version of the article was not found. Refresh the article and try again.' },
  SECTION_NOT_FOUND: {
    code: 'BAD_REQUEST',
    message: 'This section is not in the article any more. Reload the article and choose one of its sections.',
  },
  EDIT_NO_TITLE: { code: 'BAD_REQUEST', message: 'Start the article with its title as a heading: a line that begins with "# ".' },
  EDIT_CONFLICT: {
    code: 'CONFLICT',
    message:
      'This article changed since you started editing (it was regenerated, restored or saved elsewhere). Your text is still in the editor: copy what you need, then reload.',
  },
  ARTICLE_NOT_APPROVABLE: { code: 'CONFLICT', message: 'Only a draft or an article held for review can be approved.' },
})
