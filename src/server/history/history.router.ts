import { z } from 'zod'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { HISTORY_DEFAULT_PAGE_SIZE, HISTORY_KINDS, HISTORY_STATUSES, isHistoryDay } from '~/shared/history'
import { businessIdInput } from '~/shared/id-inputs'
import { listHistory, retryHistoryEntry } from './history.service'

const day = (label: string) => z.string().trim().refine(isHistoryDay, `${label} must be a date as YYYY-MM-DD.`).optional()

const listInput = businessIdInput
  .extend({
    page: z.number().int('The page must be a whole number.').min(1, 'The page must be 1 or more.').max(10_000).default(1),
    perPage: z
      .number()
      .int('Rows per page must be a whole number.')
      .min(1, 'Show at least 1 row per page.')
      .max(100, 'Rows per page can be at most 100.')
      .default(HISTORY_DEFAULT_PAGE_SIZE),
    kinds: z
      .array(z.enum(HISTORY_KINDS, { message: `A kind is one of: ${HISTORY_KINDS.join(', ')}.` }))
      .max(HISTORY_KINDS.length)
      .optional(),
    statuses: z
      .array(z.enum(HISTORY_STATUSES, { message: `A status is one of: ${HISTORY_STATUSES.join(', ')}.` }))
      .max(HISTORY_STATUSES.length)
      .optional(),
    from: day('The start date'),
    to: day('The end date'),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  })

/** The timeline of one of the caller's businesses (docs/product/history.md). */
export const historyRouter = {
  /** One page of entries, newest first, of some kinds, statuses and days. */
  list: ownedBusinessProcedure(listInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => listHistory(context.db, { businessId: context.businessId, userId: context.user.id }, input)),
  /** Starts a failed article generation or research run again; answers the new job's id. */
  retry: ownedBusinessProcedure(businessIdInput.extend({ jobId: z.string().trim().uuid('That is not a history entry.') })).handler(
    ({ context, input }) => retryHistoryEntry(context.db, { userId: context.user.id, businessId: context.businessId, jobId: input.jobId }),
  ),
}
