import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebflowClient, type Webflow } from 'webflow-api'
import * as serializers from 'webflow-api/serialization'
import { WEBFLOW_ASSET_BUCKET, WEBFLOW_COLLECTION_ID, WEBFLOW_SITE_ID, webflowHandlers, webflowMock } from './mock'
import { connectorContext, illustratedArticle } from '~tests/fixtures/publishing-connector'
import { useMockServer } from '~tests/fixtures/mock-server'
import { webflowConnector } from './webflow'

// Our Webflow requests checked against Webflow's official SDK (webflow-api): each JSON body must
// pass the SDK's own request serializers with unknown keys refused, and the SDK's client, pointed
// at the same mock, must send the same requests for the same work (the asset's metadata and its
// S3 upload as the SDK's createAndUpload does them, the live item as createItemLive and
// updateItemLive serialise it).

const server = useMockServer(...webflowHandlers())

interface Recorded {
  method: string
  url: URL
  headers: Headers
  body: Promise<ArrayBuffer>
}
let recorded: Recorded[] = []

beforeEach(() => {
  recorded = []
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone()
    recorded.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: copy.arrayBuffer() })
  })
})
afterEach(() => {
  server.events.removeAllListeners()
  webflowMock.reset()
})

/** The SDK's schema options at their strictest: a key the SDK does not know fails. */
const STRICT = { unrecognizedObjectKeys: 'fail', allowUnrecognizedEnumValues: false, allowUnrecognizedUnionMembers: false } as const

const json = async (request: Recorded) => JSON.parse(new TextDecoder().decode(await request.body)) as Record<string, unknown>

/** The multipart form's fields in order, names as S3 reads them (without regard to case); the file as its name, type and MD5. */
async function formOf(request: Recorded) {
  const form = await new Request(request.url, { method: 'POST', headers: request.headers, body: await request.body }).formData()
  return Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === 'string'
        ? [name.toLowerCase(), value]
        : [
            name.toLowerCase(),
            {
              name: value.name,
              type: value.type,
              md5: createHash('md5')
                .update(await value.bytes())
                .digest('hex'),
            },
          ],
    ),
  )
}

const route = (request: Recorded) => `${request.method} ${request.url.origin}${request.url.pathname}`

async function publishWithOurConnector() {
  const { context } = connectorContext<'webflow'>(
    'Webflow',
    { collectionId: WEBFLOW_COLLECTION_ID, postUrlPrefix: 'https://www.example.com/blog' },
    { apiToken: 'wf_site_token' },
    { classifyFailure: webflowConnector.classifyFailure },
  )
  const article = illustratedArticle()
  const post = await webflowConnector.create(context, article)
  const created = [...recorded]
  recorded.length = 0
  await webflowConnector.update(context, post.externalId, { ...article, title: 'Trail Shoes, Revised' })
  return { article, post, created, updated: [...recorded] }
}

describe('Webflow requests, checked against the official SDK (webflow-api 3.3.4)', () => {
  it('every JSON body we send passes the SDK’s request serializers with unknown keys refused', async () => {
    const { article, created, updated } = await publishWithOurConnector()
    const assetCalls = created.filter((request) => route(request) === `POST https://api.webflow.com/v2/sites/${WEBFLOW_SITE_ID}/assets`)
    expect(assetCalls).toHaveLength(article.images.length)
    for (const [index, request] of assetCalls.entries()) {
      const body = await json(request)
      expect(serializers.AssetsCreateRequest.parseOrThrow(body, STRICT)).toEqual({
        fileName: article.images[index]!.filename,
        fileHash: createHash('md5').update(article.images[index]!.bytes).digest('hex'),
      })
    }

    const [create] = created.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/items/live'))
    const item = await json(create!)
    expect(() => serializers.collections.ItemsCreateItemLiveRequestBody.parseOrThrow(item, STRICT)).not.toThrow()
    expect(serializers.CollectionItemPostSingle.parseOrThrow(item, STRICT)).toMatchObject({ isDraft: false, isArchived: false })

    const [patch] = updated.filter((request) => request.method === 'PATCH')
    const changes = await json(patch!)
    expect(serializers.CollectionItemPatchSingle.parseOrThrow(changes, STRICT)).toMatchObject({
      isDraft: false,
      fieldData: expect.objectContaining({ name: 'Trail Shoes, Revised' }),
    })
    // The republish found every asset in place: nothing was uploaded twice.
    expect(updated.filter((request) => request.url.pathname.endsWith('/assets'))).toEqual([])
  })

  it('the SDK’s client sends the same requests for the same work', async () => {
    const { article, post, created, updated } = await publishWithOurConnector()
    const ours = {
      reads: created.filter((request) => request.method === 'GET').map(route),
      asset: await json(created.find((request) => request.url.pathname.endsWith('/assets'))!),
      upload: created.find((request) => request.url.origin === WEBFLOW_ASSET_BUCKET)!,
      item: await json(created.find((request) => request.url.pathname.endsWith('/items/live'))!),
      patch: await json(updated.find((request) => request.method === 'PATCH')!),
      patchRoute: route(updated.find((request) => request.method === 'PATCH')!),
    }
    const ourUpload = await formOf(ours.upload)
    webflowMock.reset()
    recorded.length = 0

    const client = new WebflowClient({ accessToken: 'wf_site_token', maxRetries: 0 })
    await client.sites.list()
    await client.collections.list(WEBFLOW_SITE_ID)
    await client.collections.get(WEBFLOW_COLLECTION_ID)
    const reads = recorded.map(route)
    expect(ours.reads).toEqual(expect.arrayContaining(reads))

    recorded.length = 0
    const featured = article.images[0]!
    await client.assets.utilities.createAndUpload(WEBFLOW_SITE_ID, {
      fileName: featured.filename,
      file: featured.bytes.buffer.slice(featured.bytes.byteOffset, featured.bytes.byteOffset + featured.bytes.byteLength),
    })
    const [sdkAsset, sdkUpload] = recorded
    expect(route(sdkAsset!)).toBe(`POST https://api.webflow.com/v2/sites/${WEBFLOW_SITE_ID}/assets`)
    expect(await json(sdkAsset!)).toEqual(ours.asset)
    expect(route(sdkUpload!)).toBe(route(ours.upload))
    // Same fields with the same values, the file last, and neither sends Webflow's token to the bucket.
    const sdkForm = await formOf(sdkUpload!)
    expect(ourUpload.at(-1)).toEqual(['file', { name: featured.filename, type: 'image/png', md5: ours.asset.fileHash }])
    expect(Object.fromEntries(ourUpload.slice(0, -1))).toEqual(Object.fromEntries(sdkForm.slice(0, -1)))
    expect(sdkForm.at(-1)?.[0]).toBe('file')
    expect(ours.upload.headers.has('authorization')).toBe(false)
    expect(sdkUpload!.headers.has('authorization')).toBe(false)

    recorded.length = 0
    const sdkItem = await client.collections.items.createItemLive(
      WEBFLOW_COLLECTION_ID,
      ours.item as unknown as Webflow.collections.ItemsCreateItemLiveRequestBody,
    )
    expect(route(recorded[0]!)).toBe(`POST https://api.webflow.com/v2/collections/${WEBFLOW_COLLECTION_ID}/items/live`)
    expect(await json(recorded[0]!)).toEqual(ours.item)
    expect(sdkItem.id).toBe(post.externalId)

    recorded.length = 0
    await client.collections.items.updateItemLive(WEBFLOW_COLLECTION_ID, post.externalId, ours.patch as Webflow.CollectionItemPatchSingle)
    expect(route(recorded[0]!)).toBe(ours.patchRoute)
    expect(await json(recorded[0]!)).toEqual(ours.patch)
  })
})
