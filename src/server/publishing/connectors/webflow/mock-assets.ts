import { createHash } from 'node:crypto'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import {
  hexId,
  state,
  WEBFLOW_ASSET_BUCKET,
  WEBFLOW_ASSET_CDN,
  WEBFLOW_DOCUMENT_LIMIT,
  WEBFLOW_IMAGE_LIMIT,
  webflowError,
  type WebflowAsset,
  type WebflowSite,
} from './mock-store'

/** Webflow's asset types by file extension: images (4 MB at most) and documents. */
const ASSET_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  json: 'application/json',
}

/** S3's error document. */
const s3Error = (status: number, code: string, message: string) =>
  new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status,
    headers: { 'Content-Type': 'application/xml' },
  })

/** The presigned POST's fields as Webflow answers them (the policy and signature are opaque here). */
function uploadDetailsOf(asset: WebflowAsset): Record<string, string> {
  return {
    acl: 'public-read',
    bucket: 'webflow-prod-assets',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': 'AKIAEXAMPLE/20240110/us-east-1/s3/aws4_request',
    'X-Amz-Date': '20240110T090000Z',
    key: asset.key,
    Policy: Buffer.from(JSON.stringify({ key: asset.key, contentType: asset.contentType })).toString('base64'),
    'X-Amz-Signature': hexId('signature', asset.key),
    success_action_status: '201',
    'content-type': asset.contentType,
    'Cache-Control': 'max-age=31536000, must-revalidate',
  }
}

/** Assets in two steps: Webflow's presigned POST, then the file to the S3 bucket; and an asset's read. */
export function assetHandlers(site: WebflowSite): RequestHandler[] {
  const { base, tokenRefused, siteOf, siteNotFound, stamp } = site
  return [
    http.post(
      `${base}/v2/sites/:siteId/assets`,
      withFaults('webflow', async ({ request, params }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        const site = siteOf(String(params.siteId))
        if (!site) return siteNotFound()
        const input = (await request.json().catch(() => null)) as Record<string, unknown> | null
        const details: Array<{ param: string; description: string }> = []
        const fileName = input?.fileName
        const fileHash = input?.fileHash
        if (typeof fileName !== 'string' || !fileName) details.push({ param: 'fileName', description: 'Field is required' })
        else if (fileName.length >= 100) details.push({ param: 'fileName', description: 'File names must be less than 100 characters' })
        if (typeof fileHash !== 'string' || !fileHash) details.push({ param: 'fileHash', description: 'Field is required' })
        else if (!/^[0-9a-f]{32}$/i.test(fileHash)) details.push({ param: 'fileHash', description: 'Must be an MD5 hash' })
        const extension = typeof fileName === 'string' ? (/\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '') : ''
        const contentType = ASSET_TYPES[extension]
        if (typeof fileName === 'string' && fileName && !contentType)
          details.push({ param: 'fileName', description: 'File type is not supported' })
        if (details.length > 0 || typeof fileName !== 'string' || typeof fileHash !== 'string' || !contentType)
          return webflowError(400, 'validation_error', 'Validation Error', details)
        const id = hexId('asset', site.id, fileHash, String(state.assets.length))
        const key = `${site.id}/${id}_${fileName}`
        const asset: WebflowAsset = {
          id,
          siteId: site.id,
          fileName,
          fileHash,
          contentType,
          key,
          hostedUrl: `${WEBFLOW_ASSET_CDN}/${key}`,
          bytes: null,
          deleted: false,
        }
        state.assets.push(asset)
        const now = new Date().toISOString()
        return HttpResponse.json({
          uploadDetails: uploadDetailsOf(asset),
          contentType,
          id,
          uploadUrl: `${WEBFLOW_ASSET_BUCKET}/`,
          assetUrl: `${WEBFLOW_ASSET_BUCKET}/${key}`,
          hostedUrl: asset.hostedUrl,
          originalFileName: fileName,
          createdOn: now,
          lastUpdated: now,
        })
      }),
    ),

    http.get(
      `${base}/v2/assets/:assetId`,
      withFaults('webflow', ({ request, params }) => {
        const refused = tokenRefused(request)
        if (refused) return refused
        const asset = state.assets.find((candidate) => candidate.id === params.assetId && !candidate.deleted && candidate.bytes)
        if (!asset) return webflowError(404, 'resource_not_found', 'Requested resource not found: The asset was not found')
        return HttpResponse.json({
          id: asset.id,
          contentType: asset.contentType,
          size: asset.bytes!.byteLength,
          siteId: asset.siteId,
          hostedUrl: asset.hostedUrl,
          originalFileName: asset.fileName,
          displayName: asset.fileName,
          lastUpdated: stamp,
          createdOn: stamp,
          variants: [],
          altText: null,
        })
      }),
    ),

    // The asset bucket: an S3 presigned POST (multipart), no Webflow credentials.
    http.post(
      `${WEBFLOW_ASSET_BUCKET}/`,
      withFaults('webflow', async ({ request }) => {
        if (request.headers.has('authorization'))
          return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm form field is supported')
        const form = await request.formData().catch(() => null)
        if (!form) return s3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
        const names = [...form.keys()]
        if (names.at(-1) !== 'file')
          return s3Error(400, 'InvalidArgument', 'Bucket POST must contain a field named file, and it must be the last field.')
        // S3 reads the form's field names without regard to case.
        const sent = new Map([...form.entries()].map(([name, value]) => [name.toLowerCase(), value]))
        const asset = state.assets.find((candidate) => candidate.key === sent.get('key'))
        if (!asset) return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed: ["eq", "$key"]')
        for (const [name, value] of Object.entries(uploadDetailsOf(asset))) {
          if (sent.get(name.toLowerCase()) !== value)
            return s3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${value}"]`)
        }
        const file = sent.get('file')
        if (!(file instanceof Blob)) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.')
        if (file.size > (asset.contentType.startsWith('image/') ? WEBFLOW_IMAGE_LIMIT : WEBFLOW_DOCUMENT_LIMIT))
          return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
        asset.bytes = new Uint8Array(await file.arrayBuffer())
        return new HttpResponse(
          `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${WEBFLOW_ASSET_BUCKET}/${asset.key}</Location><Bucket>webflow-prod-assets</Bucket><Key>${asset.key}</Key><ETag>"${createHash('md5').update(asset.bytes).digest('hex')}"</ETag></PostResponse>`,
          { status: 201, headers: { 'Content-Type': 'application/xml' } },
        )
      }),
    ),
  ]
}
