import { crc32, inflateSync } from 'node:zlib'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearFaults, injectFault, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { createImagesClient, createImagesClientFromEnv, type ImagesClientOptions } from './client'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { PNG_SIGNATURE } from '~/server/demo-network/images/png'
import { providerErrorOf } from '~tests/fixtures/mock-server'
import { resolverFrom } from '~tests/fixtures/test-site'
import { createOutboundFetch } from '~/server/outbound/outbound-fetch'

const server = setupServer(...imagesHandlers())
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
let sleeps: number[] = []
let authHeaders: Array<string | null> = []
beforeEach(() => {
  resetMockRequestCounts()
  sleeps = []
  authHeaders = []
  server.events.on('request:start', ({ request }) => void authHeaders.push(request.headers.get('authorization')))
})
afterEach(() => {
  server.events.removeAllListeners()
  server.resetHandlers()
  clearFaults()
})
afterAll(() => server.close())

/** The outbound fetch as the app builds it, with the API's host answered as a public address (no DNS in tests). */
const storageFetch = (table: Record<string, string[]> = { 'api.openai.com': ['93.184.215.14'] }) =>
  createOutboundFetch({ resolve: resolverFrom(table) })

const images = (options: Partial<ImagesClientOptions> = {}) =>
  createImagesClient({ apiKey: 'sk-test', model: 'gpt-image-1', random: () => 0.5, sleep: async (ms) => void sleeps.push(ms), ...options })

/** Walks the PNG's chunks, checking each CRC, and inflates the pixels: a decoder would accept it. */
function decodePng(bytes: Uint8Array) {
  const view = Buffer.from(bytes)
  expect(view.subarray(0, 8)).toEqual(Buffer.from(PNG_SIGNATURE))
  let offset = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  for (;;) {
    const length = view.readUInt32BE(offset)
    const type = view.toString('ascii', offset + 4, offset + 8)
    const data = view.subarray(offset + 8, offset + 8 + length)
    expect(view.readUInt32BE(offset + 8 + length)).toBe(crc32(view.subarray(offset + 4, offset + 8 + length)))
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)]
    if (type === 'IDAT') idat.push(data)
    offset += 12 + length
    if (type === 'IEND') break
  }
  const pixels = inflateSync(Buffer.concat(idat))
  expect(pixels.length).toBe((width * 3 + 1) * height)
  return { width, height, pixels }
}

describe('images client', () => {
  it('decodes a b64_json answer into a valid PNG of the requested shape', async () => {
    const image = await images().generate({ prompt: 'A cosy bakery at dawn', size: '1536x1024' })
    expect(image.mimeType).toBe('image/png')
    const { width, height } = decodePng(image.bytes)
    expect([width, height]).toEqual([256, 171])
  })

  it('draws different images for different prompts and the same image for the same prompt', async () => {
    const client = images()
    const first = await client.generate({ prompt: 'A cosy bakery at dawn' })
    const again = await client.generate({ prompt: 'A cosy bakery at dawn' })
    const other = await client.generate({ prompt: 'Trail runners on a ridge' })
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    expect(Buffer.from(other.bytes).equals(Buffer.from(first.bytes))).toBe(false)
    expect(decodePng(other.bytes).pixels.subarray(1, 4)).not.toEqual(decodePng(first.bytes).pixels.subarray(1, 4))
  })

  it('downloads the image when the API answers a URL, without sending the API key there', async () => {
    const image = await createImagesClientFromEnv(
      {
        IMAGES_BASE_URL: undefined,
        IMAGES_API_KEY: 'sk-env',
        IMAGES_MODEL: 'dall-e-3',
      },
      { download: storageFetch() },
    ).generate({
      prompt: 'A lighthouse',
    })
    expect(decodePng(image.bytes).width).toBe(256)
    expect(authHeaders).toEqual(['Bearer sk-env', null])
  })

  it('refuses an image link that points into a private network, without downloading it or retrying', async () => {
    server.use(
      http.post('https://api.openai.com/v1/images/generations', () =>
        HttpResponse.json({ created: 1, data: [{ url: 'http://169.254.169.254/latest/meta-data/iam/image.png' }] }),
      ),
    )
    const error = await providerErrorOf(images({ model: 'dall-e-3', download: storageFetch() }).generate({ prompt: 'A lighthouse' }))
    expect(error).toMatchObject({ kind: 'rejected', attempts: 1 })
    expect(error.message).toBe(
      'http://169.254.169.254/latest/meta-data/iam/image.png points to a cloud metadata address, which we do not fetch.',
    )
    expect(authHeaders).toEqual(['Bearer sk-test'])
  })

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    injectFault('images', { kind: 'rate-limit', retryAfterSeconds: 12, times: 1 })
    await images().generate({ prompt: 'A lighthouse' })
    expect(sleeps).toEqual([12_000])
    expect(mockRequestCount('images')).toBe(2)
  })

  it('retries a 5xx with backoff, then succeeds', async () => {
    injectFault('images', { kind: 'status', status: 500, times: 2 })
    await images().generate({ prompt: 'A lighthouse' })
    expect(sleeps).toEqual([375, 750])
    expect(mockRequestCount('images')).toBe(3)
  })

  it('times out an answer that is too slow', async () => {
    injectFault('images', { kind: 'slow', delayMs: 500 })
    const error = await providerErrorOf(images({ timeoutMs: 40, retries: 1 }).generate({ prompt: 'A lighthouse' }))
    expect(error.message).toBe('Images did not answer within 1 second (2 attempts). Try again in a few minutes.')
  })

  it('reports a body that is not JSON', async () => {
    injectFault('images', { kind: 'malformed' })
    const error = await providerErrorOf(images().generate({ prompt: 'A lighthouse' }))
    expect(error.message).toBe(
      'Images sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
  })

  it('passes on what the API says about a bad request, without retrying', async () => {
    const error = await providerErrorOf(images().generate({ prompt: 'A lighthouse', size: '640x480' }))
    expect(error.message).toMatch(/^Images rejected the request \(HTTP 400\): Invalid value: '640x480'\. Supported values are: 'auto', /)
    expect(mockRequestCount('images')).toBe(1)
  })

  it('names the setting to fix when the API key is refused', async () => {
    const error = await providerErrorOf(images({ apiKey: 'wrong' }).generate({ prompt: 'A lighthouse' }))
    expect(error.message).toBe(
      'Images refused our credentials (HTTP 401: Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.). Check IMAGES_API_KEY.',
    )
  })
})
