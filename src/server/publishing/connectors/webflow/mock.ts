import type { RequestHandler } from 'msw'
import { assetHandlers } from './mock-assets'
import { itemHandlers } from './mock-items'
import { siteHandlers } from './mock-sites'
import { webflowSite, type WebflowMockOptions } from './mock-store'

/**
 * Webflow Data API v2, the endpoints our publisher calls: Bearer site token, errors as
 * {code, message, externalReference, details}. The collection has a schema (GET
 * /collections/{id}) and an item's fieldData may hold only the fields it describes, each of its
 * type (an image by an absolute URL, a rich text whose images are absolute, a boolean isDraft).
 * Items: list (staged, `?slug=` / `?name=` exact filters), create live (`/items/live` → 202),
 * update live (PATCH `/items/{itemId}/live`), unpublish (DELETE `/items/{itemId}/live` → 204:
 * the item stays in the CMS, off the site).
 * Sites: GET /sites (the token's sites), GET /sites/{id}/collections.
 * Assets, in two steps as Webflow has them: POST /sites/{id}/assets with `fileName` and `fileHash`
 * (the file's MD5) answers an S3 presigned POST (`uploadUrl`, `uploadDetails`) and the asset's
 * `hostedUrl`; the file then goes to that bucket as multipart form data, the policy's fields
 * first and the file last, without Webflow's token. The bucket refuses an image over Webflow's
 * 4 MB limit (`EntityTooLarge`) and fields that differ from the policy (`AccessDenied`), in
 * S3's XML. GET /assets/{id} answers an asset until it is deleted.
 */

export {
  WEBFLOW_ASSET_BUCKET,
  WEBFLOW_ASSET_CDN,
  WEBFLOW_BLOG_FIELDS,
  WEBFLOW_COLLECTION_ID,
  WEBFLOW_IMAGE_LIMIT,
  WEBFLOW_OTHER_SITE_ID,
  WEBFLOW_SITE_ID,
  webflowMock,
  type WebflowAsset,
  type WebflowField,
  type WebflowItem,
  type WebflowMockOptions,
} from './mock-store'

/** The routes in the order MSW matches them: sites and collections, assets and their bucket, items. */
export function webflowHandlers(options: WebflowMockOptions = {}): RequestHandler[] {
  const site = webflowSite(options)
  return [...siteHandlers(site), ...assetHandlers(site), ...itemHandlers(site)]
}
