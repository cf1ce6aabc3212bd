import { HttpResponse } from 'msw'

/** The stand-in WordPress's records and the helpers every route shares (mock.ts lists the routes). */

export interface WordpressPost {
  id: number
  title: string
  content: string
  status: string
  slug: string
  excerpt: string
  featured_media: number
  link: string
  tags: number[]
  categories: number[]
  /** The registered post meta keys' values. */
  meta: Record<string, string>
  modified: string
}

export interface WordpressTag {
  id: number
  name: string
  slug: string
}

export interface WordpressMedia {
  id: number
  alt_text: string
  filename: string
  mimeType: string
  bytes: number
  source_url: string
  /** The post it is attached to (0: none). */
  post: number
}

export const state = {
  nextId: 1,
  posts: [] as WordpressPost[],
  media: [] as WordpressMedia[],
  tags: [] as WordpressTag[],
  categories: [] as WordpressTag[],
}

export const wordpressMock = {
  get posts(): readonly WordpressPost[] {
    return state.posts
  },
  get media(): readonly WordpressMedia[] {
    return state.media
  },
  get tags(): readonly WordpressTag[] {
    return state.tags
  },
  get categories(): readonly WordpressTag[] {
    return state.categories
  },
  /** Deletes a media item, as a user emptying it from the media library does. */
  removeMedia(id: number) {
    state.media = state.media.filter((media) => media.id !== id)
  },
  reset() {
    state.nextId = 1
    state.posts = []
    state.media = []
    state.tags = []
    state.categories = []
  },
}

export const wpError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
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

export const STATUSES = ['publish', 'future', 'draft', 'pending', 'private']

/** The namespaces of a stock WordPress 6.1's REST index. */
export const WORDPRESS_NAMESPACES = ['oembed/1.0', 'wp/v2', 'wp-site-health/v1', 'wp-block-editor/v1']

/** How each route refuses a request that is not signed in (WordPress 6.1's controllers, all 401). */
const ANONYMOUS = {
  me: ['rest_not_logged_in', 'You are not currently logged in.'],
  listPosts: ['rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.'],
  createPost: ['rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.'],
  editPost: ['rest_cannot_edit', 'Sorry, you are not allowed to edit this post.'],
  readMedia: ['rest_forbidden_context', 'Sorry, you are not allowed to edit this post.'],
  deletePost: ['rest_cannot_delete', 'Sorry, you are not allowed to delete this post.'],
  createTerm: ['rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.'],
  forbidden: ['rest_forbidden', 'Sorry, you are not allowed to do that.'],
} as const

export interface WordpressMockOptions {
  baseUrl?: string
  username?: string
  applicationPassword?: string
  /** The REST index's namespaces (default WORDPRESS_NAMESPACES); add `yoast/v1` or `rankmath/v1` for a site with the plugin. */
  namespaces?: string[]
  /** Post meta keys registered for the REST API (register_post_meta with show_in_rest), e.g. `_yoast_wpseo_title`. */
  registeredMeta?: string[]
  /** Answer wrong credentials as WordPress before 6.3.2 did: `incorrect_password` / `invalid_username` on every route. */
  reportsApplicationPasswordErrors?: boolean
  /** The user's role: an Author publishes posts and uploads media but cannot create categories (manage_categories). */
  role?: 'editor' | 'author'
}

/** One stand-in site: its address, options and the answers its routes share. */
export type WordpressSite = ReturnType<typeof wordpressSite>

export function wordpressSite(options: WordpressMockOptions) {
  const base = (options.baseUrl ?? 'https://blog.example.com').replace(/\/$/, '')
  const namespaces = options.namespaces ?? WORDPRESS_NAMESPACES
  const registeredMeta = options.registeredMeta ?? []

  /**
   * With configured credentials only those pass; otherwise any pair but the password "wrong". A
   * request without them, or with wrong ones, gets the route's own refusal (`route`).
   */
  function authFailure(request: Request, route: keyof typeof ANONYMOUS) {
    const header = request.headers.get('authorization')
    const [user = '', password = ''] = header?.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(/:(.*)/s)
      : []
    const knownUser = header?.startsWith('Basic ') && (options.username === undefined || user === options.username)
    const ok =
      knownUser &&
      (options.applicationPassword !== undefined
        ? password.replace(/\s/g, '') === options.applicationPassword.replace(/\s/g, '')
        : password !== '' && password !== 'wrong')
    if (ok) return undefined
    if (header?.startsWith('Basic ') && options.reportsApplicationPasswordErrors) {
      return knownUser
        ? wpError(401, 'incorrect_password', 'The provided password is an invalid application password.')
        : wpError(401, 'invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.')
    }
    const [code, message] = ANONYMOUS[route]
    return wpError(401, code, message)
  }

  /** The registered keys as WordPress answers them (each with its default ''); `[]` when none are registered. */
  const metaJson = (meta: Record<string, string>) =>
    registeredMeta.length === 0 ? [] : Object.fromEntries(registeredMeta.map((key) => [key, meta[key] ?? '']))

  const postJson = (post: WordpressPost, date: unknown = null) => ({
    id: post.id,
    date,
    modified: post.modified,
    slug: post.slug,
    status: post.status,
    type: 'post',
    link: post.link,
    title: { raw: post.title, rendered: post.title },
    content: { raw: post.content, rendered: post.content, protected: false },
    excerpt: { raw: post.excerpt, rendered: post.excerpt ? `<p>${post.excerpt}</p>\n` : '', protected: false },
    featured_media: post.featured_media,
    tags: post.tags,
    categories: post.categories,
    meta: metaJson(post.meta),
  })

  const mediaJson = (media: WordpressMedia) => ({
    id: media.id,
    slug: wordpressSlug(media.filename.replace(/\.[^.]+$/, '')),
    status: 'inherit',
    type: 'attachment',
    link: `${base}/?attachment_id=${media.id}`,
    title: { raw: media.filename.replace(/\.[^.]+$/, ''), rendered: media.filename.replace(/\.[^.]+$/, '') },
    post: media.post || null,
    alt_text: media.alt_text,
    media_type: 'image',
    mime_type: media.mimeType,
    source_url: media.source_url,
  })

  const linkOf = (post: Pick<WordpressPost, 'status' | 'slug' | 'id'>) =>
    post.status === 'publish' ? `${base}/${post.slug}/` : `${base}/?p=${post.id}`

  /** A slug unique among the posts, as WordPress makes it (-2, -3, … on a clash). */
  function uniqueSlug(wanted: string, id: number) {
    let slug = wanted
    for (let n = 2; state.posts.some((post) => post.slug === slug && post.id !== id); n++) slug = `${wanted}-${n}`
    return slug
  }

  return { options, base, namespaces, registeredMeta, authFailure, metaJson, postJson, mediaJson, linkOf, uniqueSlug }
}
