import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'

/**
 * A WordPress site's REST API (wp/v2) as our publisher uses it: application-password Basic auth,
 * posts and raw-bytes media uploads, and WordPress's own error shape {code, message, data:{status}}.
 */

export interface WordpressPost {
  id: number
  title: string
  content: string
  status: string
  slug: string
  excerpt: string
  featured_media: number
  link: string
}

export interface WordpressMedia {
  id: number
  filename: string
  mimeType: string
  bytes: number
  source_url: string
}

const state = { nextId: 1, posts: [] as WordpressPost[], media: [] as WordpressMedia[] }

export const wordpressMock = {
  get posts(): readonly WordpressPost[] {
    return state.posts
  },
  get media(): readonly WordpressMedia[] {
    return state.media
  },
  reset() {
    state.nextId = 1
    state.posts = []
    state.media = []
  },
}

const wpError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ code, message, data: { status, ...extra } }, { status })

/** WordPress's sanitize_title, near enough for ASCII titles. */
export function wordpressSlug(text: string) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
}

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private']

export function wordpressHandlers(options: { baseUrl?: string; username?: string; applicationPassword?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://blog.example.com').replace(/\/$/, '')

  /** With configured credentials only those pass; otherwise any pair but the password "wrong". */
  function authFailure(request: Request) {
    const header = request.headers.get('authorization')
    if (!header?.startsWith('Basic ')) return wpError(401, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.')
    const [user = '', password = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(/:(.*)/s)
    const expectedUser = options.username
    if (expectedUser !== undefined && user !== expectedUser) {
      return wpError(401, 'invalid_username', 'Unknown username. Check again or try your email address.')
    }
    const ok =
      options.applicationPassword !== undefined
        ? password.replace(/\s/g, '') === options.applicationPassword.replace(/\s/g, '')
        : password !== '' && password !== 'wrong'
    return ok ? undefined : wpError(401, 'incorrect_password', 'The provided password is an invalid application password.')
  }

  return [
    http.post(
      `${base}/wp-json/wp/v2/posts`,
      withFaults('wordpress', async ({ request }) => {
        const refused = authFailure(request)
        if (refused) return refused
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        if (!input) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
        const title = String(input.title ?? '')
        const content = String(input.content ?? '')
        const excerpt = String(input.excerpt ?? '')
        if (!title && !content && !excerpt) return wpError(400, 'empty_content', 'Content, title, and excerpt are empty.')
        const status = String(input.status ?? 'draft')
        if (!STATUSES.includes(status)) {
          return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
            params: { status: `status is not one of ${STATUSES.join(', ')}.` },
            details: { status: { code: 'rest_not_in_enum', message: `status is not one of ${STATUSES.join(', ')}.`, data: null } },
          })
        }
        if (status === 'future' && !input.date && !input.date_gmt) {
          return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): date', { params: { date: 'A future post needs a date.' } })
        }
        const featured = Number(input.featured_media ?? 0)
        if (featured && !state.media.some((media) => media.id === featured)) {
          return wpError(400, 'rest_invalid_featured_media', 'Invalid featured media ID.')
        }
        const id = state.nextId++
        const slug = wordpressSlug(String(input.slug ?? '') || title) || String(id)
        const post: WordpressPost = {
          id,
          title,
          content,
          status,
          slug,
          excerpt,
          featured_media: featured,
          link: status === 'publish' ? `${base}/${slug}/` : `${base}/?p=${id}`,
        }
        state.posts.push(post)
        return HttpResponse.json(
          {
            id,
            date: (input.date as string | undefined) ?? null,
            slug,
            status,
            type: 'post',
            link: post.link,
            title: { raw: title, rendered: title },
            content: { raw: content, rendered: content, protected: false },
            excerpt: { raw: excerpt, rendered: excerpt ? `<p>${excerpt}</p>\n` : '', protected: false },
            featured_media: featured,
          },
          { status: 201, headers: { Location: `${base}/wp-json/wp/v2/posts/${id}` } },
        )
      }),
    ),

    http.post(
      `${base}/wp-json/wp/v2/media`,
      withFaults('wordpress', async ({ request }) => {
        const refused = authFailure(request)
        if (refused) return refused
        const disposition = request.headers.get('content-disposition')
        if (!disposition) return wpError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.')
        const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1]
        if (!filename)
          return wpError(
            400,
            'rest_upload_invalid_disposition',
            'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
          )
        const bytes = (await request.arrayBuffer()).byteLength
        if (bytes === 0) return wpError(400, 'rest_upload_no_data', 'No data supplied.')
        const id = state.nextId++
        const mimeType = request.headers.get('content-type') ?? 'application/octet-stream'
        const media: WordpressMedia = {
          id,
          filename,
          mimeType,
          bytes,
          source_url: `${base}/wp-content/uploads/${new Date().getUTCFullYear()}/${String(new Date().getUTCMonth() + 1).padStart(2, '0')}/${filename}`,
        }
        state.media.push(media)
        return HttpResponse.json(
          {
            id,
            slug: wordpressSlug(filename.replace(/\.[^.]+$/, '')),
            type: 'attachment',
            media_type: mimeType.startsWith('image/') ? 'image' : 'file',
            mime_type: mimeType,
            source_url: media.source_url,
          },
          { status: 201, headers: { Location: `${base}/wp-json/wp/v2/media/${id}` } },
        )
      }),
    ),
  ]
}
