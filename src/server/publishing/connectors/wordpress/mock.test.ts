import { afterEach, describe, expect, it } from 'vitest'
import { WORDPRESS_NAMESPACES, wordpressHandlers, wordpressMock } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

const base = 'https://blog.example.com'
const old = 'https://old.example.com'
const seo = 'https://seo.example.com'
useMockServer(
  ...wordpressHandlers({ baseUrl: base, username: 'editor', applicationPassword: 'abcd efgh ijkl mnop' }),
  ...wordpressHandlers({
    baseUrl: old,
    username: 'editor',
    applicationPassword: 'abcd efgh ijkl mnop',
    reportsApplicationPasswordErrors: true,
  }),
  ...wordpressHandlers({
    baseUrl: seo,
    username: 'editor',
    applicationPassword: 'abcd efgh ijkl mnop',
    namespaces: [...WORDPRESS_NAMESPACES, 'rankmath/v1'],
    registeredMeta: ['rank_math_title'],
  }),
)
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
const auth = basic('editor', 'abcd efgh ijkl mnop')

afterEach(() => {
  wordpressMock.reset()
})

const post = (body: unknown, authorization = auth) =>
  fetch(`${base}/wp-json/wp/v2/posts`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

const upload = (headers: Record<string, string>, bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])) =>
  fetch(`${base}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'image/png', ...headers },
    body: bytes,
  })

describe('WordPress mock', () => {
  it('refuses SVG as stock WordPress 6.1 does, by name or by content, and attaches uploads to the post given', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')
    const refusal = {
      code: 'rest_upload_sideload_error',
      message: 'Sorry, you are not allowed to upload this file type.',
      data: { status: 500 },
    }
    for (const [name, type] of [
      ['chart.svg', 'image/svg+xml'],
      ['chart.png', 'image/png'],
    ]) {
      const refused = await upload({ 'Content-Disposition': `attachment; filename="${name}"`, 'Content-Type': type! }, svg)
      expect(refused.status).toBe(500)
      expect(await refused.json()).toEqual(refusal)
    }
    expect(wordpressMock.media).toEqual([])

    const created = (await (await post({ title: 'Draft', status: 'draft' })).json()) as { id: number }
    const attached = await fetch(`${base}/wp-json/wp/v2/media?post=${created.id}&alt_text=Hero`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="hero.png"' },
      body: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    })
    expect(attached.status).toBe(201)
    const media = (await attached.json()) as { id: number; post: number; alt_text: string; source_url: string }
    expect(media).toMatchObject({
      post: created.id,
      alt_text: 'Hero',
      source_url: expect.stringMatching(/^https:\/\/blog\.example\.com\/wp-content\/uploads\//),
    })
    const read = await fetch(`${base}/wp-json/wp/v2/media/${media.id}?context=edit`, { headers: { Authorization: auth } })
    expect(await read.json()).toMatchObject({ id: media.id, post: created.id })
    const gone = await fetch(`${base}/wp-json/wp/v2/media/999?context=edit`, { headers: { Authorization: auth } })
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } })
    const elsewhere = await fetch(`${base}/wp-json/wp/v2/media?post=999`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="hero.png"' },
      body: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    })
    expect(elsewhere.status).toBe(403)
  })

  it('uploads media from raw bytes, then creates a published post that uses it', async () => {
    const media = await upload({ 'Content-Disposition': 'attachment; filename="hero.png"' })
    expect(media.status).toBe(201)
    const mediaBody = (await media.json()) as { id: number; source_url: string }
    expect(mediaBody.source_url).toMatch(/^https:\/\/blog\.example\.com\/wp-content\/uploads\/\d{4}\/\d{2}\/hero\.png$/)

    const response = await post({ title: 'Best Running Shoes 2026', content: '<p>Hi</p>', status: 'publish', featured_media: mediaBody.id })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      id: 2,
      slug: 'best-running-shoes-2026',
      status: 'publish',
      link: `${base}/best-running-shoes-2026/`,
    })
    expect(wordpressMock.posts).toEqual([expect.objectContaining({ title: 'Best Running Shoes 2026', featured_media: 1 })])
    expect(wordpressMock.media).toEqual([expect.objectContaining({ filename: 'hero.png', bytes: 8, mimeType: 'image/png' })])
  })

  it('links a draft by its id, keeping the slug it was given', async () => {
    const response = await post({ title: 'Draft', content: 'x', status: 'draft', slug: 'my-slug' })
    expect(await response.json()).toMatchObject({ id: 1, slug: 'my-slug', status: 'draft', link: `${base}/?p=1` })
  })

  it.each([
    ['no credentials', undefined, 401, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.'],
    // WordPress 6.3.2 and later: the route's own refusal of a request that is not signed in.
    [
      'a wrong application password',
      basic('editor', 'nope'),
      401,
      'rest_cannot_create',
      'Sorry, you are not allowed to create posts as this user.',
    ],
    [
      'an unknown user',
      basic('someone', 'abcd efgh ijkl mnop'),
      401,
      'rest_cannot_create',
      'Sorry, you are not allowed to create posts as this user.',
    ],
    // Before 6.3.2: the application password's own error.
    [
      'a wrong application password (before 6.3.2)',
      basic('editor', 'nope'),
      401,
      'incorrect_password',
      'The provided password is an invalid application password.',
      old,
    ],
    [
      'an unknown user (before 6.3.2)',
      basic('someone', 'abcd efgh ijkl mnop'),
      401,
      'invalid_username',
      '<strong>Error:</strong> Unknown username. Check again or try your email address.',
      old,
    ],
  ])('refuses %s in WordPress error shape', async (_case, authorization, status, code, message, site = base) => {
    const response = await fetch(`${site}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: authorization ? { Authorization: authorization } : {},
      body: JSON.stringify({ title: 't' }),
    })
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ code, message, data: { status } })
    expect(wordpressMock.posts).toEqual([])
  })

  it.each([
    ['empty post', {}, 'empty_content', 'Content, title, and excerpt are empty.'],
    ['unknown status', { title: 't', status: 'live' }, 'rest_invalid_param', 'Invalid parameter(s): status'],
    ['missing featured media', { title: 't', featured_media: 99 }, 'rest_invalid_featured_media', 'Invalid featured media ID.'],
  ])('answers 400 to a post with %s', async (_case, body, code, message) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code, message, data: { status: 400 } })
  })

  it.each([
    ['no Content-Disposition', {}, undefined, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.'],
    ['no bytes', { 'Content-Disposition': 'attachment; filename="x.png"' }, new Uint8Array(), 'rest_upload_no_data', 'No data supplied.'],
  ])('answers 400 to media with %s', async (_case, headers, bytes, code, message) => {
    const response = await upload(headers, bytes)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ code, message, data: { status: 400 } })
  })

  it('users/me refuses wrong credentials as WordPress 6.1 with the 6.3.2 fix does: not signed in', async () => {
    const response = await fetch(`${base}/wp-json/wp/v2/users/me`, { headers: { Authorization: basic('editor', 'nope') } })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    })
  })

  it('the REST index lists the site’s namespaces to anyone, and keeps only the _fields asked for', async () => {
    expect(await (await fetch(`${seo}/wp-json/?_fields=namespaces`)).json()).toEqual({
      namespaces: [...WORDPRESS_NAMESPACES, 'rankmath/v1'],
    })
    expect((await (await fetch(`${base}/wp-json/`)).json()).namespaces).toEqual(WORDPRESS_NAMESPACES)
  })

  it('keeps only registered meta keys, drops unregistered ones without an error, and checks their type, as WordPress does', async () => {
    const schema = async (site: string) =>
      (
        (await (await fetch(`${site}/wp-json/wp/v2/posts`, { method: 'OPTIONS' })).json()) as {
          schema: { properties: { meta: { properties: unknown } } }
        }
      ).schema.properties.meta.properties
    expect(await schema(base)).toEqual([])
    expect(await schema(seo)).toEqual({ rank_math_title: { type: 'string', description: '', default: '' } })

    const plain = await post({ title: 'Plain', meta: { rank_math_title: 'Ignored' } })
    expect(plain.status).toBe(201)
    expect((await plain.json()).meta).toEqual([])
    const created = await fetch(`${seo}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'SEO', meta: { rank_math_title: 'Kept', _yoast_wpseo_title: 'Dropped' } }),
    })
    expect(created.status).toBe(201)
    expect((await created.json()).meta).toEqual({ rank_math_title: 'Kept' })
    const wrongType = await fetch(`${seo}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'SEO', meta: { rank_math_title: 5 } }),
    })
    expect(wrongType.status).toBe(400)
    expect(await wrongType.json()).toMatchObject({ code: 'rest_invalid_type', message: 'meta.rank_math_title is not of type string.' })
  })

  it('Rank Math’s updateMeta stores its keys on a post the user can edit, and deletes an emptied one', async () => {
    const created = await fetch(`${seo}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'SEO' }),
    })
    const { id } = (await created.json()) as { id: number }
    const update = (meta: Record<string, string>, authorization = auth) =>
      fetch(`${seo}/wp-json/rankmath/v1/updateMeta`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ objectType: 'post', objectID: id, meta }),
      })
    expect((await update({ rank_math_description: 'D', rank_math_canonical_url: 'https://a.example/' })).status).toBe(200)
    expect((await update({ rank_math_canonical_url: '' })).status).toBe(200)
    expect(wordpressMock.posts[0]!.meta).toEqual({ rank_math_description: 'D' })
    expect((await update({ rank_math_title: 'T' }, basic('editor', 'nope'))).status).toBe(401)
  })
})
