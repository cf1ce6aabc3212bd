import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { DEFAULT_IMAGES_BASE_URL } from '~/server/providers/images/client'
import { gradientPng, type Rgb } from './png'

/**
 * OpenAI's /images/generations: a real PNG gradient in colours derived from the prompt, at the
 * requested size scaled down to at most 256 px a side (same aspect ratio) so demo mode stays fast.
 * gpt-image models answer b64_json; dall-e models answer a URL unless response_format is
 * b64_json, as the real API does. The API key "wrong" gets OpenAI's 401.
 */

interface ImagesRequest {
  model?: string
  prompt?: string
  size?: string
  response_format?: 'url' | 'b64_json'
}

const MAX_SIDE = 256
const SIZES: Record<string, readonly [number, number]> = {
  auto: [1024, 1024],
  '256x256': [256, 256],
  '512x512': [512, 512],
  '1024x1024': [1024, 1024],
  '1536x1024': [1536, 1024],
  '1024x1536': [1024, 1536],
  '1792x1024': [1792, 1024],
  '1024x1792': [1024, 1792],
}

function colour(hash: number): Rgb {
  return [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff]
}

function promptHash(text: string, salt: number) {
  let hash = 0x811c9dc5 ^ salt
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

export function mockImage(prompt: string, size: string): Uint8Array {
  const [width, height] = SIZES[size] ?? [1024, 1024]
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height))
  return gradientPng(Math.round(width * scale), Math.round(height * scale), colour(promptHash(prompt, 1)), colour(promptHash(prompt, 2)))
}

export function imagesHandlers(options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? DEFAULT_IMAGES_BASE_URL).replace(/\/+$/, '')
  const error = (status: number, message: string, code: string | null) =>
    HttpResponse.json({ error: { message, type: 'invalid_request_error', param: null, code } }, { status })

  return [
    http.post(
      `${base}/images/generations`,
      withFaults('images', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer wrong') {
          return error(
            401,
            'Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_api_key',
          )
        }
        const body = (await request.json().catch(() => undefined)) as ImagesRequest | undefined
        if (!body?.prompt) return error(400, "Missing required parameter: 'prompt'.", 'missing_required_parameter')
        const size = body.size ?? 'auto'
        if (!SIZES[size])
          return error(
            400,
            `Invalid value: '${size}'. Supported values are: ${Object.keys(SIZES)
              .map((s) => `'${s}'`)
              .join(', ')}.`,
            'invalid_value',
          )
        const created = Math.floor(Date.now() / 1000)
        const wantsUrl = /^dall-e/.test(body.model ?? '') && body.response_format !== 'b64_json'
        if (wantsUrl) {
          const params = new URLSearchParams({ prompt: body.prompt, size })
          return HttpResponse.json({
            created,
            data: [{ url: `${base}/mock-image-files/image.png?${params}`, revised_prompt: body.prompt }],
          })
        }
        return HttpResponse.json({
          created,
          data: [{ b64_json: Buffer.from(mockImage(body.prompt, size)).toString('base64') }],
          output_format: 'png',
          size,
          usage: {
            input_tokens: Math.ceil(body.prompt.length / 4),
            output_tokens: 272,
            total_tokens: Math.ceil(body.prompt.length / 4) + 272,
          },
        })
      }),
    ),
    // Stands in for the storage host a URL answer points at.
    http.get(
      `${base}/mock-image-files/image.png`,
      withFaults('images', ({ request }) => {
        const params = new URL(request.url).searchParams
        return new HttpResponse(mockImage(params.get('prompt') ?? '', params.get('size') ?? 'auto'), {
          headers: { 'Content-Type': 'image/png' },
        })
      }),
    ),
  ]
}
