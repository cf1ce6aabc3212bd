import type { RequestHandler } from 'msw'
import { siteIndexHandlers } from './mock-index'
import { mediaHandlers } from './mock-media'
import { postHandlers } from './mock-posts'
import { wordpressSite, type WordpressMockOptions } from './mock-store'
import { termHandlers } from './mock-terms'

/**
 * A WordPress site's REST API (wp/v2) as our publisher uses it: application-password Basic auth,
 * posts and raw-bytes media uploads, and WordPress's own error shape {code, message, data:{status}}.
 *
 * Media behave as on a stock WordPress 6.1: an upload takes `post` (the attachment's parent, which
 * the user must be able to edit) and `alt_text` as query parameters; its file type is checked by
 * extension and by content, so an SVG (or anything else not an image WordPress allows), whatever it
 * is named, is refused as wp_handle_sideload refuses it (HTTP 500 rest_upload_sideload_error,
 * "Sorry, you are not allowed to upload this file type."); names already taken get -1, -2, …; the
 * answer's source_url is absolute; GET, POST (alt_text, post) and DELETE (force=true) on /media/{id}.
 *
 * Tags and categories are terms (looked up by slug or search, created by name, `term_exists` with
 * the term's id). The REST index (`/wp-json/`) lists the namespaces the site has (`yoast/v1` and
 * `rankmath/v1` when a test says so), OPTIONS on /posts answers the posts schema with the post meta
 * keys registered for the REST API, and a post's `meta` keeps only those keys: unregistered ones
 * are dropped without an error, as WordPress does. With `rankmath/v1`, Rank Math's
 * `updateMeta` stores its rank_math_* keys.
 *
 * Wrong credentials are answered as WordPress 6.3.2 and later answer them: the application
 * password's own error is collected after the REST authentication check, so each route refuses an
 * anonymous request its own way (`rest_not_logged_in` on /users/me, `rest_cannot_create` on a new
 * post, …), always with 401. Before 6.3.2 (`reportsApplicationPasswordErrors`) every route answered
 * `incorrect_password`, or `invalid_username` for an unknown user
 * (wp_authenticate_application_password, rest_application_password_check_errors).
 */

export {
  WORDPRESS_NAMESPACES,
  wordpressMock,
  wordpressSlug,
  type WordpressMedia,
  type WordpressMockOptions,
  type WordpressPost,
  type WordpressTag,
} from './mock-store'

/** The routes in the order MSW matches them: the user and posts, terms, the index and plugins, media. */
export function wordpressHandlers(options: WordpressMockOptions = {}): RequestHandler[] {
  const site = wordpressSite(options)
  return [...postHandlers(site), ...termHandlers(site), ...siteIndexHandlers(site), ...mediaHandlers(site)]
}
