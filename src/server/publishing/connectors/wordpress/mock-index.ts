import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { state, wpError, type WordpressSite } from './mock-store'

/** The REST index, the posts route's schema (OPTIONS) and Rank Math's updateMeta when the site has it. */
export function siteIndexHandlers(site: WordpressSite): RequestHandler[] {
  const { base, namespaces, registeredMeta, authFailure } = site
  return [
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
  ]
}
