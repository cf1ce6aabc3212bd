import { z } from 'zod'
import type { Env } from '~/env'
import { appOutboundFetch, createOutboundFetch } from '~/server/outbound/outbound-fetch'
import { createProviderFetch, malformed, readJson, type ProviderFetchOptions } from '../http'
import { PROVIDERS } from '../modes'

export const DEFAULT_IMAGES_BASE_URL = 'https://api.openai.com/v1'

export type ImageSize = `${number}x${number}` | 'auto'

export interface GeneratedImage {
  bytes: Uint8Array
  /** An image model's picture; SVG only from demo mode's illustrator (demo-illustrator.ts). */
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml'
}

export interface ImagesClient {
  readonly model: string
  generate(request: { prompt: string; size?: ImageSize }): Promise<GeneratedImage>
}

export interface ImagesClientOptions extends Pick<
  ProviderFetchOptions,
  'timeoutMs' | 'retries' | 'baseDelayMs' | 'sleep' | 'random' | 'fetch'
> {
  baseUrl?: string
  apiKey?: string
  model: string
  /**
   * Downloads an image file the API answered with a link to. The link is the answer's, not ours,
   * so it goes through the outbound fetch like any address we were pointed to [strict policy].
   */
  download?: typeof fetch
}

/** The largest image file we download. */
const MAX_IMAGE_BYTES = 25 * 1024 * 1024

const provider = PROVIDERS.images

const imagesAnswer = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1),
})

/** Judged by the bytes, not by what the server claims: a CDN may send application/octet-stream. */
function mimeTypeOf(bytes: Uint8Array): GeneratedImage['mimeType'] | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp'
  return undefined
}

/**
 * OpenAI-compatible /images/generations. gpt-image models always answer base64; DALL·E-style
 * servers may answer a short-lived URL instead, which is downloaded at once (without our API
 * key: the URL points at a storage host, not at the API).
 */
export function createImagesClient(options: ImagesClientOptions): ImagesClient {
  const base = (options.baseUrl ?? DEFAULT_IMAGES_BASE_URL).replace(/\/+$/, '')
  const fetchOptions = {
    provider,
    credentialsHint: 'IMAGES_API_KEY',
    timeoutMs: options.timeoutMs ?? 180_000,
    retries: options.retries,
    baseDelayMs: options.baseDelayMs,
    sleep: options.sleep,
    random: options.random,
    fetch: options.fetch,
  }
  const apiFetch = createProviderFetch(fetchOptions)
  const downloadFetch = createProviderFetch({
    ...fetchOptions,
    timeoutMs: options.timeoutMs ?? 60_000,
    fetch: options.download ?? createOutboundFetch({ maxBytes: MAX_IMAGE_BYTES }),
  })

  async function download(url: string): Promise<Uint8Array> {
    const response = await downloadFetch(url)
    return new Uint8Array(await response.arrayBuffer())
  }

  return {
    model: options.model,
    async generate({ prompt, size = '1024x1024' }) {
      const response = await apiFetch(`${base}/images/generations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ model: options.model, prompt, size, n: 1 }),
      })
      const [image] = (await readJson(response, provider, imagesAnswer)).data
      let bytes: Uint8Array
      if (image?.b64_json) bytes = new Uint8Array(Buffer.from(image.b64_json, 'base64'))
      else if (image?.url) bytes = await download(image.url)
      else throw malformed(provider, 'the answer holds neither b64_json nor url')
      const mimeType = mimeTypeOf(bytes)
      if (!mimeType) throw malformed(provider, 'the image is not a PNG, JPEG or WebP file')
      return { bytes, mimeType }
    },
  }
}

export function createImagesClientFromEnv(
  env: Pick<Env, 'IMAGES_BASE_URL' | 'IMAGES_API_KEY' | 'IMAGES_MODEL'>,
  overrides: Partial<ImagesClientOptions> = {},
) {
  return createImagesClient({
    baseUrl: env.IMAGES_BASE_URL,
    apiKey: env.IMAGES_API_KEY,
    model: env.IMAGES_MODEL,
    download: appOutboundFetch({ maxBytes: MAX_IMAGE_BYTES }),
    ...overrides,
  })
}
