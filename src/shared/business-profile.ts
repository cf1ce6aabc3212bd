import { z } from 'zod'

/**
 * The business's editable fields (spec §3 "business"), shared by onboarding, settings and the
 * server's input schemas: one definition, so a form and its procedure cannot disagree.
 */

/**
 * Spec §5 "Site address entry": starts with http → as typed; looks like a host with a dot → https://
 * prefixed; anything else is refused (the caller shows an error notification naming the field).
 */
export function normalizeSiteAddress(input: string): { ok: true; url: string } | { ok: false; value: string } {
  const value = input.trim()
  if (value.startsWith('http')) return { ok: true, url: value }
  if (/^[^\s/:]+\.[^\s/:]+(?::\d+)?(?:\/\S*)?$/.test(value)) return { ok: true, url: `https://${value}` }
  return { ok: false, value: input }
}

export const TONES = ['Informative', 'Conversational', 'Professional', 'Friendly', 'Authoritative', 'Playful'] as const

export const IMAGE_STYLES = [
  'Brand & Text Realism',
  'Photorealistic',
  'Flat Illustration',
  'Minimalist',
  '3D Render',
  'Watercolor',
  'Isometric',
  'Hand-drawn Sketch',
] as const

/** The keyword-data markets we support (DataForSEO location codes in providers/dataforseo/locations.ts). */
export const KEYWORD_REGIONS = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IN', name: 'India' },
] as const

/** Languages articles can be written in (product.md §2: the common 50+). */
export const LANGUAGES = [
  'English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Dutch', 'Swedish', 'Norwegian', 'Danish',
  'Finnish', 'Icelandic', 'Polish', 'Czech', 'Slovak', 'Hungarian', 'Romanian', 'Bulgarian', 'Greek', 'Turkish',
  'Russian', 'Ukrainian', 'Serbian', 'Croatian', 'Slovenian', 'Lithuanian', 'Latvian', 'Estonian', 'Arabic', 'Hebrew',
  'Persian', 'Hindi', 'Bengali', 'Urdu', 'Punjabi', 'Tamil', 'Telugu', 'Marathi', 'Gujarati', 'Kannada',
  'Malayalam', 'Thai', 'Vietnamese', 'Indonesian', 'Malay', 'Filipino', 'Chinese (Simplified)', 'Chinese (Traditional)', 'Japanese', 'Korean',
  'Swahili', 'Afrikaans', 'Catalan', 'Basque', 'Galician', 'Irish', 'Welsh',
] as const

const text = (label: string, max: number) => z.string().trim().max(max, `${label} can be at most ${max} characters.`)
const requiredText = (label: string, max: number) => text(label, max).min(1, `${label} is required.`)
const list = (label: string, maxItems = 20, maxLength = 200) =>
  z
    .array(text(label, maxLength))
    .max(maxItems, `${label} can have at most ${maxItems} entries.`)
    .transform((items) => items.filter((item) => item !== ''))

/** An absolute http(s) URL, as the site-address rule produces it. */
export const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} is too long.`)
    .refine((value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
      } catch {
        return false
      }
    }, `${label} must be a web address such as https://example.com.`)

const optionalUrl = (label: string) => z.union([z.literal(''), httpUrl(label)]).transform((value) => (value === '' ? null : value))

/** The profile's list fields with their labels, in the order onboarding and settings show them. */
export const PROFILE_LIST_FIELDS = [
  { name: 'targetAudiences', label: 'Target audiences' },
  { name: 'services', label: 'Services' },
  { name: 'primaryServices', label: 'Primary services' },
  { name: 'coreProducts', label: 'Core products' },
  { name: 'customerProblems', label: 'Customer problems' },
  { name: 'competitiveAdvantages', label: 'Competitive advantages' },
  { name: 'targetOutcomes', label: 'Target outcomes' },
] as const
export type ProfileListField = (typeof PROFILE_LIST_FIELDS)[number]['name']

/** What analysis fills and the user edits (onboarding step 1, settings "Business profile"). */
export const businessProfileSchema = z.object({
  name: requiredText('Business name', 120),
  url: httpUrl('Website'),
  description: requiredText('Description', 2000),
  industry: text('Industry', 120).default(''),
  businessModel: text('Business model', 200).default(''),
  valueProposition: text('Value proposition', 1000).default(''),
  targetAudiences: list('Target audiences').default([]),
  services: list('Services').default([]),
  primaryServices: list('Primary services').default([]),
  coreProducts: list('Core products').default([]),
  customerProblems: list('Customer problems').default([]),
  competitiveAdvantages: list('Competitive advantages').default([]),
  targetOutcomes: list('Target outcomes').default([]),
})
export type BusinessProfileInput = z.input<typeof businessProfileSchema>
export type BusinessProfile = z.output<typeof businessProfileSchema>

/** Onboarding step 3 (and settings). Empty clears the field. */
export const siteStructureSchema = z.object({
  sitemapUrl: optionalUrl('Sitemap URL'),
  blogUrl: optionalUrl('Blog URL'),
  bestArticles: z.array(httpUrl('Article URL')).max(20, 'Choose at most 20 best articles.').default([]),
})

/** Every article setting of spec §3, as settings saves them (onboarding step 4 sets the first three). */
export const articleSettingsSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose a language from the list.' }),
  tone: z.enum(TONES, { error: 'Choose a tone from the list.' }),
  keywordRegion: z.enum(KEYWORD_REGIONS.map((region) => region.code) as [string, ...string[]], { error: 'Choose a region from the list.' }),
  autoPublish: z.boolean(),
  internalLinks: z.number().int('Internal links must be a whole number.').min(0, 'Internal links cannot be negative.').max(10, 'At most 10 internal links per article.'),
  addYoutubeVideo: z.boolean(),
  addCta: z.boolean(),
  includeInfographics: z.boolean(),
  imageStyle: z.enum(IMAGE_STYLES, { error: 'Choose an image style from the list.' }),
  brandColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Brand colour must be a hex colour such as #7c3aed.')
    .transform((value) => value.toLowerCase()),
})
export type ArticleSettings = z.output<typeof articleSettingsSchema>
