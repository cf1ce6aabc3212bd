import { z } from 'zod'
import { ARTICLE_LENGTH } from './articles/length-target'
import { MARKET_COUNTRIES, marketCountry } from './markets'

/**
 * The business's editable fields (docs/product/entities.md), shared by onboarding, settings and the
 * server's input schemas: one definition, so a form and its procedure cannot disagree.
 */

/** Why a value is not a web address a user may give us (see `webAddressProblem`). */
export type WebAddressProblem = 'invalid' | 'scheme' | 'credentials'

/** What the user is told, naming the field: "Competitor website must start with http:// or https://." */
export const WEB_ADDRESS_MESSAGES: Record<WebAddressProblem, (label: string) => string> = {
  invalid: (label) => `${label} must be a web address such as https://example.com.`,
  scheme: (label) => `${label} must start with http:// or https://.`,
  credentials: (label) => `${label} must not contain a user name or password.`,
}

/**
 * The one rule for every address a user gives us (their site, competitors, sitemap, blog,
 * articles): written out as `http://` or `https://` (any other scheme, `javascript:` and `data:`
 * included, is refused, and so are half-schemes like "http:/x" that a URL parser would repair),
 * no user name or password, no spaces, control characters or backslashes (which parsers drop or
 * turn into slashes, so the stored text would differ from what is fetched), and a host name with
 * a dot. Returns undefined when the value passes.
 */
export function webAddressProblem(value: string): WebAddressProblem | undefined {
  if (!/^https?:\/\//i.test(value)) return /^[a-z][a-z\d+.-]*:/i.test(value) && !/^https?:/i.test(value) ? 'scheme' : 'invalid'
  if (/[\s\\\p{Cc}]/u.test(value)) return 'invalid'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'invalid'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme'
  if (url.username !== '' || url.password !== '' || /^https?:\/\/[^/?#]*@/i.test(value)) return 'credentials'
  if (!/^[^.]+(?:\.[^.]+)+$/.test(url.hostname)) return 'invalid'
  return undefined
}

/** A host with a dot, an optional port and path, without a scheme: "example.com", "shop.example.com:8080/en". */
const BARE_HOST = /^[^\s/:]+\.[^\s/:]+(?::\d+)?(?:\/\S*)?$/

/**
 * The site-address rule (docs/product/entities.md): starting with http: or https: → as typed; looks like a
 * host with a dot → https:// prefixed ("httpbin.org" is a host, not a scheme); anything else is
 * refused (the caller shows an error notification naming the field). Either way the result must
 * pass `webAddressProblem`, so no other scheme and no credentials ever come out of it.
 */
export function normalizeSiteAddress(input: string): { ok: true; url: string } | { ok: false; value: string } {
  const value = input.trim()
  const url = /^https?:/i.test(value) ? value : BARE_HOST.test(value) ? `https://${value}` : undefined
  if (url === undefined || webAddressProblem(url) !== undefined) return { ok: false, value: input }
  return { ok: true, url }
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

/** The keyword-data markets: every country DataForSEO serves (src/shared/markets.ts), by ISO 3166-1 code and name. */
export const KEYWORD_REGIONS: readonly { code: string; name: string }[] = MARKET_COUNTRIES.map(({ code, name }) => ({ code, name }))

/** Languages articles can be written in: the 50-odd most common. */
export const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Swedish',
  'Norwegian',
  'Danish',
  'Finnish',
  'Icelandic',
  'Polish',
  'Czech',
  'Slovak',
  'Hungarian',
  'Romanian',
  'Bulgarian',
  'Greek',
  'Turkish',
  'Russian',
  'Ukrainian',
  'Serbian',
  'Croatian',
  'Slovenian',
  'Lithuanian',
  'Latvian',
  'Estonian',
  'Arabic',
  'Hebrew',
  'Persian',
  'Hindi',
  'Bengali',
  'Urdu',
  'Punjabi',
  'Tamil',
  'Telugu',
  'Marathi',
  'Gujarati',
  'Kannada',
  'Malayalam',
  'Thai',
  'Vietnamese',
  'Indonesian',
  'Malay',
  'Filipino',
  'Chinese (Simplified)',
  'Chinese (Traditional)',
  'Japanese',
  'Korean',
  'Swahili',
  'Afrikaans',
  'Catalan',
  'Basque',
  'Galician',
  'Irish',
  'Welsh',
] as const

const text = (label: string, max: number) => z.string().trim().max(max, `${label} can be at most ${max} characters.`)
const requiredText = (label: string, max: number) => text(label, max).min(1, `${label} is required.`)
const list = (label: string, maxItems = 20, maxLength = 200) =>
  z
    .array(text(label, maxLength))
    .max(maxItems, `${label} can have at most ${maxItems} entries.`)
    .transform((items) => items.filter((item) => item !== ''))

/** An absolute http(s) URL, as the site-address rule produces it (`webAddressProblem`), with a message naming the field. */
export const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} is too long.`)
    .superRefine((value, context) => {
      const problem = webAddressProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: WEB_ADDRESS_MESSAGES[problem](label) })
    })

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

const formatWords = (words: number) => words.toLocaleString('en-US')

/** Every article setting of a business, field by field (onboarding step 4 picks the first three). */
export const articleSettingsFields = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose a language from the list.' }),
  tone: z.enum(TONES, { error: 'Choose a tone from the list.' }),
  keywordRegion: z
    .string()
    .trim()
    .transform((code) => marketCountry(code)?.code ?? code)
    .refine((code) => marketCountry(code) !== undefined, 'Choose a region from the list.'),
  autoPublish: z.boolean(),
  internalLinks: z
    .number()
    .int('Internal links must be a whole number.')
    .min(0, 'Internal links cannot be negative.')
    .max(10, 'At most 10 internal links per article.'),
  /** Articles are written this many days before their publishing day. */
  articleLeadDays: z
    .number()
    .int('Lead time must be a whole number of days.')
    .min(1, 'Write articles at least 1 day ahead.')
    .max(14, 'Write articles at most 14 days ahead.'),
  /** Below this SEO score an article is held for review, in autopilot too. */
  seoScoreFloor: z
    .number()
    .int('The score floor must be a whole number.')
    .min(0, 'The score floor cannot be negative.')
    .max(100, 'The score floor is at most 100.'),
  /** An article's target length is the SERP median clamped to these (docs/product/pipeline.md "Length"). */
  articleMinWords: z
    .number()
    .int('The minimum length must be a whole number of words.')
    .min(ARTICLE_LENGTH.lowestMinWords, `Articles must be at least ${ARTICLE_LENGTH.lowestMinWords} words long.`)
    .max(ARTICLE_LENGTH.highestMaxWords, `The minimum length is at most ${formatWords(ARTICLE_LENGTH.highestMaxWords)} words.`),
  articleMaxWords: z
    .number()
    .int('The maximum length must be a whole number of words.')
    .min(ARTICLE_LENGTH.lowestMinWords, `The maximum length is at least ${ARTICLE_LENGTH.lowestMinWords} words.`)
    .max(ARTICLE_LENGTH.highestMaxWords, `Articles can be at most ${formatWords(ARTICLE_LENGTH.highestMaxWords)} words long.`),
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

/** Every article setting of a business, as settings saves them: the length range must not be upside down. */
export const articleSettingsSchema = articleSettingsFields.refine((settings) => settings.articleMinWords <= settings.articleMaxWords, {
  message: 'The maximum length must be at least the minimum length.',
  path: ['articleMaxWords'],
})
export type ArticleSettings = z.output<typeof articleSettingsSchema>
