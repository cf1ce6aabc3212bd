import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_GHOST_ADMIN_KEY, ghostHandlers, ghostMock } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

const base = 'https://news.example.com'
const server = useMockServer(...ghostHandlers({ baseUrl: base }))
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

  it('answers 422 in the words of Ghost’s request schema to a post without a title', async () => {
    const response = await create({ posts: [{ html: '<p>x</p>' }] })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        type: 'ValidationError',
        message: 'Validation error, cannot save post.',
        context: 'Validation failed for 0.',
        details: [expect.objectContaining({ keyword: 'required', params: { missingProperty: 'title' } })],
      }),
    ])
    expect(ghostMock.posts).toEqual([])
  })

  it.each([
    ['a blank title', { title: '  ' }, 'Value in [posts.title] cannot be blank.'],
    ['a title over 255 characters', { title: 't'.repeat(256) }, 'Value in [posts.title] exceeds maximum length of 255 characters.'],
    ['a slug over 191 characters', { title: 't', slug: 's'.repeat(192) }, 'Validation failed for slug.'],
    ['an excerpt over 300 characters', { title: 't', custom_excerpt: 'e'.repeat(301) }, 'Validation failed for custom_excerpt.'],
    ['a meta title over 300 characters', { title: 't', meta_title: 'm'.repeat(301) }, 'Validation failed for meta_title.'],
    ['a meta description over 500', { title: 't', meta_description: 'm'.repeat(501) }, 'Validation failed for meta_description.'],
    [
      'alt text over 191 characters',
      { title: 't', feature_image_alt: 'a'.repeat(192) },
      'Value in [posts_meta.feature_image_alt] exceeds maximum length of 191 characters.',
    ],
    ['a tag name over 191 characters', { title: 't', tags: [{ name: 'n'.repeat(192) }] }, 'Validation failed for name.'],
    ['a tag name starting with a comma', { title: 't', tags: [{ name: ',tag' }] }, 'Validation (matches) failed for name'],
    ['an image address with spaces', { title: 't', feature_image: 'my image.png' }, 'Validation failed for feature_image.'],
    ['a published_at that is no date', { title: 't', published_at: 'tomorrow' }, 'Validation failed for published_at.'],
    ['an unknown status', { title: 't', status: 'live' }, 'Validation failed for status.'],
  ])('refuses %s with 422 ValidationError, as Ghost does', async (_case, post, context) => {
    const response = await create({ posts: [post] })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ type: 'ValidationError', message: 'Validation error, cannot save post.', context }),
    ])
    expect(ghostMock.posts).toEqual([])
  })

  it('drops fields Ghost’s schema does not list, as Ghost does', async () => {
    const response = await create({ posts: [{ title: 'Extra', yoast_head: '<meta>', meta_title: 'Kept' }] })
    expect(response.status).toBe(201)
    const { posts } = (await response.json()) as { posts: Array<Record<string, unknown>> }
    expect(posts[0]).not.toHaveProperty('yoast_head')
    expect(posts[0]).toMatchObject({ meta_title: 'Kept' })
  })

  it('reads relative image addresses against the Ghost site, where no such file is', async () => {
    const response = await create({
      posts: [{ title: 'Relative', feature_image: '/media/a/featured.png', html: '<p><img src="/media/a/chart.png" alt="" /></p>' }],
    })
    expect(response.status).toBe(201)
    const [post] = ghostMock.posts
    expect(post?.feature_image).toBe(`${base}/media/a/featured.png`)
    expect(post?.html).toBe(`<p><img src="${base}/media/a/chart.png" alt="" /></p>`)
    expect(ghostMock.hosts(post!.feature_image)).toBe(false)
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

  it('refuses an edit without updated_at with Ghost’s schema error', async () => {
    const created = (await (await create({ posts: [{ title: 'Edit me' }] })).json()) as { posts: Array<{ id: string }> }
    const response = await fetch(`${base}/ghost/api/admin/posts/${created.posts[0]!.id}/`, {
      method: 'PUT',
      headers: { Authorization: `Ghost ${token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ posts: [{ title: 'No timestamp' }] }),
    })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        type: 'ValidationError',
        message: 'Validation error, cannot edit post.',
        context: 'Validation failed for 0.',
      }),
    ])
    expect(ghostMock.posts[0]?.title).toBe('Edit me')
  })

  const upload = (file: Blob, name: string, fields: Record<string, string> = { ref: name }) => {
    const form = new FormData()
    form.set('file', file, name)
    for (const [key, value] of Object.entries(fields)) form.set(key, value)
    return fetch(`${base}/ghost/api/admin/images/upload/`, { method: 'POST', headers: { Authorization: `Ghost ${token()}` }, body: form })
  }
  const png = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' })

  it('uploads an image from multipart form data and answers its URL and ref', async () => {
    const ok = await upload(png, 'Hero Image.png', { purpose: 'image', ref: 'Hero Image.png' })
    expect(ok.status).toBe(201)
    expect(await ok.json()).toEqual({
      images: [{ url: expect.stringMatching(new RegExp(`^${base}/content/images/\\d{4}/\\d{2}/hero-image.png$`)), ref: 'Hero Image.png' }],
    })
    expect(ghostMock.hosts(ghostMock.images[0]!.url)).toBe(true)
  })

  it.each([
    ['a text file', new Blob(['hi'], { type: 'text/plain' }), 'notes.txt'],
    ['a PNG named .txt', png, 'image.txt'],
    ['a PDF named .png', new Blob(['%PDF'], { type: 'application/pdf' }), 'image.png'],
    ['a BMP', new Blob([new Uint8Array([66, 77])], { type: 'image/bmp' }), 'image.bmp'],
  ])('refuses %s with 415 UnsupportedMediaTypeError', async (_case, file, name) => {
    const response = await upload(file, name)
    expect(response.status).toBe(415)
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ type: 'UnsupportedMediaTypeError', message: 'Please select a valid image.', context: null }),
    ])
    expect(ghostMock.images).toEqual([])
  })

  it('takes SVG, as Ghost does', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' })
    expect((await upload(svg, 'chart.svg')).status).toBe(201)
  })

  it('refuses an unknown purpose and a ref over 2000 characters with Ghost’s schema error', async () => {
    const purpose = await upload(png, 'a.png', { purpose: 'banner' })
    expect(purpose.status).toBe(422)
    expect(((await purpose.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        type: 'ValidationError',
        message: 'Validation error, cannot upload image.',
        context: 'Validation failed for purpose.',
      }),
    ])
    const ref = await upload(png, 'a.png', { ref: 'r'.repeat(2001) })
    expect(ref.status).toBe(422)
    expect(ghostMock.images).toEqual([])
  })

  it('answers an upload without a file with “Please select an image.”', async () => {
    const form = new FormData()
    form.set('ref', 'nothing')
    const response = await fetch(`${base}/ghost/api/admin/images/upload/`, {
      method: 'POST',
      headers: { Authorization: `Ghost ${token()}` },
      body: form,
    })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ type: 'ValidationError', message: 'Please select an image.' }),
    ])
  })

  it('answers a file over the site’s upload limit with nginx’s 413 page', async () => {
    server.use(...ghostHandlers({ baseUrl: base, maxUploadBytes: 1000 }))
    const response = await upload(new Blob([new Uint8Array(1001)], { type: 'image/png' }), 'big.png')
    expect(response.status).toBe(413)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toContain('413 Request Entity Too Large')
    expect(ghostMock.images).toEqual([])
  })
})
