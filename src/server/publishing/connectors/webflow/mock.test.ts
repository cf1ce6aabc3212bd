import { afterEach, describe, expect, it } from 'vitest'
import { injectFault } from '~/server/demo-network/mock-faults'
import { WEBFLOW_ASSET_BUCKET, WEBFLOW_SITE_ID, webflowHandlers, webflowMock } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

useMockServer(...webflowHandlers())
const collection = '6512c0ffee0000000000abcd'

afterEach(() => {
  webflowMock.reset()
})

const publish = (body: unknown, token = 'wf_site_token', collectionId = collection) =>
  fetch(`https://api.webflow.com/v2/collections/${collectionId}/items/live`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

const item = { isDraft: false, fieldData: { name: 'Hiking Boots', slug: 'hiking-boots', 'post-body': '<p>Boots</p>' } }

describe('Webflow mock', () => {
  it('publishes a live item with 202 and records it', async () => {
    const response = await publish(item)
    expect(response.status).toBe(202)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ isDraft: false, isArchived: false, fieldData: item.fieldData })
    expect(body.id).toMatch(/^[0-9a-f]{24}$/)
    expect(body.lastPublished).toEqual(expect.any(String))
    expect(webflowMock.items).toEqual([expect.objectContaining({ collectionId: collection, fieldData: item.fieldData })])
  })

  it('refuses a bad token with 401 in Webflow error shape', async () => {
    const response = await publish(item, 'wrong')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      code: 'not_authorized',
      message: 'Request not authorized',
      externalReference: null,
      details: [],
    })
  })

  it.each([
    [
      'missing name and slug',
      { fieldData: {} },
      400,
      'validation_error',
      [
        { param: 'fieldData.name', description: 'Field is required' },
        { param: 'fieldData.slug', description: 'Field is required' },
      ],
    ],
    [
      'a slug with capitals',
      { fieldData: { name: 'x', slug: 'Bad Slug' } },
      400,
      'validation_error',
      [{ param: 'fieldData.slug', description: 'Slug must only contain lowercase letters, numbers and hyphens' }],
    ],
  ])('rejects %s', async (_case, body, status, code, details) => {
    const response = await publish(body)
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject({ code, details })
  })

  it('rejects a duplicate slug with 409 and an unknown collection with 404', async () => {
    await publish(item)
    expect((await publish(item)).status).toBe(409)
    const missing = await publish(item, 'wf_site_token', 'not-a-collection')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ code: 'resource_not_found' })
  })

  it('answers 429 with Retry-After when rate limiting is injected', async () => {
    injectFault('webflow', { kind: 'rate-limit', retryAfterSeconds: 7, times: 1 })
    const limited = await publish(item)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect((await publish(item)).status).toBe(202)
  })

  it('rejects a field the collection does not describe', async () => {
    const response = await publish({ fieldData: { ...item.fieldData, 'meta-title': 'x' } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'validation_error',
      details: [{ param: 'fieldData.meta-title', description: 'Field not described in schema' }],
    })
  })

  it('lists items by exact slug, updates and unpublishes a live item', async () => {
    const { id } = (await (await publish(item)).json()) as { id: string }
    const headers = { Authorization: 'Bearer wf_site_token', 'Content-Type': 'application/json' }
    const items = `https://api.webflow.com/v2/collections/${collection}/items`
    const listed = (await (await fetch(`${items}?slug=hiking-boots`, { headers })).json()) as { items: unknown[] }
    expect(listed.items).toEqual([expect.objectContaining({ id })])
    expect(((await (await fetch(`${items}?slug=hiking`, { headers })).json()) as { items: unknown[] }).items).toEqual([])

    const patched = await fetch(`${items}/${id}/live`, { method: 'PATCH', headers, body: JSON.stringify({ fieldData: { name: 'Boots' } }) })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ id, fieldData: { name: 'Boots', slug: 'hiking-boots' } })

    const removed = await fetch(`${items}/${id}/live`, { method: 'DELETE', headers })
    expect(removed.status).toBe(204)
    expect(webflowMock.items).toEqual([expect.objectContaining({ id, isLive: false })])
    expect((await fetch(`${items}/${'0'.repeat(24)}/live`, { method: 'DELETE', headers })).status).toBe(404)
  })

  it.each([
    [
      'an image field with a relative URL',
      { 'main-image': { url: '/files/shoes.png' } },
      'fieldData.main-image',
      'Image URL must be absolute: /files/shoes.png',
    ],
    [
      'an image field naming an asset the site does not have',
      { 'main-image': { fileId: 'f'.repeat(24), url: 'https://cdn.example/x.png' } },
      'fieldData.main-image',
      `Asset not found: ${'f'.repeat(24)}`,
    ],
    [
      'a rich text with a relative image',
      { 'post-body': '<p><img src="media/x.png" alt=""></p>' },
      'fieldData.post-body',
      'Image URL must be absolute: media/x.png',
    ],
  ])('rejects %s', async (_case, fields, param, description) => {
    const response = await publish({ ...item, fieldData: { ...item.fieldData, ...fields } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'validation_error', details: [{ param, description }] })
  })

  it('rejects isDraft and isArchived that are not booleans', async () => {
    const response = await publish({ ...item, isDraft: 'false', isArchived: 0 })
    expect(await response.json()).toMatchObject({
      details: [
        { param: 'isDraft', description: 'Value must be a boolean' },
        { param: 'isArchived', description: 'Value must be a boolean' },
      ],
    })
  })

  describe('assets', () => {
    const assets = `https://api.webflow.com/v2/sites/${WEBFLOW_SITE_ID}/assets`
    const headers = { Authorization: 'Bearer wf_site_token', 'Content-Type': 'application/json' }
    const createAsset = (body: unknown) => fetch(assets, { method: 'POST', headers, body: JSON.stringify(body) })
    const upload = async (details: Record<string, string>, file: Blob, extra: HeadersInit = {}) => {
      const form = new FormData()
      for (const [name, value] of Object.entries(details)) form.append(name, value)
      form.append('file', file, 'file')
      return fetch(`${WEBFLOW_ASSET_BUCKET}/`, { method: 'POST', body: form, headers: extra })
    }

    it.each([
      ['without a fileHash', { fileName: 'shoes.png' }, [{ param: 'fileHash', description: 'Field is required' }]],
      [
        'with a hash that is not MD5',
        { fileName: 'shoes.png', fileHash: 'abc' },
        [{ param: 'fileHash', description: 'Must be an MD5 hash' }],
      ],
      [
        'of a type Webflow does not host',
        { fileName: 'shoes.exe', fileHash: 'a'.repeat(32) },
        [{ param: 'fileName', description: 'File type is not supported' }],
      ],
      [
        'with a name of 100 characters',
        { fileName: `${'a'.repeat(96)}.png`, fileHash: 'a'.repeat(32) },
        [{ param: 'fileName', description: 'File names must be less than 100 characters' }],
      ],
    ])('refuses an asset %s', async (_case, body, details) => {
      const response = await createAsset(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'validation_error', details })
    })

    it('takes the file through the presigned POST, then serves the asset; refuses an image over 4 MB, an SVG too, and Webflow’s token', async () => {
      const small = new Blob([new Uint8Array(10)], { type: 'image/png' })
      const created = (await (await createAsset({ fileName: 'shoes.png', fileHash: 'a'.repeat(32) })).json()) as {
        id: string
        hostedUrl: string
        uploadDetails: Record<string, string>
      }
      expect((await upload(created.uploadDetails, small, { Authorization: 'Bearer wf_site_token' })).status).toBe(400)
      expect((await upload({ ...created.uploadDetails, key: 'elsewhere/x.png' }, small)).status).toBe(403)
      const stored = await upload(created.uploadDetails, small)
      expect(stored.status).toBe(201)
      const asset = await fetch(`https://api.webflow.com/v2/assets/${created.id}`, { headers })
      expect(await asset.json()).toMatchObject({ id: created.id, hostedUrl: created.hostedUrl, size: 10 })

      const svg = (await (await createAsset({ fileName: 'chart.svg', fileHash: 'b'.repeat(32) })).json()) as {
        uploadDetails: Record<string, string>
      }
      const tooBig = await upload(svg.uploadDetails, new Blob([new Uint8Array(4 * 1024 * 1024 + 1)], { type: 'image/svg+xml' }))
      expect(tooBig.status).toBe(400)
      expect(await tooBig.text()).toContain('<Code>EntityTooLarge</Code>')
      webflowMock.deleteAsset(created.id)
      expect((await fetch(`https://api.webflow.com/v2/assets/${created.id}`, { headers })).status).toBe(404)
    })
  })
})
