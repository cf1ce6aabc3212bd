import adminApiSchema from '@tryghost/admin-api-schema'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { parseHTML } from 'linkedom'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_GHOST_ADMIN_KEY, ghostHandlers, ghostMock } from './mock'
import { mockRequestCount } from '~/server/demo-network/mock-faults'
import { connectorContext, illustratedArticle, publishableArticle, publishableImage } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, recordRequests, useMockServer } from '~tests/fixtures/mock-server'
import { GHOST_LIMITS, ghostConnector, ghostPostFields, ghostUploadName, jsonLdHead, scriptSafeJson } from './ghost'

/**
 * Our Ghost requests checked against Ghost's own request validation, @tryghost/admin-api-schema
 * (the schemas Ghost's Admin API validates posts.add, posts.edit and images.upload with), against
 * Ghost's documented upload contract (multipart `file` of a listed type and extension, optional
 * `purpose` and `ref`) and against its token format (HS256, kid, aud /admin/, 5 minutes), read with
 * jose rather than our own decoder.
 */

const apiUrl = 'https://news.example.com'
const server = useMockServer(...ghostHandlers({ baseUrl: apiUrl }))
const [keyId = '', secretHex = ''] = DEMO_GHOST_ADMIN_KEY.split(':')

/** Every request the connector sent, as sent. */
const sent = recordRequests(server)
afterEach(() => ghostMock.reset())

const ghost = () =>
  connectorContext<'ghost'>('Ghost', { apiUrl }, { adminApiKey: DEMO_GHOST_ADMIN_KEY }, { classifyFailure: ghostConnector.classifyFailure })

const path = (request: Request) => new URL(request.url).pathname
const postWrites = () => sent.filter((request) => request.method !== 'GET' && path(request).includes('/posts/'))
const uploads = () => sent.filter((request) => path(request).endsWith('/images/upload/'))

/**
 * Validates a body with Ghost's schema. Ghost silently drops what its schema does not list, so the
 * body must also come out of validation unchanged: a field of ours Ghost would ignore fails here.
 */
async function expectGhostAccepts(body: unknown, schema: string) {
  const validated = structuredClone(body)
  await expect(adminApiSchema.validate({ data: validated, schema })).resolves.toBeUndefined()
  expect(validated).toEqual(body)
}

/** An article with every field past Ghost's limits and tags Ghost would refuse or hide. */
function oversizedArticle() {
  const words = (count: number, word = 'trail') => Array.from({ length: count }, () => word).join(' ')
  return publishableArticle({
    title: words(60, 'running'),
    slug: Array.from({ length: 40 }, () => 'trail-shoes').join('-'),
    excerpt: words(80),
    metaTitle: words(70, 'title'),
    metaDescription: words(110, 'summary'),
    featuredImage: publishableImage({ alt: words(50, 'shoes') }),
    tags: ['#Trail running', ',Shoes', 'trail running', words(50, 'long'), 'Gear'],
    canonicalUrl: 'https://www.example.com/guides/trail-shoes',
  })
}

describe('Ghost connector against Ghost’s own request schema', () => {
  it('sends a posts.add body Ghost’s schema accepts whole, for an article with every kind of image', async () => {
    const { context } = ghost()
    await ghostConnector.create(context, illustratedArticle())
    const [post] = postWrites()
    expect(post?.method).toBe('POST')
    expect(new URL(post!.url).search).toBe('?source=html')
    expect(post?.headers.get('content-type')).toBe('application/json')
    const body = (await post!.json()) as { posts: Array<Record<string, unknown>> }
    await expectGhostAccepts(body, 'posts-add')
    expect(Object.keys(body.posts[0]!).sort()).toEqual(
      [
        'canonical_url',
        'codeinjection_head',
        'custom_excerpt',
        'feature_image',
        'feature_image_alt',
        'html',
        'meta_description',
        'meta_title',
        'published_at',
        'slug',
        'status',
        'tags',
        'title',
      ].sort(),
    )
  })

  it('sends posts.edit bodies Ghost’s schema accepts whole, for an update and an unpublish', async () => {
    const { context } = ghost()
    const article = illustratedArticle()
    const created = await ghostConnector.create(context, article)
    await ghostConnector.update(context, created.externalId, { ...article, title: 'Trail Shoes, Revised' })
    await ghostConnector.unpublish(context, created.externalId, article)
    const edits = postWrites().filter((request) => request.method === 'PUT')
    expect(edits).toHaveLength(2)
    for (const edit of edits) await expectGhostAccepts(await edit.json(), 'posts-edit')
    expect(ghostMock.posts[0]).toMatchObject({ title: 'Trail Shoes, Revised', status: 'draft' })
  })

  it('keeps every field of an oversized article within Ghost’s limits, shortened at a word, and Ghost saves it', async () => {
    const { context } = ghost()
    const article = oversizedArticle()
    await ghostConnector.create(context, article)
    const body = (await postWrites()[0]!.json()) as { posts: Array<Record<string, unknown>> }
    await expectGhostAccepts(body, 'posts-add')
    const fields = body.posts[0]!
    const checks = [
      ['title', GHOST_LIMITS.title],
      ['custom_excerpt', GHOST_LIMITS.custom_excerpt],
      ['meta_title', GHOST_LIMITS.meta_title],
      ['meta_description', GHOST_LIMITS.meta_description],
      ['feature_image_alt', GHOST_LIMITS.feature_image_alt],
    ] as const
    for (const [field, max] of checks) {
      const value = String(fields[field])
      expect(value.length, field).toBeLessThanOrEqual(max)
      expect(value, field).toMatch(/[a-z]…$/)
      expect(value.length, field).toBeGreaterThan(max * 0.9)
    }
    expect(String(fields.slug).length).toBeLessThanOrEqual(GHOST_LIMITS.slug)
    expect(fields.slug).toMatch(/^trail-shoes(-trail|-shoes)*$/)
    expect(fields.tags).toEqual([
      { name: 'Trail running' },
      { name: 'Shoes' },
      { name: expect.stringMatching(/^long( long)*…$/) },
      { name: 'Gear' },
    ])
    expect(ghostMock.posts).toEqual([expect.objectContaining({ tags: ['Trail running', 'Shoes', expect.any(String), 'Gear'] })])
    // Found again by the slug Ghost kept.
    expect(await ghostConnector.find(context, article)).toEqual(expect.objectContaining({ url: `${apiUrl}/${String(fields.slug)}/` }))
  })

  it('points the body and feature_image only at files Ghost hosts, never at relative or app addresses', async () => {
    const { context } = ghost()
    await ghostConnector.create(context, illustratedArticle())
    const [post] = ghostMock.posts
    expect(ghostMock.hosts(post!.feature_image)).toBe(true)
    const sources = [...(post!.html ?? '').matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!)
    expect(sources).toHaveLength(2)
    for (const source of sources) expect(ghostMock.hosts(source), source).toBe(true)
  })

  it('writes JSON-LD into codeinjection_head so that no text of the article can end the script', async () => {
    const hostile = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Shoes </script><script>alert(1)</script> <!-- & --> </SCRIPT \u2028 line \u2029 para',
    }
    const faq = { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Is 4 < 5 && 6 > 5?' }] }
    const head = jsonLdHead([hostile, faq])!
    expect(head).not.toMatch(/<\/script[^>]*>.*<\/script[^>]*>.*<\/script/is)
    expect(scriptSafeJson(hostile)).not.toMatch(/[<>&\u2028\u2029]/)
    const { document } = parseHTML(`<html><head>${head}</head><body></body></html>`)
    const scripts = [...document.querySelectorAll('script')]
    expect(scripts.map((script) => script.getAttribute('type'))).toEqual(['application/ld+json', 'application/ld+json'])
    expect(scripts.map((script) => JSON.parse(script.textContent ?? ''))).toEqual([hostile, faq])
    expect(document.body.childNodes).toHaveLength(0)

    const fields = ghostPostFields(publishableArticle({ jsonLd: [hostile] }), new Map())
    await expectGhostAccepts({ posts: [fields] }, 'posts-add')
  })

  it('leaves out JSON-LD blocks that would not fit in Ghost’s 65535 characters of head code', () => {
    const big = { '@type': 'FAQPage', text: 'x'.repeat(70_000) }
    const article = { '@type': 'Article', headline: 'Fits' }
    expect(jsonLdHead([article, big])).toBe(`<script type="application/ld+json">${JSON.stringify(article)}</script>`)
    expect(jsonLdHead([big])).toBeNull()
    expect(jsonLdHead([])).toBeNull()
  })
})

describe('Ghost image uploads against Ghost’s upload contract', () => {
  it('sends each image as multipart `file` of a type and extension Ghost lists, with purpose and ref its schema accepts', async () => {
    const { context } = ghost()
    const article = illustratedArticle()
    await ghostConnector.create(context, article)
    expect(uploads()).toHaveLength(3)
    for (const [index, request] of uploads().entries()) {
      expect(request.method).toBe('POST')
      expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
      const form = await request.formData()
      const file = form.get('file') as File
      expect(file).toBeInstanceOf(File)
      expect(file.type).toBe('image/png')
      expect(file.name).toBe(article.images[index]!.filename)
      expect(file.size).toBe(article.images[index]!.bytes.byteLength)
      const fields = { purpose: form.get('purpose'), ref: form.get('ref') }
      expect(fields).toEqual({ purpose: 'image', ref: article.images[index]!.filename })
      await expectGhostAccepts(fields, 'images-upload')
      expect([...form.keys()].sort()).toEqual(['file', 'purpose', 'ref'])
    }
  })

  it.each([
    ['image/webp', 'hero.png', 'hero.webp'],
    ['image/jpeg', 'hero.png', 'hero.jpg'],
    ['image/jpeg', 'hero.jpeg', 'hero.jpeg'],
    ['image/png', 'hero', 'hero.png'],
  ] as const)('names a %s file “%s” with the extension Ghost expects for its type', (contentType, filename, expected) => {
    expect(ghostUploadName({ contentType, filename })).toBe(expected)
  })

  it('reports an image over the site’s upload limit as a final refusal, without retrying', async () => {
    server.use(...ghostHandlers({ baseUrl: apiUrl, maxUploadBytes: 50 }))
    const { context } = ghost()
    const error = await providerErrorOf(ghostConnector.create(context, illustratedArticle()))
    expect(error).toMatchObject({ kind: 'rejected', status: 413 })
    expect(mockRequestCount('ghost')).toBe(1)
    expect(ghostMock.posts).toEqual([])
  })
})

describe('Ghost Admin API token, read with jose', () => {
  it('is an HS256 JWT with the key id as kid, audience /admin/, valid for 5 minutes, signed with the hex-decoded secret', async () => {
    const { context } = ghost()
    await ghostConnector.test(context)
    const authorized = sent.filter((request) => request.headers.has('authorization'))
    expect(authorized.length).toBeGreaterThan(0)
    for (const request of authorized) {
      const [scheme, token = ''] = request.headers.get('authorization')!.split(' ')
      expect(scheme).toBe('Ghost')
      expect(request.headers.get('accept-version')).toBe('v5.0')
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: keyId })
      const { payload } = await jwtVerify(token, Buffer.from(secretHex, 'hex'), {
        algorithms: ['HS256'],
        audience: '/admin/',
        maxTokenAge: '5m',
      })
      expect(payload.exp! - payload.iat!).toBe(300)
      await expect(jwtVerify(token, Buffer.from('ff'.repeat(32), 'hex'))).rejects.toThrow(/signature/)
    }
  })
})
