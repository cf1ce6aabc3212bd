import { z } from 'zod'
import { businessScopedProcedure } from '~/server/rpc/procedures'
import { KEYWORDS_MAX_PAGE_SIZE, KEYWORDS_PAGE_SIZE, listKeywords } from './keywords.service'

export const keywordListInput = z
  .object({
    page: z.number().int().min(1, 'Page must be 1 or more.').default(1),
    perPage: z
      .number()
      .int()
      .min(1, 'Rows per page must be at least 1.')
      .max(KEYWORDS_MAX_PAGE_SIZE, `Rows per page can be at most ${KEYWORDS_MAX_PAGE_SIZE}.`)
      .default(KEYWORDS_PAGE_SIZE),
  })
  .default({ page: 1, perPage: KEYWORDS_PAGE_SIZE })

export const keywordRouter = {
  /** The current business's keywords, newest first, one page at a time, with the total. */
  list: businessScopedProcedure
    .route({ method: 'GET' })
    .input(keywordListInput)
    .handler(({ context, input }) => listKeywords(context.db, { businessId: context.business.id, ...input })),
}
