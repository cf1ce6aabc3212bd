import { afterEach, describe, expect, it } from 'vitest'
import { injectFault } from '../mock-faults'
import { webflowHandlers, webflowMock } from './mock'
import { useMockServer } from '../../../../tests/fixtures/mock-server'

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
})
