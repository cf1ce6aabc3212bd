import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { ghostError, IMAGE_EXTENSIONS, IMAGE_TYPES, NGINX_TOO_LARGE, schemaProblem } from './mock-request-rules'
import { state, type GhostSite } from './mock-store'

/** images/upload/: nginx's size limit first, then Ghost's types, extensions and request schema. */
export function imageHandlers(site: GhostSite): RequestHandler[] {
  const { base, maxUploadBytes, admin, unauthorized } = site
  return [
    http.post(
      `${admin}/images/upload/`,
      withFaults('ghost', async ({ request }) => {
        const refused = unauthorized(request)
        if (refused) return refused
        if (Number(request.headers.get('content-length') ?? 0) > maxUploadBytes)
          return new HttpResponse(NGINX_TOO_LARGE, { status: 413, headers: { 'Content-Type': 'text/html' } })
        const form = await request.formData().catch(() => null)
        const file = form?.get('file')
        if (!form || !(file instanceof File) || file.size === 0) return ghostError(422, 'ValidationError', 'Please select an image.')
        if (file.size > maxUploadBytes) return new HttpResponse(NGINX_TOO_LARGE, { status: 413, headers: { 'Content-Type': 'text/html' } })
        const extension = /\.[^.]*$/.exec(file.name.toLowerCase())?.[0] ?? ''
        if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.includes(extension))
          return ghostError(415, 'UnsupportedMediaTypeError', 'Please select a valid image.')
        const fields = Object.fromEntries(
          ['purpose', 'ref'].filter((key) => typeof form.get(key) === 'string').map((key) => [key, String(form.get(key))]),
        )
        const refusedBySchema = await schemaProblem(fields, 'images-upload', 'upload image')
        if (refusedBySchema) return refusedBySchema
        const name = file.name.toLowerCase().replace(/[^a-z0-9.]+/g, '-')
        const url = `${base}/content/images/${new Date().getUTCFullYear()}/01/${name}`
        const ref = typeof fields.ref === 'string' ? fields.ref : null
        state.images.push({ url, ref, contentType: file.type, size: file.size })
        return HttpResponse.json({ images: [{ url, ref }] }, { status: 201 })
      }),
    ),
  ]
}
