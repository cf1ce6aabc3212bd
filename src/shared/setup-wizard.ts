import { z } from 'zod'
import { articleSettingsFields, businessProfileSchema, httpUrl, siteStructureSchema } from './business-profile'
import { jobIdSchema, rowId } from './id-inputs'

/**
 * The onboarding wizard's inputs (docs/product/pipeline.md), shared by its forms and its
 * procedures so both validate the same way. Built on the business schemas of business-profile.ts.
 */

/** Keyword ideas the analysis proposes for research (business.seeds). */
export const seedsSchema = z
  .array(z.string().trim().max(100, 'A seed keyword can be at most 100 characters.'))
  .max(30, 'Seed keywords can have at most 30 entries.')
  .transform((items) => [...new Set(items.filter((item) => item !== ''))])

/** Step 1's form: every profile field of the business, seeds included. */
export const setupProfileSchema = businessProfileSchema.extend({ seeds: seedsSchema.default([]) })
export type SetupProfileInput = z.input<typeof setupProfileSchema>
export type SetupProfile = z.output<typeof setupProfileSchema>

export const saveBusinessInput = z.object({
  /** The business being edited; omitted when step 1 creates it. */
  businessId: rowId('Business id').optional(),
  /** The analysis the form was filled from: links its crawl to the business. */
  analysisJobId: jobIdSchema.optional(),
  profile: setupProfileSchema,
})

export const addCompetitorInput = z.object({ businessId: rowId('Business id'), url: httpUrl('Competitor website') })

export const competitorIdInput = z.object({ businessId: rowId('Business id'), competitorId: rowId('Competitor id') })

/**
 * Step 3 and settings' "Sitemap and blog": both may stay empty (saved as null): a site without a
 * sitemap is crawled through its links, and a business without a blog has no posts for new
 * articles to match. A malformed address is refused under its field. A sitemap that is given is
 * also read by the server before it is saved (src/server/setup/sitemap-check.ts).
 */
export const siteStructureInput = siteStructureSchema

/** Settings' seed keywords: the same rule as step 1's. */
export const seedsInput = z.object({ seeds: seedsSchema })

/** Step 4: the first three article settings; the rest keep their defaults until settings. */
export const languageToneSchema = articleSettingsFields.pick({ language: true, tone: true, keywordRegion: true })
export const LANGUAGE_TONE_DEFAULTS = { language: 'English', tone: 'Informative', keywordRegion: 'US' } as const
