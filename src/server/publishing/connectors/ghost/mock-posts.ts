import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { draftProblem, ghostError, schemaProblem } from './mock-request-rules'
import { ghostSlug, objectId, state, text, type GhostPost, type GhostSite } from './mock-store'

/** What anyone or a signed request reads: the site, the posts, a post by slug or id. */
export function readHandlers(site: GhostSite): RequestHandler[] {
  const { base, admin, unauthorized, serialize, find } = site
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
  ]
}

/** A post created, or edited with the updated_at it read; each checked by Ghost's schema, then its limits. */
export function writeHandlers(site: GhostSite): RequestHandler[] {
  const { base, admin, unauthorized, postUrl, serialize, htmlOf, imageOf, tagsOf, readInput, find } = site
  return [
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
  ]
}
