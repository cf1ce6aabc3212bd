import { http, HttpResponse, type RequestHandler } from 'msw'
import { sniffImageType } from '~/server/articles/media-store'
import { withFaults } from '~/server/demo-network/mock-faults'

/**
 * A WordPress site's REST API (wp/v2) as our publisher uses it: application-password Basic auth,
 * posts and raw-bytes media uploads, and WordPress's own error shape {code, message, data:{status}}.
 *
 * Media behave as on a stock WordPress 6.1: an upload takes `post` (the attachment's parent, which
 * the user must be able to edit) and `alt_text` as query parameters; its file type is checked by
 * extension and by content, so an SVG (or anything else not an image WordPress allows), whatever it
 * is named, is refused as wp_handle_sideload refuses it (HTTP 500 rest_upload_sideload_error,
 * "Sorry, you are not allowed to upload this file type."); names already taken get -1, -2, …; the
 * answer's source_url is absolute; GET, POST (alt_text, post) and DELETE (force=true) on /media/{id}.
 *
 * Tags and categories are terms (looked up by slug or search, created by name, `term_exists` with
 * the term's id). The REST index (`/wp-json/`) lists the namespaces the site has (`yoast/v1` and
 * `rankmath/v1` when a test says so), OPTIONS on /posts answers the posts schema with the post meta
 * keys registered for the REST API, and a post's `meta` keeps only those keys: unregistered ones
 * are dropped without an error, as WordPress does. With `rankmath/v1`, Rank Math's
 * `updateMeta` stores its rank_math_* keys.
 *
 * Wrong credentials are answered as WordPress 6.3.2 and later answer them: the application
 * password's own error is collected after the REST authentication check, so each route refuses an
 * anonymous request its own way (`rest_not_logged_in` on /users/me, `rest_cannot_create` on a new
 * post, …), always with 401. Before 6.3.2 (`reportsApplicationPasswordErrors`) every route answered
 * `incorrect_password`, or `invalid_username` for an unknown user
 * (wp_authenticate_application_password, rest_application_password_check_errors).
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

/** The image extensions a stock WordPress allows (get_allowed_mime_types), with their types. */
const ALLOWED_IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  ico: 'image/x-icon',
}

/** The image type of the bytes as PHP's getimagesize/finfo see them, for the formats we may send. */
const sniffedType = (bytes: Uint8Array) =>
  sniffImageType(bytes) ?? (String.fromCharCode(...bytes.subarray(0, 4)) === 'GIF8' ? 'image/gif' : undefined)

const state = {
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

export function wordpressHandlers(options: WordpressMockOptions = {}): RequestHandler[] {
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

  /** A post's `meta` input: registered keys must be strings; unregistered ones are ignored. */
  function checkMeta(input: unknown, existing: Record<string, string> = {}) {
    if (input === undefined) return { meta: existing }
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      return {
        error: wpError(400, 'rest_invalid_param', 'Invalid parameter(s): meta', { params: { meta: 'meta is not of type object.' } }),
      }
    }
    const meta = { ...existing }
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      if (!registeredMeta.includes(key)) continue
      if (typeof value !== 'string') return { error: wpError(400, 'rest_invalid_type', `meta.${key} is not of type string.`) }
      meta[key] = value
    }
    return { meta }
  }

  /** The registered keys as WordPress answers them (each with its default ''); `[]` when none are registered. */
  const metaJson = (meta: Record<string, string>) =>
    registeredMeta.length === 0 ? [] : Object.fromEntries(registeredMeta.map((key) => [key, meta[key] ?? '']))

  /** WordPress's post validation, shared by create and update; answers the error response or the checked fields. */
  function checkPost(input: Record<string, unknown>, existing?: WordpressPost) {
    const title = input.title === undefined ? (existing?.title ?? '') : String(input.title)
    const content = input.content === undefined ? (existing?.content ?? '') : String(input.content)
    const excerpt = input.excerpt === undefined ? (existing?.excerpt ?? '') : String(input.excerpt)
    if (!title && !content && !excerpt) return { error: wpError(400, 'empty_content', 'Content, title, and excerpt are empty.') }
    const status = input.status === undefined ? (existing?.status ?? 'draft') : String(input.status)
    if (!STATUSES.includes(status)) {
      return {
        error: wpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
          params: { status: `status is not one of ${STATUSES.join(', ')}.` },
          details: { status: { code: 'rest_not_in_enum', message: `status is not one of ${STATUSES.join(', ')}.`, data: null } },
        }),
      }
    }
    if (status === 'future' && !input.date && !input.date_gmt) {
      return {
        error: wpError(400, 'rest_invalid_param', 'Invalid parameter(s): date', { params: { date: 'A future post needs a date.' } }),
      }
    }
    const featured = input.featured_media === undefined ? (existing?.featured_media ?? 0) : Number(input.featured_media)
    if (featured && !state.media.some((media) => media.id === featured)) {
      return { error: wpError(400, 'rest_invalid_featured_media', 'Invalid featured media ID.') }
    }
    const terms = { tags: state.tags, categories: state.categories }
    const ids = {} as Record<keyof typeof terms, number[]>
    for (const taxonomy of ['tags', 'categories'] as const) {
      const given = input[taxonomy] === undefined ? (existing?.[taxonomy] ?? []) : (input[taxonomy] as unknown[])
      if (!Array.isArray(given) || given.some((id) => !terms[taxonomy].some((known) => known.id === Number(id)))) {
        return {
          error: wpError(400, 'rest_invalid_param', `Invalid parameter(s): ${taxonomy}`, {
            params: { [taxonomy]: `${taxonomy}[0] is not a valid term ID.` },
          }),
        }
      }
      ids[taxonomy] = given.map(Number)
    }
    const meta = checkMeta(input.meta, existing?.meta)
    if ('error' in meta) return { error: meta.error }
    return { title, content, excerpt, status, featured, tags: ids.tags, categories: ids.categories, meta: meta.meta }
  }

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

  return [
    http.get(
      `${base}/wp-json/wp/v2/users/me`,
      withFaults('wordpress', ({ request }) => {
        const refused = authFailure(request, 'me')
        if (refused) return refused
        const header = request.headers.get('authorization') ?? ''
        const user = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? ''
        const role = options.role ?? 'editor'
        return HttpResponse.json({
          id: 1,
          name: user,
          slug: wordpressSlug(user),
          roles: [role],
          capabilities: { publish_posts: true, upload_files: true, manage_categories: role === 'editor' },
        })
      }),
    ),

    http.get(
      `${base}/wp-json/wp/v2/posts`,
      withFaults('wordpress', ({ request }) => {
        const refused = authFailure(request, 'listPosts')
        if (refused) return refused
        const params = new URL(request.url).searchParams
        const slugs = (params.get('slug') ?? '').split(',').filter(Boolean)
        const statuses = (params.get('status') ?? 'publish').split(',')
        const found = state.posts.filter((post) => (slugs.length === 0 || slugs.includes(post.slug)) && statuses.includes(post.status))
        return HttpResponse.json(
          found.map((post) => postJson(post)),
          { headers: { 'X-WP-Total': String(found.length) } },
        )
      }),
    ),

    http.post(
      `${base}/wp-json/wp/v2/posts`,
      withFaults('wordpress', async ({ request }) => {
        const refused = authFailure(request, 'createPost')
        if (refused) return refused
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        if (!input) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
        const checked = checkPost(input)
        if ('error' in checked) return checked.error
        const id = state.nextId++
        const slug = uniqueSlug(wordpressSlug(String(input.slug ?? '') || checked.title) || String(id), id)
        const post: WordpressPost = {
          id,
          title: checked.title,
          content: checked.content,
          status: checked.status,
          slug,
          excerpt: checked.excerpt,
          featured_media: checked.featured,
          tags: checked.tags,
          categories: checked.categories,
          meta: checked.meta,
          link: linkOf({ status: checked.status, slug, id }),
          modified: new Date().toISOString(),
        }
        state.posts.push(post)
        return HttpResponse.json(postJson(post, (input.date as string | undefined) ?? null), {
          status: 201,
          headers: { Location: `${base}/wp-json/wp/v2/posts/${id}` },
        })
      }),
    ),

    http.post(
      `${base}/wp-json/wp/v2/posts/:id`,
      withFaults('wordpress', async ({ request, params }) => {
        const refused = authFailure(request, 'editPost')
        if (refused) return refused
        const post = state.posts.find((candidate) => candidate.id === Number(params.id))
        if (!post) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        if (!input) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
        const checked = checkPost(input, post)
        if ('error' in checked) return checked.error
        Object.assign(post, {
          title: checked.title,
          content: checked.content,
          excerpt: checked.excerpt,
          status: checked.status,
          featured_media: checked.featured,
          tags: checked.tags,
          categories: checked.categories,
          meta: checked.meta,
          slug: input.slug === undefined ? post.slug : uniqueSlug(wordpressSlug(String(input.slug)) || post.slug, post.id),
          modified: new Date().toISOString(),
        })
        post.link = linkOf(post)
        return HttpResponse.json(postJson(post))
      }),
    ),

    ...(['tags', 'categories'] as const).flatMap((taxonomy) => [
      // Terms are public: reading them needs no credentials.
      http.get(
        `${base}/wp-json/wp/v2/${taxonomy}`,
        withFaults('wordpress', ({ request }) => {
          const params = new URL(request.url).searchParams
          const slug = params.get('slug')
          const search = params.get('search')?.toLowerCase()
          return HttpResponse.json(
            state[taxonomy].filter((term) => (!slug || term.slug === slug) && (!search || term.name.toLowerCase().includes(search))),
          )
        }),
      ),
      http.post(
        `${base}/wp-json/wp/v2/${taxonomy}`,
        withFaults('wordpress', async ({ request }) => {
          const refused = authFailure(request, 'createTerm')
          if (refused) return refused
          // Tags take edit_posts (an Author has it); categories take manage_categories.
          if (taxonomy === 'categories' && options.role === 'author') {
            return wpError(403, 'rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.')
          }
          const input = (await request.json().catch(() => null)) as { name?: unknown } | null
          const name = String(input?.name ?? '').trim()
          if (!name) return wpError(400, 'rest_missing_callback_param', 'Missing parameter(s): name', { params: ['name'] })
          const slug = wordpressSlug(name)
          const existing = state[taxonomy].find((term) => term.slug === slug)
          if (existing)
            return wpError(400, 'term_exists', 'A term with the name provided already exists with this parent.', { term_id: existing.id })
          const term = { id: state.nextId++, name, slug }
          state[taxonomy].push(term)
          return HttpResponse.json({ ...term, taxonomy: taxonomy === 'tags' ? 'post_tag' : 'category' }, { status: 201 })
        }),
      ),
    ]),

    // The REST index: anyone may read it (`_fields` keeps the named keys, as rest_filter_response_fields does).
    ...[`${base}/wp-json/`, `${base}/wp-json`].map((path) =>
      http.get(
        path,
        withFaults('wordpress', ({ request }) => {
          const index: Record<string, unknown> = {
            name: 'Blog',
            description: '',
            url: base,
            home: base,
            namespaces,
            authentication: { 'application-passwords': { endpoints: { authorization: `${base}/wp-admin/authorize-application.php` } } },
            routes: {},
          }
          const fields = new URL(request.url).searchParams.get('_fields')
          return HttpResponse.json(fields ? Object.fromEntries(fields.split(',').map((key) => [key, index[key]])) : index)
        }),
      ),
    ),

    // OPTIONS on the posts route: its schema, whose `meta` lists the keys registered for the REST API.
    http.options(
      `${base}/wp-json/wp/v2/posts`,
      withFaults('wordpress', () =>
        HttpResponse.json({
          namespace: 'wp/v2',
          methods: ['GET', 'POST'],
          schema: {
            $schema: 'http://json-schema.org/draft-04/schema#',
            title: 'post',
            type: 'object',
            properties: {
              meta: {
                description: 'Meta fields.',
                type: 'object',
                context: ['view', 'edit'],
                properties:
                  registeredMeta.length === 0
                    ? []
                    : Object.fromEntries(registeredMeta.map((key) => [key, { type: 'string', description: '', default: '' }])),
              },
            },
          },
        }),
      ),
    ),

    // Rank Math's own endpoint (rankmath/v1/updateMeta): the post's edit permission, then each
    // rank_math_* key updated, or deleted when empty.
    ...(namespaces.includes('rankmath/v1')
      ? [
          http.post(
            `${base}/wp-json/rankmath/v1/updateMeta`,
            withFaults('wordpress', async ({ request }) => {
              const refused = authFailure(request, 'forbidden')
              if (refused) return refused
              const input = (await request.json().catch(() => null)) as { objectType?: unknown; objectID?: unknown; meta?: unknown } | null
              const post = state.posts.find((candidate) => candidate.id === Number(input?.objectID))
              if (input?.objectType !== 'post' || !post) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
              if (!input.meta || typeof input.meta !== 'object') {
                return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): meta', {
                  params: { meta: 'Sorry, field is empty which is not allowed.' },
                })
              }
              for (const [key, value] of Object.entries(input.meta as Record<string, unknown>)) {
                if (!key.startsWith('rank_math_')) continue
                if (value === '' || value === null) delete post.meta[key]
                else post.meta[key] = String(value)
              }
              return HttpResponse.json({ slug: true, schemas: [] })
            }),
          ),
        ]
      : []),

    http.post(
      `${base}/wp-json/wp/v2/media`,
      withFaults('wordpress', async ({ request }) => {
        const refused = authFailure(request, 'createPost')
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
        const query = new URL(request.url).searchParams
        const parent = Number(query.get('post') ?? 0)
        // Attaching media to a post requires the ability to edit it: an unknown post is refused likewise.
        if (parent && !state.posts.some((post) => post.id === parent)) {
          return wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.')
        }
        const data = new Uint8Array(await request.arrayBuffer())
        if (data.byteLength === 0) return wpError(400, 'rest_upload_no_data', 'No data supplied.')
        const extension = filename.split('.').pop()?.toLowerCase() ?? ''
        const allowed = ALLOWED_IMAGE_TYPES[extension]
        if (!allowed || sniffedType(data) !== allowed) {
          return wpError(500, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.')
        }
        const id = state.nextId++
        const folder = `${base}/wp-content/uploads/${new Date().getUTCFullYear()}/${String(new Date().getUTCMonth() + 1).padStart(2, '0')}`
        const stem = filename.replace(/\.[^.]+$/, '')
        let name = filename
        for (let n = 1; state.media.some((media) => media.filename === name); n++) name = `${stem}-${n}.${extension}`
        const media: WordpressMedia = {
          id,
          filename: name,
          alt_text: query.get('alt_text') ?? '',
          mimeType: allowed,
          bytes: data.byteLength,
          source_url: `${folder}/${name}`,
          post: parent,
        }
        state.media.push(media)
        return HttpResponse.json(mediaJson(media), { status: 201, headers: { Location: `${base}/wp-json/wp/v2/media/${id}` } })
      }),
    ),

    http.get(
      `${base}/wp-json/wp/v2/media/:id`,
      withFaults('wordpress', ({ request, params }) => {
        const refused = authFailure(request, 'readMedia')
        if (refused) return refused
        const media = state.media.find((candidate) => candidate.id === Number(params.id))
        return media ? HttpResponse.json(mediaJson(media)) : wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
      }),
    ),

    http.delete(
      `${base}/wp-json/wp/v2/media/:id`,
      withFaults('wordpress', ({ request, params }) => {
        const refused = authFailure(request, 'deletePost')
        if (refused) return refused
        const media = state.media.find((candidate) => candidate.id === Number(params.id))
        if (!media) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
        if (new URL(request.url).searchParams.get('force') !== 'true') {
          return wpError(501, 'rest_trash_not_supported', "The media does not support trashing. Set 'force=true' to delete.")
        }
        state.media = state.media.filter((candidate) => candidate !== media)
        return HttpResponse.json({ deleted: true, previous: mediaJson(media) })
      }),
    ),

    http.post(
      `${base}/wp-json/wp/v2/media/:id`,
      withFaults('wordpress', async ({ request, params }) => {
        const refused = authFailure(request, 'editPost')
        if (refused) return refused
        const media = state.media.find((candidate) => candidate.id === Number(params.id))
        if (!media) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
        const input = (await request.json().catch(() => null)) as { alt_text?: unknown; post?: unknown } | null
        if (!input) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
        if (input.post !== undefined && Number(input.post) && !state.posts.some((post) => post.id === Number(input.post))) {
          return wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.')
        }
        if (input.alt_text !== undefined) media.alt_text = String(input.alt_text)
        if (input.post !== undefined) media.post = Number(input.post)
        return HttpResponse.json(mediaJson(media))
      }),
    ),
  ]
}
