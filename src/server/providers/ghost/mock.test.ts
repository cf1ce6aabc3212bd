import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_GHOST_ADMIN_KEY, ghostHandlers, ghostMock } from './mock'
import { useMockServer } from '../../../../tests/fixtures/mock-server'

const base = 'https://news.example.com'
useMockServer(...ghostHandlers({ baseUrl: base }))
const [keyId = '', secret = ''] = DEMO_GHOST_ADMIN_KEY.split(':')

afterEach(() => {
  ghostMock.reset()
})

/** The token a Ghost Admin API client builds, with every part overridable to break it. */
function token(overrides: { kid?: string; alg?: string; aud?: string; iat?: number; exp?: number; secretHex?: string } = {}) {
  const now = Math.floor(Date.now() / 1000)
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const header = encode({ alg: overrides.alg ?? 'HS256', typ: 'JWT', kid: overrides.kid ?? keyId })
  const payload = encode({ iat: overrides.iat ?? now, exp: overrides.exp ?? now + 300, aud: overrides.aud ?? '/admin/' })
  const signature = createHmac('sha256', Buffer.from(overrides.secretHex ?? secret, 'hex'))
    .update(`${header}.${payload}`)
    .digest('base64url')
  return `${header}.${payload}.${signature}`
}

const create = (body: unknown, jwt = token(), query = '?source=html') =>
  fetch(`${base}/ghost/api/admin/posts/${query}`, {
    method: 'POST',
    headers: { Authorization: `Ghost ${jwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('Ghost mock', () => {
  it('creates a published post from HTML with a valid admin JWT', async () => {
    const response = await create({
      posts: [{ title: 'Trail Running Guide', html: '<p>Go</p>', status: 'published', tags: [{ name: 'Running' }] }],
    })
    expect(response.status).toBe(201)
    const { posts } = (await response.json()) as { posts: Array<Record<string, unknown>> }
    expect(posts[0]).toMatchObject({
      slug: 'trail-running-guide',
      status: 'published',
      url: `${base}/trail-running-guide/`,
      html: '<p>Go</p>',
    })
    expect(posts[0]?.id).toMatch(/^[0-9a-f]{24}$/)
    expect(ghostMock.posts).toEqual([expect.objectContaining({ title: 'Trail Running Guide', tags: ['Running'] })])
  })

  it('drops the HTML without ?source=html, as Ghost does', async () => {
    const response = await create({ posts: [{ title: 'No source', html: '<p>lost</p>' }] }, token(), '')
    const { posts } = (await response.json()) as { posts: Array<Record<string, unknown>> }
    expect(posts[0]).toMatchObject({ html: null, status: 'draft' })
    expect(posts[0]?.url).toMatch(new RegExp(`^${base}/p/[0-9a-f-]{36}/$`))
  })

  const now = Math.floor(Date.now() / 1000)
  it.each([
    ['a token signed with another secret', token({ secretHex: 'ff'.repeat(32) }), 'Invalid token', 'Invalid token: invalid signature'],
    ['an unknown key id', token({ kid: 'f'.repeat(24) }), 'Unknown Admin API Key', 'Unknown Admin API Key'],
    ['a wrong audience', token({ aud: '/content/' }), 'Invalid token', 'Invalid token: jwt audience invalid. expected: /admin/'],
    ['an expired token', token({ iat: now - 600, exp: now - 300 }), 'Invalid token', 'Invalid token: jwt expired'],
    ['a token valid for more than 5 minutes', token({ exp: now + 3600 }), 'Invalid token', 'Invalid token: maxAge exceeded'],
    ['a non-HS256 token', token({ alg: 'HS512' }), 'Invalid token', 'Invalid token: invalid algorithm'],
    ['a malformed token', 'not-a-jwt', 'Invalid token', 'Invalid token: jwt malformed'],
  ])('refuses %s with 401 in Ghost error shape', async (_case, jwt, message, context) => {
    const response = await create({ posts: [{ title: 't' }] }, jwt)
    expect(response.status).toBe(401)
    const body = (await response.json()) as { errors: unknown[] }
    expect(body.errors).toEqual([expect.objectContaining({ message, context, type: 'UnauthorizedError' })])
    expect(ghostMock.posts).toEqual([])
  })

  it('answers 422 ValidationError to a post without a title', async () => {
    const response = await create({ posts: [{ html: '<p>x</p>' }] })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        type: 'ValidationError',
        message: 'Validation error, cannot save post.',
        context: 'Value in [posts.title] cannot be blank.',
      }),
    ])
  })

  it('edits a post only with the updated_at it was read with, as Ghost does', async () => {
    const created = (await (await create({ posts: [{ title: 'Edit me', status: 'published' }] })).json()) as {
      posts: Array<{ id: string; updated_at: string }>
    }
    const { id, updated_at } = created.posts[0]!
    const edit = (body: unknown) =>
      fetch(`${base}/ghost/api/admin/posts/${id}/?source=html`, {
        method: 'PUT',
        headers: { Authorization: `Ghost ${token()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ posts: [body] }),
      })
    const stale = await edit({ title: 'Stale', updated_at: '2000-01-01T00:00:00.000Z' })
    expect(stale.status).toBe(409)
    expect(((await stale.json()) as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ type: 'UpdateCollisionError' })])
    const fresh = await edit({ title: 'Fresh', status: 'draft', updated_at })
    expect(fresh.status).toBe(200)
    expect(ghostMock.posts).toEqual([expect.objectContaining({ title: 'Fresh', status: 'draft', url: expect.stringContaining('/p/') })])
    expect(ghostMock.posts[0]?.updated_at).not.toBe(updated_at)
  })

  it('finds a post by slug and answers 404 NotFoundError for an unknown one', async () => {
    await create({ posts: [{ title: 'Find me' }] })
    const headers = { Authorization: `Ghost ${token()}` }
    const found = await fetch(`${base}/ghost/api/admin/posts/slug/find-me/`, { headers })
    expect(((await found.json()) as { posts: unknown[] }).posts).toEqual([expect.objectContaining({ slug: 'find-me' })])
    const missing = await fetch(`${base}/ghost/api/admin/posts/slug/nope/`, { headers })
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ type: 'NotFoundError' })])
  })

  it('uploads an image from multipart form data and refuses a non-image', async () => {
    const upload = (file: Blob, name: string) => {
      const form = new FormData()
      form.set('file', file, name)
      form.set('ref', name)
      return fetch(`${base}/ghost/api/admin/images/upload/`, { method: 'POST', headers: { Authorization: `Ghost ${token()}` }, body: form })
    }
    const ok = await upload(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'Hero Image.png')
    expect(ok.status).toBe(201)
    expect(await ok.json()).toEqual({
      images: [{ url: expect.stringMatching(new RegExp(`^${base}/content/images/\\d{4}/\\d{2}/hero-image.png$`)), ref: 'Hero Image.png' }],
    })
    const text = await upload(new Blob(['hi'], { type: 'text/plain' }), 'notes.txt')
    expect(text.status).toBe(415)
    expect(ghostMock.images).toHaveLength(1)
  })
})
