import { http, HttpResponse, type RequestHandler } from 'msw'
import { sniffImageType } from '~/server/media/media-store'
import { withFaults } from '~/server/demo-network/mock-faults'
import { state, wpError, type WordpressMedia, type WordpressSite } from './mock-store'

/** The image extensions a stock WordPress allows (get_allowed_mime_types), with their types. */
const ALLOWED_IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  ico: 'image/x-icon',
}

/** The image type of the bytes as PHP's getimagesize/finfo see them, for the formats we may send. */
const sniffedType = (bytes: Uint8Array) =>
  sniffImageType(bytes) ?? (String.fromCharCode(...bytes.subarray(0, 4)) === 'GIF8' ? 'image/gif' : undefined)

/** Media: raw-bytes upload, read, alt text and parent, delete. */
export function mediaHandlers(site: WordpressSite): RequestHandler[] {
  const { base, authFailure, mediaJson } = site
  return [
    http.post(
      `${base}/wp-json/wp/v2/media`,
      withFaults('wordpress', async ({ request }) => {
        const refused = authFailure(request, 'createPost')
        if (refused) return refused
        const disposition = request.headers.get('content-disposition')
        if (!disposition) return wpError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.')
        const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1]
        if (!filename)
          return wpError(
            400,
            'rest_upload_invalid_disposition',
            'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
          )
        const query = new URL(request.url).searchParams
        const parent = Number(query.get('post') ?? 0)
        // Attaching media to a post requires the ability to edit it: an unknown post is refused likewise.
        if (parent && !state.posts.some((post) => post.id === parent)) {
          return wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.')
        }
        const data = new Uint8Array(await request.arrayBuffer())
        if (data.byteLength === 0) return wpError(400, 'rest_upload_no_data', 'No data supplied.')
        const extension = filename.split('.').pop()?.toLowerCase() ?? ''
        const allowed = ALLOWED_IMAGE_TYPES[extension]
        if (!allowed || sniffedType(data) !== allowed) {
          return wpError(500, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.')
        }
        const id = state.nextId++
        const folder = `${base}/wp-content/uploads/${new Date().getUTCFullYear()}/${String(new Date().getUTCMonth() + 1).padStart(2, '0')}`
        const stem = filename.replace(/\.[^.]+$/, '')
        let name = filename
        for (let n = 1; state.media.some((media) => media.filename === name); n++) name = `${stem}-${n}.${extension}`
        const media: WordpressMedia = {
          id,
          filename: name,
          alt_text: query.get('alt_text') ?? '',
          mimeType: allowed,
          bytes: data.byteLength,
          source_url: `${folder}/${name}`,
          post: parent,
        }
        state.media.push(media)
        return HttpResponse.json(mediaJson(media), { status: 201, headers: { Location: `${base}/wp-json/wp/v2/media/${id}` } })
      }),
    ),

    http.get(
      `${base}/wp-json/wp/v2/media/:id`,
      withFaults('wordpress', ({ request, params }) => {
        const refused = authFailure(request, 'readMedia')
        if (refused) return refused
        const media = state.media.find((candidate) => candidate.id === Number(params.id))
        return media ? HttpResponse.json(mediaJson(media)) : wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
      }),
    ),

    http.delete(
      `${base}/wp-json/wp/v2/media/:id`,
      withFaults('wordpress', ({ request, params }) => {
        const refused = authFailure(request, 'deletePost')
        if (refused) return refused
        const media = state.media.find((candidate) => candidate.id === Number(params.id))
        if (!media) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
        if (new URL(request.url).searchParams.get('force') !== 'true') {
          return wpError(501, 'rest_trash_not_supported', "The media does not support trashing. Set 'force=true' to delete.")
        }
        state.media = state.media.filter((candidate) => candidate !== media)
        return HttpResponse.json({ deleted: true, previous: mediaJson(media) })
      }),
    ),

    http.post(
      `${base}/wp-json/wp/v2/media/:id`,
      withFaults('wordpress', async ({ request, params }) => {
        const refused = authFailure(request, 'editPost')
        if (refused) return refused
        const media = state.media.find((candidate) => candidate.id === Number(params.id))
        if (!media) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
        const input = (await request.json().catch(() => null)) as { alt_text?: unknown; post?: unknown } | null
        if (!input) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
        if (input.post !== undefined && Number(input.post) && !state.posts.some((post) => post.id === Number(input.post))) {
          return wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.')
        }
        if (input.alt_text !== undefined) media.alt_text = String(input.alt_text)
        if (input.post !== undefined) media.post = Number(input.post)
        return HttpResponse.json(mediaJson(media))
      }),
    ),
  ]
}
