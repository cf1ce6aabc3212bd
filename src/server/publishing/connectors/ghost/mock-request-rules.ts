import { createHash } from 'node:crypto'
import adminApiSchema, { type GhostSchemaError } from '@tryghost/admin-api-schema'
import { HttpResponse } from 'msw'

/**
 * What Ghost's Admin API refuses and how it words it, for the Ghost mock
 * (docs/product/publishing.md, What goes where): its request schema (@tryghost/admin-api-schema),
 * its database limits, the image types it takes and the upload limit in front of it; errors as its
 * error handler writes them.
 */

export const ghostError = (
  status: number,
  type: string,
  message: string,
  context: string | null = null,
  extra: { details?: unknown; property?: string | null } = {},
) =>
  HttpResponse.json(
    {
      errors: [
        {
          message,
          context,
          type,
          details: extra.details ?? null,
          property: extra.property ?? null,
          help: null,
          code: null,
          id: createHash('md5')
            .update(message + context)
            .digest('hex'),
          ghostErrorCode: null,
        },
      ],
    },
    { status },
  )

/**
 * Ghost's request schema for an Admin API call; undefined when the body passes (it may have been
 * stripped of fields the schema does not list, as Ghost strips them).
 */
export async function schemaProblem(data: unknown, schema: string, action: string) {
  try {
    await adminApiSchema.validate({ data, schema })
    return undefined
  } catch (error) {
    const refused = error as GhostSchemaError
    return ghostError(422, 'ValidationError', `Validation error, cannot ${action}.`, refused.message, {
      details: refused.errorDetails,
      property: refused.property,
    })
  }
}

/** Ghost's database limits on the fields a publisher sends, by table (posts, posts_meta), in characters. */
const MAX_LENGTH: Record<string, [table: string, max: number]> = {
  title: ['posts', 255],
  custom_excerpt: ['posts', 300],
  canonical_url: ['posts', 2000],
  codeinjection_head: ['posts', 65535],
  meta_title: ['posts_meta', 300],
  meta_description: ['posts_meta', 500],
  og_title: ['posts_meta', 300],
  og_description: ['posts_meta', 500],
  twitter_title: ['posts_meta', 300],
  twitter_description: ['posts_meta', 500],
  feature_image_alt: ['posts_meta', 191],
}

/** The types and extensions Ghost takes on images/upload/ (its config `uploads.images`); it checks both. */
export const IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/webp',
]
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.gif', '.png', '.svg', '.svgz', '.ico', '.webp']
/** `client_max_body_size 50m` in the nginx site Ghost-CLI sets up in front of Ghost. */
export const GHOST_MAX_UPLOAD_BYTES = 50 * 1024 * 1024

/** The page nginx answers a body over its limit with, before Ghost sees the request. */
export const NGINX_TOO_LARGE = `<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`

export type Draft = Record<string, unknown>

/** Ghost's database validation of a post's fields (after its request schema), in its words; undefined when they are valid. */
export function draftProblem(draft: Draft, creating: boolean) {
  if (creating || 'title' in draft) {
    const title = typeof draft.title === 'string' ? draft.title.trim() : ''
    if (!title) return 'Value in [posts.title] cannot be blank.'
  }
  for (const [field, [table, max]] of Object.entries(MAX_LENGTH)) {
    const value = draft[field]
    if (typeof value === 'string' && Array.from(value).length > max)
      return `Value in [${table}.${field}] exceeds maximum length of ${max} characters.`
  }
  for (const tag of Array.isArray(draft.tags) ? (draft.tags as unknown[]) : []) {
    const name = typeof tag === 'string' ? tag : (tag as { name?: unknown }).name
    if (typeof name !== 'string') continue
    if (name.startsWith(',')) return 'Validation (matches) failed for name'
  }
  return undefined
}
