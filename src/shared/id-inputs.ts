import { z } from 'zod'

/**
 * The id fields of procedure inputs, one rule for every router: generated row ids
 * (src/server/ids.ts), pg-boss job ids, and the business a call names.
 */

/** Generated row ids (src/server/ids.ts): anything else is refused before it reaches SQL. */
export const rowId = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(64, `That is not a ${label.toLowerCase()}.`)
    .regex(/^[0-9A-Za-z_-]*$/, `That is not a ${label.toLowerCase()}.`)

/** Job ids are pg-boss uuids. */
export const jobIdSchema = z.string().trim().uuid('That is not an analysis id.')

export const businessIdInput = z.object({ businessId: rowId('Business id') })
