import { describe, expect, it } from 'vitest'
import { classifyGhostFailure, classifyNotionFailure, classifyWebflowFailure, classifyWordpressFailure } from './failures'
import { CONNECTOR_CLIENTS } from './index'

/** WordPress's REST error as rest_convert_error_to_response writes a WP_Error: {code, message, data}. */
const wp = (status: number, code: string, message: string, data: Record<string, unknown> = {}) => ({
  status,
  body: { code, message, data: { status, ...data } },
})

// The bodies below are WordPress 6.1's own (wp-includes/rest-api/endpoints/class-wp-rest-attachments-controller.php,
// class-wp-rest-posts-controller.php, class-wp-rest-terms-controller.php; wp-admin/includes/file.php for the upload's message).
describe('classifyWordpressFailure', () => {
  it('a file type WordPress does not accept (HTTP 500 rest_upload_sideload_error) is a final refusal of the file, with the fix', () => {
    const verdict = classifyWordpressFailure(wp(500, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.'))
    expect(verdict).toEqual({
      kind: 'rejected',
      message:
        'WordPress refused the file: Sorry, you are not allowed to upload this file type. Use a JPEG, PNG, GIF or WebP image for the article (WordPress does not accept SVG), or allow the type on the site, then publish the article again.',
    })
  })

  it('the site’s upload limits and storage are final too, in WordPress’s words', () => {
    for (const [status, code, message] of [
      [400, 'rest_upload_file_too_big', 'This file is too big. Files must be less than 1500 KB in size.'],
      [400, 'rest_upload_limited_space', 'Not enough space to upload. 12 KB needed.'],
      [400, 'rest_upload_user_quota_exceeded', 'You have used your space quota. Please delete files before uploading.'],
      [500, 'rest_upload_file_error', 'Could not open file handle.'],
      [500, 'rest_upload_sideload_error', 'The uploaded file could not be moved to wp-content/uploads/2026/11.'],
    ] as const) {
      const verdict = classifyWordpressFailure(wp(status, code, message))
      expect(verdict?.kind, code).toBe('rejected')
      expect(verdict?.message).toBe(
        `WordPress could not store the image: ${message} Fix the site's upload settings or storage (or ask its administrator), or change the article's image, then publish the article again.`,
      )
    }
  })

  it('a role without the permission (403, or 400 for media) is a final refusal naming the fix, not wrong credentials', () => {
    for (const [status, code, message] of [
      [400, 'rest_cannot_create', 'Sorry, you are not allowed to upload media on this site.'],
      [403, 'rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.'],
      [403, 'rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.'],
      [403, 'rest_cannot_assign_term', 'Sorry, you are not allowed to assign the provided terms.'],
      [403, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.'],
      [403, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.'],
    ] as const) {
      const verdict = classifyWordpressFailure(wp(status, code, message))
      expect(verdict, code).toEqual({
        kind: 'rejected',
        message: `WordPress refused: ${message} The WordPress user of the connection lacks this permission: give it the Editor or Administrator role (Users in WordPress), then publish the article again.`,
      })
    }
  })

  it('401s are left to the generic rule (credentials): not signed in, a wrong application password', () => {
    expect(
      classifyWordpressFailure(wp(401, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.')),
    ).toBeUndefined()
    expect(
      classifyWordpressFailure(wp(401, 'incorrect_password', 'The provided password is an invalid application password.')),
    ).toBeUndefined()
  })

  it('a validation error names the parameters WordPress gave', () => {
    const verdict = classifyWordpressFailure(
      wp(400, 'rest_invalid_param', 'Invalid parameter(s): tags', { params: { tags: 'tags[0] is not of type integer.' }, details: {} }),
    )
    expect(verdict).toEqual({
      kind: 'rejected',
      message:
        'WordPress refused the post: Invalid parameter(s): tags (tags[0] is not of type integer.). Correct the article, then publish the article again.',
    })
    expect(classifyWordpressFailure(wp(400, 'rest_invalid_featured_media', 'Invalid featured media ID.'))?.message).toBe(
      'WordPress refused the post: Invalid featured media ID. Correct the article, then publish the article again.',
    )
  })

  it('leaves what may pass on its own, or is not WordPress’s error shape, to the generic rules', () => {
    expect(
      classifyWordpressFailure({ status: 500, body: { code: 'internal_server_error', message: 'There has been a critical error.' } }),
    ).toBeUndefined()
    expect(classifyWordpressFailure({ status: 503, body: undefined })).toBeUndefined()
    expect(classifyWordpressFailure({ status: 400, body: { error: 'nope' } })).toBeUndefined()
    expect(classifyWordpressFailure({ status: 404, body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.' } })).toBeUndefined()
  })

  it('keeps the sanitised-excerpt rule: no markup, at most 200 characters of WordPress’s words', () => {
    const long = `<strong>Error:</strong> ${'x'.repeat(400)}`
    const verdict = classifyWordpressFailure(wp(500, 'rest_upload_sideload_error', long))
    expect(verdict?.message).not.toContain('<')
    const said = verdict!.message.slice('WordPress could not store the image: '.length, verdict!.message.indexOf(' Fix the site'))
    expect(said.length).toBeLessThanOrEqual(200)
    expect(said).toMatch(/^Error: x+…$/)
  })
})

const ghost = (status: number, type: string, message: string, context: string | null = null) => ({
  status,
  body: { errors: [{ message, context, type, details: null, property: null, help: null, code: null, id: 'e1' }] },
})

describe('classifyGhostFailure', () => {
  it('a validation error, a refused image and a missing permission are final, with Ghost’s message and context', () => {
    expect(
      classifyGhostFailure(
        ghost(
          422,
          'ValidationError',
          'Validation error, cannot save post.',
          'Value in [posts.title] exceeds maximum length of 255 characters.',
        ),
      ),
    ).toEqual({
      kind: 'rejected',
      message:
        'Ghost refused the post: Validation error, cannot save post. Value in [posts.title] exceeds maximum length of 255 characters. Correct the article, then publish the article again.',
    })
    expect(
      classifyGhostFailure(
        ghost(415, 'UnsupportedMediaTypeError', 'Please select a valid image.', 'hero.svg is not a supported image type.'),
      )?.message,
    ).toBe(
      'Ghost refused the image: Please select a valid image. hero.svg is not a supported image type. Use a smaller JPEG, PNG, GIF or WebP image, then publish the article again.',
    )
    const permission = classifyGhostFailure(ghost(403, 'NoPermissionError', 'You do not have permission to perform this action'))
    expect(permission).toMatchObject({ kind: 'rejected', message: expect.stringContaining('Admin API key of a custom integration') })
  })

  it('leaves credentials, edit collisions and server errors to the generic rules and the connector', () => {
    expect(classifyGhostFailure(ghost(401, 'UnauthorizedError', 'Invalid token'))).toBeUndefined()
    expect(classifyGhostFailure(ghost(409, 'UpdateCollisionError', 'Saving failed! Someone else is editing this post.'))).toBeUndefined()
    expect(classifyGhostFailure(ghost(500, 'InternalServerError', 'An unexpected error occurred.'))).toBeUndefined()
    expect(classifyGhostFailure({ status: 502, body: undefined })).toBeUndefined()
  })
})

describe('classifyWebflowFailure', () => {
  it('a validation error, a taken slug and a token without CMS write access are final, with Webflow’s details', () => {
    expect(
      classifyWebflowFailure({
        status: 400,
        body: {
          code: 'validation_error',
          message: 'Validation Error',
          externalReference: null,
          details: [{ param: 'name', description: 'Field is required' }],
        },
      }),
    ).toEqual({
      kind: 'rejected',
      message:
        "Webflow refused the item: Validation Error (name: Field is required). Check the collection's required fields and their limits, then publish the article again.",
    })
    expect(
      classifyWebflowFailure({
        status: 409,
        body: { code: 'duplicate_value', message: "Unique value is already in database: 'espresso'", details: [] },
      })?.message,
    ).toContain("Another item of the collection has this slug: change the article's slug")
    expect(
      classifyWebflowFailure({ status: 403, body: { code: 'missing_scopes', message: 'Request not authorized: missing scopes cms:write' } })
        ?.message,
    ).toContain('CMS and Assets read and write access and Sites read access')
    expect(
      classifyWebflowFailure({
        status: 400,
        body: {
          code: 'validation_error',
          message: 'Validation Error',
          details: [{ param: 'fileName', description: 'File type is not supported' }],
        },
      }),
    ).toEqual({
      kind: 'rejected',
      message:
        "Webflow refused the image: Validation Error (fileName: File type is not supported). Webflow takes PNG, JPEG, GIF, WebP, AVIF and SVG images up to 4 MB: replace the article's image, then publish the article again.",
    })
    expect(classifyWebflowFailure({ status: 422, body: { code: 'unprocessable', message: 'Invalid field value' } })?.message).toMatch(
      /^Webflow refused the item: Invalid field value\./,
    )
  })

  it('leaves a wrong token and server errors to the generic rules', () => {
    expect(classifyWebflowFailure({ status: 401, body: { code: 'not_authorized', message: 'Request not authorized' } })).toBeUndefined()
    expect(classifyWebflowFailure({ status: 500, body: { code: 'internal_error', message: 'Internal Error' } })).toBeUndefined()
  })
})

describe('classifyNotionFailure', () => {
  const notion = (status: number, code: string, message: string) => ({
    status,
    body: { object: 'error', status, code, message, request_id: 'r' },
  })

  it('a validation error and a data source not shared with the integration are final', () => {
    expect(classifyNotionFailure(notion(400, 'validation_error', 'Tags is expected to be multi_select.'))).toEqual({
      kind: 'rejected',
      message:
        "Notion refused the page: Tags is expected to be multi_select. Check the data source's properties (Name, Slug, Tags, …), then publish the article again.",
    })
    expect(classifyNotionFailure(notion(403, 'restricted_resource', 'Insufficient permissions for this endpoint.'))?.message).toContain(
      'Share the data source with the integration',
    )
  })

  it('leaves a wrong token, a conflict (transient by Notion’s account) and others to the generic rules', () => {
    expect(classifyNotionFailure(notion(401, 'unauthorized', 'API token is invalid.'))).toBeUndefined()
    expect(classifyNotionFailure(notion(409, 'conflict_error', 'Conflict occurred while saving. Please try again.'))).toBeUndefined()
    expect(classifyNotionFailure({ status: 400, body: { code: 'validation_error', message: 'no object field' } })).toBeUndefined()
  })
})

describe('each connector carries its classifier (the publishing job builds its fetch with it)', () => {
  it('WordPress, Ghost, Webflow and Notion read their own errors; Shopify reads its userErrors itself, the webhook has no CMS', () => {
    expect(CONNECTOR_CLIENTS.wordpress.classifyFailure).toBe(classifyWordpressFailure)
    expect(CONNECTOR_CLIENTS.ghost.classifyFailure).toBe(classifyGhostFailure)
    expect(CONNECTOR_CLIENTS.webflow.classifyFailure).toBe(classifyWebflowFailure)
    expect(CONNECTOR_CLIENTS.notion.classifyFailure).toBe(classifyNotionFailure)
    expect(CONNECTOR_CLIENTS.shopify.classifyFailure).toBeUndefined()
    expect(CONNECTOR_CLIENTS.webhook.classifyFailure).toBeUndefined()
  })
})
