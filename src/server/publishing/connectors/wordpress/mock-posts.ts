import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { state, STATUSES, wordpressSlug, wpError, type WordpressPost, type WordpressSite } from './mock-store'

/** The signed-in user (users/me) and the posts routes: list, create, update. */
export function postHandlers(site: WordpressSite): RequestHandler[] {
  const { options, base, registeredMeta, authFailure, postJson, linkOf, uniqueSlug } = site
  const { checkPost } = postValidation(registeredMeta)

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
  ]
}

/** WordPress's checks of a post's fields; `registeredMeta` are the meta keys registered for the REST API. */
function postValidation(registeredMeta: string[]) {
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

  return { checkPost }
}
