import { z } from 'zod'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { TOP_DIMENSIONS, TOP_TABLE } from '~/shared/search-console'
import { TOP_FILTER_MAX_LENGTH, TOP_FILTER_TOO_LONG } from '~/shared/search-console-filter'
import { businessIdInput, rowId } from '~/shared/id-inputs'
import { HISTORY_MONTHS } from './dates'
import { opportunities } from './opportunities.service'
import { performance, topRows } from './performance.service'
import { listProperties, selectProperty } from './properties.service'
import { DAY_MS } from '~/shared/time'

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-01-31.`)
    .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), `${label} is not a real date.`)

/** At most Search Console's 16 months, and a little more for ranges that do not start on the 1st. */
const MAX_RANGE_DAYS = 31 * (HISTORY_MONTHS + 1)

/** A date range Search Console can answer: from ≤ to, at most 16 months. */
const inRange = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((input) => input.from <= input.to, { message: 'The start date must be on or before the end date.', path: ['from'] })
    .refine((input) => (Date.parse(input.to) - Date.parse(input.from)) / DAY_MS < MAX_RANGE_DAYS, {
      message: `Choose a range of at most ${HISTORY_MONTHS} months.`,
      path: ['from'],
    })

const range = { from: day('The start date'), to: day('The end date') }

const performanceInput = inRange(
  businessIdInput
    .extend({
      ...range,
      page: z.url({ error: 'The page must be a full address (https://…).' }).max(2000).optional(),
      articleId: rowId('Article id').optional(),
    })
    .refine((input) => !(input.page && input.articleId), { message: 'Ask for one page or one article, not both.', path: ['page'] }),
)

const topInput = inRange(
  businessIdInput.extend({
    ...range,
    dimension: z.enum(TOP_DIMENSIONS, { error: `List ${TOP_DIMENSIONS.join(' or ')}.` }),
    articleId: rowId('Article id').optional(),
    /** Only the queries (or page addresses) holding this text, any case; trimmed, blank is no filter. */
    contains: z.string().trim().max(TOP_FILTER_MAX_LENGTH, TOP_FILTER_TOO_LONG).optional(),
    page: TOP_TABLE.page.default(1),
    perPage: TOP_TABLE.perPage.default(TOP_TABLE.defaults.perPage),
    sort: TOP_TABLE.sort.default(() => TOP_TABLE.defaults.sort),
  }),
)

/** Search Console for one of the caller's businesses (docs/product/search-console.md). */
export const gscRouter = {
  /** The linked Google account's properties, the one covering the business's site suggested, and the current choice. */
  properties: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => listProperties(context.db, context.business, context.providers.searchConsole(context.business.userId))),
  /** Chooses the business's property (one of the account's own), sets it connected and starts its 16-month backfill. */
  select: ownedBusinessProcedure(businessIdInput.extend({ siteUrl: z.string().trim().min(1, 'Choose a property.').max(2000) })).handler(
    ({ context, input }) =>
      selectProperty(context.db, context.business, input.siteUrl, context.providers.searchConsole(context.business.userId)),
  ),
  /**
   * Daily clicks, impressions, CTR and position with totals, against the previous period of the same
   * length. Of the whole site, one page (`page`) or one article (`articleId`).
   */
  performance: ownedBusinessProcedure(performanceInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => performance(context.db, context.businessId, input)),
  /**
   * The range's queries or pages (`dimension`) with their clicks, impressions, CTR and position, of
   * the whole site or one article, those holding a text only (`contains`): one page of them in the
   * order asked, and how many there are.
   */
  top: ownedBusinessProcedure(topInput)
    .route({ method: 'GET' })
    .handler(({ context, input }) => topRows(context.db, context.businessId, input)),
  /** Striking-distance queries, decaying articles and cannibalised queries over the last 28 days past the lag. */
  opportunities: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => opportunities(context.db, context.businessId)),
}
