import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { state, wordpressSlug, wpError, type WordpressSite } from './mock-store'

/** Tags and categories: public reads, creation by name. */
export function termHandlers(site: WordpressSite): RequestHandler[] {
  const { options, base, authFailure } = site
  return (['tags', 'categories'] as const).flatMap((taxonomy) => [
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
  ])
}
