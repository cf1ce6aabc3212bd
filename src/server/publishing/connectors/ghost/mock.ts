import type { RequestHandler } from 'msw'
import { imageHandlers } from './mock-images'
import { readHandlers, writeHandlers } from './mock-posts'
import { ghostSite, type GhostMockOptions } from './mock-store'

/**
 * A Ghost site's Admin API: it checks the short-lived JWT the way Ghost does (HS256, kid = the
 * admin key id, aud "/admin/", at most 5 minutes of validity, signed with the hex-decoded
 * secret) and answers in Ghost's shapes, errors as {errors:[{message, context, type, details,
 * property, …}]} the way Ghost's error handler words them. A post is validated as Ghost does: first
 * with Ghost's own request schema (@tryghost/admin-api-schema, posts-add / posts-edit: unknown
 * fields are dropped, wrong ones refused with 422), then with its database limits (title 255
 * characters, feature_image_alt 191, tag names 191 and not starting with a comma). Relative
 * addresses in feature_image and the HTML are kept and read against the Ghost site, as Ghost does,
 * so they point at files the site does not have (`ghostMock.hosts` tells). An upload must be a
 * type and extension Ghost lists (JPEG, PNG, GIF, WebP, SVG, ICO; 415 otherwise) and fit the
 * 50 MB a Ghost-CLI install's nginx lets through (its HTML 413 otherwise).
 * Endpoints: GET site/ (public), GET posts/, posts/slug/{slug}/, posts/{id}/; POST posts/;
 * PUT posts/{id}/ (409 UpdateCollisionError unless updated_at is the one last read);
 * POST images/upload/ (multipart `file`, optional `purpose` and `ref`).
 */

export { DEMO_GHOST_ADMIN_KEY, ghostMock, ghostTokenProblem, type GhostImage, type GhostMockOptions, type GhostPost } from './mock-store'

/** The routes in the order MSW matches them: reads, post writes, image uploads. */
export function ghostHandlers(options: GhostMockOptions = {}): RequestHandler[] {
  const site = ghostSite(options)
  return [...readHandlers(site), ...writeHandlers(site), ...imageHandlers(site)]
}
