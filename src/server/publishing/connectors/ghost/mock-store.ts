import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { ghostError, GHOST_MAX_UPLOAD_BYTES, type Draft } from './mock-request-rules'

/** The stand-in Ghost's records and what its routes share (mock.ts lists the routes). */

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

export const state = { posts: [] as GhostPost[], images: [] as GhostImage[] }

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

export function ghostSlug(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Ghost object ids are 24 hex chars; ours follow from the site, the slug and the count. */
export function objectId(...parts: string[]) {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)
}

export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

export interface GhostMockOptions {
  baseUrl?: string
  adminKey?: string
  maxUploadBytes?: number
}

/** One stand-in Ghost site: its address and key, and the answers its routes share. */
export type GhostSite = ReturnType<typeof ghostSite>

export function ghostSite(options: GhostMockOptions) {
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

  return { base, maxUploadBytes, admin, unauthorized, postUrl, serialize, htmlOf, imageOf, tagsOf, readInput, find }
}
