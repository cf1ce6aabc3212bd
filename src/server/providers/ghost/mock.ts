import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * A Ghost site's Admin API: it checks the short-lived JWT the way Ghost does (HS256, kid = the
 * admin key id, aud "/admin/", at most 5 minutes of validity, signed with the hex-decoded
 * secret) and answers in Ghost's shapes, errors as {errors:[{message, context, type}]}.
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
}

const state = { posts: [] as GhostPost[] }

export const ghostMock = {
  get posts(): readonly GhostPost[] {
    return state.posts
  },
  reset() {
    state.posts = []
  },
}

const ghostError = (status: number, type: string, message: string, context: string | null = null) =>
  HttpResponse.json(
    {
      errors: [
        {
          message,
          context,
          type,
          details: null,
          property: null,
          help: null,
          code: null,
          id: createHash('md5')
            .update(message + context)
            .digest('hex'),
        },
      ],
    },
    { status },
  )

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

export function ghostHandlers(options: { baseUrl?: string; adminKey?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://demo.ghost.io').replace(/\/$/, '')
  const adminKey = options.adminKey ?? DEMO_GHOST_ADMIN_KEY

  return [
    http.post(
      `${base}/ghost/api/admin/posts/`,
      withFaults('ghost', async ({ request }) => {
        const problem = ghostTokenProblem(request.headers.get('authorization'), adminKey)
        if (problem) return ghostError(401, 'UnauthorizedError', problem.startsWith('Invalid token') ? 'Invalid token' : problem, problem)
        const input = (await request.json().catch(() => null)) as { posts?: Array<Record<string, unknown>> } | null
        const draft = input?.posts?.[0]
        if (!draft) return ghostError(422, 'ValidationError', 'Validation error, cannot save post.', "No root key ('posts') provided.")
        const title = typeof draft.title === 'string' ? draft.title.trim() : ''
        if (!title)
          return ghostError(422, 'ValidationError', 'Validation error, cannot save post.', 'Value in [posts.title] cannot be blank.')
        const status = String(draft.status ?? 'draft')
        if (!['draft', 'published', 'scheduled'].includes(status)) {
          return ghostError(422, 'ValidationError', 'Validation error, cannot save post.', `Validation (isIn) failed for status`)
        }
        let slug = ghostSlug(String(draft.slug ?? '') || title)
        if (state.posts.some((post) => post.slug === slug))
          slug = `${slug}-${state.posts.filter((post) => post.slug.startsWith(slug)).length + 1}`
        const id = objectId(base, slug, String(state.posts.length))
        const uuid = objectId('uuid', id)
          .padEnd(32, '0')
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')
        // Without ?source=html Ghost expects Lexical and drops the html field.
        const html = new URL(request.url).searchParams.get('source') === 'html' && typeof draft.html === 'string' ? draft.html : null
        const tags = Array.isArray(draft.tags)
          ? (draft.tags as Array<{ name?: string }>).map((tag) => String(tag.name ?? '')).filter(Boolean)
          : []
        const post: GhostPost = {
          id,
          uuid,
          title,
          slug,
          html,
          status,
          url: status === 'published' ? `${base}/${slug}/` : `${base}/p/${uuid}/`,
          tags,
        }
        state.posts.push(post)
        const now = new Date().toISOString()
        return HttpResponse.json(
          {
            posts: [
              {
                id,
                uuid,
                title,
                slug,
                html,
                status,
                url: post.url,
                visibility: 'public',
                created_at: now,
                updated_at: now,
                published_at: status === 'published' ? now : null,
                tags: tags.map((name) => ({ id: objectId('tag', name), name, slug: ghostSlug(name) })),
              },
            ],
          },
          { status: 201, headers: { Location: `${base}/ghost/api/admin/posts/${id}/` } },
        )
      }),
    ),
  ]
}
