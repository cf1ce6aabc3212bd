import { createHash, createHmac } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { sniffImageType } from '~/server/media/media-store'
import { rasterSize } from '~/server/media/raster'
import {
  CDN,
  fileView,
  MAX_IMAGE_BYTES,
  SHOPIFY_STAGED_UPLOADS,
  SIGNING_KEY,
  state,
  storageError,
  type ShopifyFile,
  type UserError,
} from './mock-store'

const STAGED_RESOURCES = new Set([
  'BULK_MUTATION_VARIABLES',
  'COLLECTION_IMAGE',
  'FILE',
  'IMAGE',
  'MODEL_3D',
  'PRODUCT_IMAGE',
  'SHOP_IMAGE',
  'VIDEO',
])

function fail(file: ShopifyFile, code: string, message: string, details: string) {
  file.status = 'FAILED'
  file.errors = [{ code, message, details }]
}

export function stagedUploads(inputs: unknown) {
  const stagedTargets: Array<{ url: string; resourceUrl: string; parameters: Array<{ name: string; value: string }> }> = []
  const userErrors: Array<{ field: string[]; message: string }> = []
  const list = Array.isArray(inputs) ? (inputs as Array<Record<string, unknown>>) : []
  list.forEach((input, index) => {
    const filename = typeof input.filename === 'string' ? input.filename.trim() : ''
    const mimeType = typeof input.mimeType === 'string' ? input.mimeType.trim() : ''
    if (!filename) userErrors.push({ field: ['input', String(index), 'filename'], message: "Filename can't be blank" })
    if (!mimeType) userErrors.push({ field: ['input', String(index), 'mimeType'], message: "Mime type can't be blank" })
    if (!STAGED_RESOURCES.has(String(input.resource)))
      userErrors.push({ field: ['input', String(index), 'resource'], message: 'Resource is not a valid upload resource' })
    if (!filename || !mimeType || !STAGED_RESOURCES.has(String(input.resource))) return
    const key = `tmp/70000000001/files/${createHash('md5').update(`${state.nextFileId++}`).digest('hex')}/${encodeURIComponent(filename)}`
    state.staged.set(key, { key, mimeType, bytes: null })
    const signature = createHmac('sha256', SIGNING_KEY).update(key).digest('hex')
    const resourceUrl = `${SHOPIFY_STAGED_UPLOADS}/${key}`
    if (input.httpMethod === 'POST') {
      stagedTargets.push({
        url: `${SHOPIFY_STAGED_UPLOADS}/`,
        resourceUrl,
        parameters: [
          { name: 'Content-Type', value: mimeType },
          { name: 'success_action_status', value: '201' },
          { name: 'acl', value: 'private' },
          { name: 'key', value: key },
          { name: 'x-goog-date', value: '20261129T000000Z' },
          {
            name: 'x-goog-credential',
            value: 'merchant-assets@shopify-tiers.iam.gserviceaccount.com/20261129/auto/storage/goog4_request',
          },
          { name: 'x-goog-algorithm', value: 'GOOG4-RSA-SHA256' },
          { name: 'x-goog-signature', value: signature },
          {
            name: 'policy',
            value: Buffer.from(JSON.stringify({ conditions: [['content-length-range', 0, MAX_IMAGE_BYTES]] })).toString('base64'),
          },
        ],
      })
    } else {
      stagedTargets.push({
        url: `${resourceUrl}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=${signature}`,
        resourceUrl,
        parameters: [
          { name: 'content_type', value: mimeType },
          { name: 'acl', value: 'private' },
        ],
      })
    }
  })
  return { stagedTargets: userErrors.length > 0 ? null : stagedTargets, userErrors }
}

export function createFiles(inputs: unknown) {
  const list = Array.isArray(inputs) ? (inputs as Array<Record<string, unknown>>) : []
  const userErrors: Array<UserError> = []
  list.forEach((input, index) => {
    const source = typeof input.originalSource === 'string' ? URL.parse(input.originalSource) : null
    if (!source || source.protocol !== 'https:')
      userErrors.push({
        field: ['files', String(index), 'originalSource'],
        message: 'Image URL is invalid',
        code: 'INVALID_IMAGE_SOURCE_URL',
      })
    if (typeof input.alt === 'string' && input.alt.length > 512)
      userErrors.push({
        field: ['files', String(index), 'alt'],
        message: 'Alt value exceeds the 512 character limit',
        code: 'ALT_VALUE_LIMIT_EXCEEDED',
      })
  })
  if (userErrors.length > 0) return { files: null, userErrors }
  const files = list.map((input) => {
    const source = new URL(String(input.originalSource))
    const staged = source.origin === SHOPIFY_STAGED_UPLOADS ? state.staged.get(source.pathname.slice(1)) : undefined
    const id = 31_000_000_000 + state.nextFileId++
    // duplicateResolutionMode APPEND_UUID (the default): a name already in Files gets a suffix.
    const wanted = decodeURIComponent(source.pathname.split('/').pop() ?? 'file')
    const taken = state.files.some((existing) => existing.filename === wanted)
    const file: ShopifyFile = {
      id: `gid://shopify/MediaImage/${id}`,
      alt: typeof input.alt === 'string' ? input.alt : '',
      filename: taken
        ? wanted.replace(
            /(\.[A-Za-z0-9]+)?$/,
            (extension) => `_${createHash('md5').update(String(id)).digest('hex').slice(0, 8)}${extension}`,
          )
        : wanted,
      originalSource: source.href,
      bytes: staged?.bytes ?? null,
      mimeType: staged?.mimeType ?? null,
      status: 'UPLOADED',
      errors: [],
      url: null,
      width: null,
      height: null,
      reads: 0,
    }
    state.files.push(file)
    return file
  })
  return { files: files.map(fileView), userErrors }
}

/** Processing, as Shopify does it in the background: each read of the file moves it on. */
export function processFile(file: ShopifyFile) {
  if (file.status === 'READY' || file.status === 'FAILED') return
  file.reads++
  if (!file.bytes)
    return fail(file, 'IMAGE_DOWNLOAD_FAILURE', 'Image could not be downloaded', `No file was uploaded to ${file.originalSource}`)
  if (file.bytes.byteLength > MAX_IMAGE_BYTES)
    return fail(file, 'INVALID_IMAGE_FILE_SIZE', 'Image file size is invalid', 'Images must be smaller than 20 MB')
  const size = sniffImageType(file.bytes) ? rasterSize(file.bytes) : undefined
  if (!size)
    return fail(file, 'UNSUPPORTED_IMAGE_FILE_TYPE', 'Image file type is unsupported', 'Accepted image types are JPEG, PNG, GIF and WebP')
  if (file.reads <= state.processingReads) {
    file.status = 'PROCESSING'
    return
  }
  file.status = 'READY'
  file.url = `${CDN}/${encodeURIComponent(file.filename)}?v=${1_764_000_000 + Number(file.id.split('/').pop())}`
  file.width = size.width
  file.height = size.height
}

/** Shopify's cloud storage for staged uploads: a signed multipart POST with the file last, or a signed PUT. */
export function storageHandlers(): RequestHandler[] {
  return [
    http.post(`${SHOPIFY_STAGED_UPLOADS}/`, async ({ request }) => {
      const form = await request.formData().catch(() => null)
      const entries = form ? [...form.entries()] : []
      state.storageRequests.push({
        method: 'POST',
        headers: Object.fromEntries(request.headers.entries()),
        fields: entries.map(([name]) => name),
      })
      const field = (name: string) => entries.find(([entry]) => entry === name)?.[1]
      const key = String(field('key') ?? '')
      const staged = state.staged.get(key)
      const fileIndex = entries.findIndex(([name]) => name === 'file')
      // The storage reads the form up to the file: a field after it is not part of the upload.
      if (!staged || fileIndex !== entries.length - 1)
        return storageError(400, 'InvalidArgument', 'Invalid argument.', 'POST object expects the file as the last field of the form.')
      if (field('x-goog-signature') !== createHmac('sha256', SIGNING_KEY).update(key).digest('hex') || !field('policy'))
        return storageError(
          403,
          'SignatureDoesNotMatch',
          'Access denied.',
          'The request signature we calculated does not match the signature you provided.',
        )
      if (field('Content-Type') !== staged.mimeType)
        return storageError(
          403,
          'AccessDenied',
          'Access denied.',
          `Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "${staged.mimeType}"]`,
        )
      const file = field('file')
      if (!(file instanceof File)) return storageError(400, 'InvalidArgument', 'Invalid argument.', 'The form has no file.')
      if (file.size > MAX_IMAGE_BYTES)
        return storageError(
          400,
          'EntityTooLarge',
          'Your proposed upload is larger than the maximum object size specified in your Policy Document.',
          'Content-length exceeds upper bound on range',
        )
      staged.bytes = new Uint8Array(await file.arrayBuffer())
      return new HttpResponse(
        `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${SHOPIFY_STAGED_UPLOADS}/${key}</Location><Bucket>shopify-staged-uploads</Bucket><Key>${key}</Key><ETag>"${createHash('md5').update(staged.bytes).digest('hex')}"</ETag></PostResponse>`,
        { status: 201, headers: { 'Content-Type': 'application/xml; charset=UTF-8' } },
      )
    }),
    http.put(`${SHOPIFY_STAGED_UPLOADS}/*`, async ({ request }) => {
      const url = new URL(request.url)
      state.storageRequests.push({ method: 'PUT', headers: Object.fromEntries(request.headers.entries()), fields: [] })
      const key = url.pathname.slice(1)
      const staged = state.staged.get(key)
      if (!staged || url.searchParams.get('X-Goog-Signature') !== createHmac('sha256', SIGNING_KEY).update(key).digest('hex'))
        return storageError(
          403,
          'SignatureDoesNotMatch',
          'Access denied.',
          'The request signature we calculated does not match the signature you provided.',
        )
      const bytes = new Uint8Array(await request.arrayBuffer())
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        return storageError(
          400,
          'EntityTooLarge',
          'Your proposed upload is larger than the maximum object size specified in your Policy Document.',
          'Content-length exceeds upper bound on range',
        )
      staged.bytes = bytes
      return new HttpResponse(null, { status: 200 })
    }),
  ]
}
