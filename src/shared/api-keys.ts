import { z } from 'zod'

/**
 * API keys for the public API (docs/product/api.md): what a key may do, how long it lives, and the
 * rules the settings form states before the server checks them again.
 */

/**
 * What a key may do. Every API operation needs exactly one scope (recorded in its procedure's
 * meta): reading needs `read`, changing needs `write`, publishing to the business's sites needs
 * `publish`. Scopes are independent: a key has the ones it was given, nothing implied.
 */
export const API_SCOPES = ['read', 'write', 'publish'] as const
export type ApiScope = (typeof API_SCOPES)[number]

export const API_SCOPE_LABELS: Record<ApiScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'List and read keywords, research, topics, articles, integrations and performance.' },
  write: { label: 'Write', description: 'Add keywords, start research, generate and approve articles.' },
  publish: { label: 'Publish', description: 'Publish articles to your connected sites.' },
}

/** Every key starts with this, so a leaked one is recognisable (and secret scanners can match it). */
export const API_KEY_PREFIX = 'rp_'

/** Random letters after the prefix: 64 of [A-Za-z], about 365 bits. */
export const API_KEY_RANDOM_LENGTH = 64

/** Keys one account may hold at once; revoke one to make another. */
export const MAX_API_KEYS = 25

export const API_KEY_NAME_MAX = 64

/** The expiry choices: days from creation, or never (null). */
export const API_KEY_EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const
export type ApiKeyExpiry = (typeof API_KEY_EXPIRY_OPTIONS)[number]['value']

export const apiKeyCreateInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name, e.g. where it is used.')
    .max(API_KEY_NAME_MAX, `Keep the name to ${API_KEY_NAME_MAX} characters.`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `Choose scopes among: ${API_SCOPES.join(', ')}.` }))
    .min(1, 'Choose at least one scope.')
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope once.'),
  expiresInDays: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)], { error: 'Choose an expiry of 7, 30, 90 or 365 days, or none.' })
    .nullable(),
})
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateInput>

/** The demo account is shared: a key made there would let anyone in after the visitor left. */
export const DEMO_API_KEYS_LOCKED = 'The demo account is shared, so it cannot have API keys. Create your own account to try the API.'
