import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import {
  draftProblem,
  ghostError,
  GHOST_MAX_UPLOAD_BYTES,
  IMAGE_EXTENSIONS,
  IMAGE_TYPES,
  NGINX_TOO_LARGE,
  schemaProblem,
  type Draft,
} from './mock-request-rules'

/**
 * A Ghost site's Admin API: it checks the short-lived JWT the way Ghost does (HS256, kid = the
 * admin key id, aud "/admin/", at most 5 minutes of validity, signed with the hex-decoded
 * secret) and answers in Ghost's shapes, errors as {errors:[{message, context, type, details,
 * property, …}]} the way Ghost's error handler words them. A post is validated as Ghost does: first
 * with Ghost's own request schema (@tryghost/admin-api-schema, posts-add / posts-edit: unknown
 * fields are dropped, wrong ones refused with 422), then with its database limits (title 255
 * characters, feature_image_alt 191, tag names 191 and not starting with a comma). Relative
 * addresses in feature_image and the HTML are kept and read against the Ghost site, as Ghost does,
 * so they point at files the site does not have (`ghostMock.hosts` tells). An upload must be a
 * type and extension Ghost lists (JPEG, PNG, GIF, WebP, SVG, ICO; 415 otherwise) and fit the
 * 50 MB a Ghost-CLI install's nginx lets through (its HTML 413 otherwise).
 * Endpoints: GET site/ (public), GET posts/, posts/slug/{slug}/, posts/{id}/; POST posts/;
 * PUT posts/{id}/ (409 UpdateCollisionError unless updated_at is the one last read);
 * POST images/upload/ (multipart `file`, optional `purpose` and `ref`).
 */

/** A well-formed admin key for demo sites: "{24 hex id}:{64 hex secret}". */
export const DEMO_GHOST_ADMIN_KEY = `${'6'.repeat(24)}:${'a1b2c3d4'.repeat(8)}`

export interface GhostPost {
  id: string
  uuid: string
  title: string
  slug: string
  html: string | null
  status: string
  url: string
  tags: string[]
  custom_excerpt: string | null
  meta_title: string | null
  meta_description: string | null
  canonical_url: string | null
  feature_image: string | null
  feature_image_alt: string | null
  published_at: string | null
  updated_at: string
}

export interface GhostImage {
  url: string
  ref: string | null
  contentType: string
  size: number
}

const state = { posts: [] as GhostPost[], images: [] as GhostImage[] }

export const ghostMock = {
  get posts(): readonly GhostPost[] {
    return state.posts
  },
  get images(): readonly GhostImage[] {
    return state.images
  },
  /** Whether Ghost has this file: an address images/upload/ answered. */
  hosts(url: string | null) {
    return url !== null && state.images.some((image) => image.url === url)
  },
  reset() {
    state.posts = []
    state.images = []
  },
}

const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>

/** Returns the reason a token is refused, in Ghost's words, or undefined when it is valid. */
export function ghostTokenProblem(authorization: string | null, adminKey: string, now = Date.now()): string | undefined {
  const [keyId, secret = ''] = adminKey.split(':')
  const match = /^Ghost (.+)$/.exec(authorization ?? '')
  if (!match?.[1]) return 'Authorization header format is "Authorization: Ghost [token]"'
  const parts = match[1].split('.')
  if (parts.length !== 3) return 'Invalid token: jwt malformed'
  const [headerPart = '', payloadPart = '', signature = ''] = parts
  let header: Record<string, unknown>
  let payload: Record<string, unknown>
  try {
    header = decodePart(headerPart)
    payload = decodePart(payloadPart)
  } catch {
    return 'Invalid token: jwt malformed'
  }
  if (header.alg !== 'HS256') return 'Invalid token: invalid algorithm'
  if (header.kid !== keyId) return 'Unknown Admin API Key'
  const expected = createHmac('sha256', Buffer.from(secret, 'hex')).update(`${headerPart}.${payloadPart}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Invalid token: invalid signature'
  if (payload.aud !== '/admin/') return 'Invalid token: jwt audience invalid. expected: /admin/'
  const seconds = Math.floor(now / 1000)
  if (typeof payload.exp !== 'number' || payload.exp <= seconds) return 'Invalid token: jwt expired'
  if (typeof payload.iat !== 'number' || payload.exp - payload.iat > 5 * 60) return 'Invalid token: maxAge exceeded'
  return undefined
}

function ghostSlug(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Ghost object ids are 24 hex chars; ours follow from the site, the slug and the count. */
function objectId(...parts: string[]) {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

export function ghostHandlers(options: { baseUrl?: string; adminKey?: string; maxUploadBytes?: number } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://demo.ghost.io').replace(/\/$/, '')
  const maxUploadBytes = options.maxUploadBytes ?? GHOST_MAX_UPLOAD_BYTES
  const adminKey = options.adminKey ?? DEMO_GHOST_ADMIN_KEY
  const admin = `${base}/ghost/api/admin`

  const unauthorized = (request: Request) => {
    const problem = ghostTokenProblem(request.headers.get('authorization'), adminKey)
    if (!problem) return undefined
    return ghostError(401, 'UnauthorizedError', problem.startsWith('Invalid token') ? 'Invalid token' : problem, problem)
  }

  const postUrl = (post: Pick<GhostPost, 'status' | 'slug' | 'uuid'>) =>
    post.status === 'published' ? `${base}/${post.slug}/` : `${base}/p/${post.uuid}/`

  const serialize = (post: GhostPost) => ({
    ...post,
    visibility: 'public',
    tags: post.tags.map((name) => ({ id: objectId('tag', name), name, slug: ghostSlug(name) })),
  })

  /** An address as Ghost outputs it: a relative one is read against the site (where our files are not). */
  const onSite = (value: string) => {
    try {
      return new URL(value, `${base}/`).href
    } catch {
      return value
    }
  }

  /** Ghost keeps html only when the request says ?source=html; otherwise it expects Lexical. */
  const htmlOf = (request: Request, draft: Draft) =>
    new URL(request.url).searchParams.get('source') === 'html' && typeof draft.html === 'string'
      ? draft.html.replace(
          /\b(src|href)="(?![a-z][a-z0-9+.-]*:|#)([^"]*)"/gi,
          (_match, attribute: string, value: string) => `${attribute}="${onSite(value)}"`,
        )
      : null

  const imageOf = (value: unknown) => {
    const url = text(value)
    return url === null ? null : onSite(url)
  }

  const tagsOf = (draft: Draft) =>
    (draft.tags as Array<{ name?: string } | string>).map((tag) => (typeof tag === 'string' ? tag : String(tag.name ?? ''))).filter(Boolean)

  /** The request body as Ghost's schema sees it; posts[0] after validation. */
  const readInput = async (request: Request) => (await request.json().catch(() => null)) as { posts?: Draft[] } | null

  const find = (id: string) => state.posts.find((post) => post.id === id)

  return [
    // The site endpoint is public in Ghost: it answers without a token.
    http.get(
      `${admin}/site/`,
      withFaults('ghost', () =>
        HttpResponse.json({
          site: {
            title: 'Demo Ghost',
            description: 'A Ghost site',
            logo: null,
            icon: null,
            accent_color: '#15171A',
            locale: 'en',
            url: `${base}/`,
            version: '5.120',
          },
        }),
      ),
    ),

    http.get(
      `${admin}/posts/`,
      withFaults('ghost', ({ request }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        const limit = Math.max(1, Number(new URL(request.url).searchParams.get('limit') ?? 15) || 15)
        const posts = state.posts.slice(0, limit)
        return HttpResponse.json({
          posts: posts.map(serialize),
          meta: {
            pagination: {
              page: 1,
              limit,
              pages: Math.max(1, Math.ceil(state.posts.length / limit)),
              total: state.posts.length,
              next: null,
              prev: null,
            },
          },
        })
      }),
    ),

    http.get(
      `${admin}/posts/slug/:slug/`,
      withFaults('ghost', ({ request, params }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        const post = state.posts.find((candidate) => candidate.slug === String(params.slug))
        if (!post) return ghostError(404, 'NotFoundError', 'Resource not found error, cannot read post.', 'Post not found.')
        return HttpResponse.json({ posts: [serialize(post)] })
      }),
    ),

    http.get(
      `${admin}/posts/:id/`,
      withFaults('ghost', ({ request, params }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        const post = find(String(params.id))
        if (!post) return ghostError(404, 'NotFoundError', 'Resource not found error, cannot read post.', 'Post not found.')
        return HttpResponse.json({ posts: [serialize(post)] })
      }),
    ),

    http.post(
      `${admin}/posts/`,
      withFaults('ghost', async ({ request }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        const input = await readInput(request)
        const refusedBySchema = await schemaProblem(input, 'posts-add', 'save post')
        if (refusedBySchema) return refusedBySchema
        const draft = input!.posts![0]!
        const problem = draftProblem(draft, true)
        if (problem) return ghostError(422, 'ValidationError', 'Validation error, cannot save post.', problem)
        const title = String(draft.title).trim()
        const status = String(draft.status ?? 'draft')
        let slug = ghostSlug(String(draft.slug ?? '') || title)
        if (state.posts.some((post) => post.slug === slug))
          slug = `${slug}-${state.posts.filter((post) => post.slug.startsWith(slug)).length + 1}`
        const id = objectId(base, slug, String(state.posts.length))
        const uuid = objectId('uuid', id)
          .padEnd(32, '0')
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')
        const now = new Date().toISOString()
        const post: GhostPost = {
          id,
          uuid,
          title,
          slug,
          html: htmlOf(request, draft),
          status,
          url: postUrl({ status, slug, uuid }),
          tags: Array.isArray(draft.tags) ? tagsOf(draft) : [],
          custom_excerpt: text(draft.custom_excerpt),
          meta_title: text(draft.meta_title),
          meta_description: text(draft.meta_description),
          canonical_url: text(draft.canonical_url),
          feature_image: imageOf(draft.feature_image),
          feature_image_alt: text(draft.feature_image_alt),
          published_at: status === 'published' ? (text(draft.published_at) ?? now) : null,
          updated_at: now,
        }
        state.posts.push(post)
        return HttpResponse.json({ posts: [serialize(post)] }, { status: 201, headers: { Location: `${admin}/posts/${id}/` } })
      }),
    ),

    // An edit must carry the updated_at it read, or Ghost refuses it as a collision.
    http.put(
      `${admin}/posts/:id/`,
      withFaults('ghost', async ({ request, params }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        const input = await readInput(request)
        const refusedBySchema = await schemaProblem(input, 'posts-edit', 'edit post')
        if (refusedBySchema) return refusedBySchema
        const draft = input!.posts![0]!
        const post = find(String(params.id))
        if (!post) return ghostError(404, 'NotFoundError', 'Resource not found error, cannot edit post.', 'Post not found.')
        if (draft.updated_at !== post.updated_at)
          return ghostError(409, 'UpdateCollisionError', 'Saving failed! Someone else is editing this post.', null)
        const problem = draftProblem(draft, false)
        if (problem) return ghostError(422, 'ValidationError', 'Validation error, cannot edit post.', problem)
        if (typeof draft.title === 'string') post.title = draft.title.trim()
        if (typeof draft.slug === 'string' && draft.slug) post.slug = ghostSlug(draft.slug)
        if ('html' in draft) post.html = htmlOf(request, draft) ?? post.html
        if (Array.isArray(draft.tags)) post.tags = tagsOf(draft)
        for (const field of [
          'custom_excerpt',
          'meta_title',
          'meta_description',
          'canonical_url',
          'feature_image',
          'feature_image_alt',
        ] as const) {
          if (field in draft) post[field] = field === 'feature_image' ? imageOf(draft[field]) : text(draft[field])
        }
        if (typeof draft.status === 'string') {
          if (draft.status === 'published' && post.status !== 'published')
            post.published_at = text(draft.published_at) ?? new Date().toISOString()
          post.status = draft.status
        }
        post.url = postUrl(post)
        post.updated_at = new Date(Math.max(Date.now(), Date.parse(post.updated_at) + 1)).toISOString()
        return HttpResponse.json({ posts: [serialize(post)] })
      }),
    ),

    http.post(
      `${admin}/images/upload/`,
      withFaults('ghost', async ({ request }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        if (Number(request.headers.get('content-length') ?? 0) > maxUploadBytes)
          return new HttpResponse(NGINX_TOO_LARGE, { status: 413, headers: { 'Content-Type': 'text/html' } })
        const form = await request.formData().catch(() => null)
        const file = form?.get('file')
        if (!form || !(file instanceof File) || file.size === 0) return ghostError(422, 'ValidationError', 'Please select an image.')
        if (file.size > maxUploadBytes) return new HttpResponse(NGINX_TOO_LARGE, { status: 413, headers: { 'Content-Type': 'text/html' } })
        const extension = /\.[^.]*$/.exec(file.name.toLowerCase())?.[0] ?? ''
        if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.includes(extension))
          return ghostError(415, 'UnsupportedMediaTypeError', 'Please select a valid image.')
        const fields = Object.fromEntries(
          ['purpose', 'ref'].filter((key) => typeof form.get(key) === 'string').map((key) => [key, String(form.get(key))]),
        )
        const refusedBySchema = await schemaProblem(fields, 'images-upload', 'upload image')
        if (refusedBySchema) return refusedBySchema
        const name = file.name.toLowerCase().replace(/[^a-z0-9.]+/g, '-')
        const url = `${base}/content/images/${new Date().getUTCFullYear()}/01/${name}`
        const ref = typeof fields.ref === 'string' ? fields.ref : null
        state.images.push({ url, ref, contentType: file.type, size: file.size })
        return HttpResponse.json({ images: [{ url, ref }] }, { status: 201 })
      }),
    ),
  ]
}
