import { sanitizedExcerpt, type FailureClassifier, type FailureReport } from '~/server/providers/http'

/**
 * Each CMS's permanent refusals, read from its own error body (docs/product/publishing.md,
 * "When a CMS says no"). A verdict here is final: the connector's fetch does not retry it, even
 * when the CMS answered it with a 5xx, and the publishing job records it on the article's
 * publication without trying again. The message is the CMS's own words (a sanitised excerpt)
 * followed by what to do. Anything not recognised falls through to the generic rules of
 * src/server/providers/http.ts (401 credentials, 429 and 5xx retried, other 4xx rejected).
 */

/** The CMS's words as a sentence: sanitised, at most 200 characters, ending with a full stop. */
function words(text: string) {
  const plain = sanitizedExcerpt(text)
  return /[.!?…]$/.test(plain) ? plain : `${plain}.`
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

const text = (value: unknown) => (typeof value === 'string' ? value : '')

const AGAIN = 'then publish the article again.'

/**
 * WordPress's REST error `{code, message, data: {status, params?}}` (wp-includes/rest-api, as of
 * WordPress 6.1). A file type WordPress does not accept comes back as HTTP 500
 * `rest_upload_sideload_error` "Sorry, you are not allowed to upload this file type."; every other
 * `rest_upload_*` is the site's upload limits or storage; `rest_cannot_*` and `rest_forbidden*`
 * with 403 (or 400 for media) are a role without the permission (with 401 they mean not signed
 * in, which stays a credentials error); `rest_invalid_param` and the other 400s are validation.
 */
export const classifyWordpressFailure: FailureClassifier = ({ status, body }: FailureReport) => {
  const error = record(body)
  const code = text(error?.code)
  const message = text(error?.message)
  if (!code || !message) return undefined
  if (/^rest_upload_/.test(code)) {
    if (/not allowed to upload this file type/i.test(message)) {
      return {
        kind: 'rejected',
        message: `WordPress refused the file: ${words(message)} Use a JPEG, PNG, GIF or WebP image for the article (WordPress does not accept SVG), or allow the type on the site, ${AGAIN}`,
      }
    }
    return {
      kind: 'rejected',
      message: `WordPress could not store the image: ${words(message)} Fix the site's upload settings or storage (or ask its administrator), or change the article's image, ${AGAIN}`,
    }
  }
  if (status !== 401 && /^rest_(cannot_|forbidden)/.test(code)) {
    return {
      kind: 'rejected',
      message: `WordPress refused: ${words(message)} The WordPress user of the connection lacks this permission: give it the Editor or Administrator role (Users in WordPress), ${AGAIN}`,
    }
  }
  if (status === 400) {
    const params = record(record(error?.data)?.params)
    const details = params
      ? Object.values(params)
          .filter((value): value is string => typeof value === 'string')
          .join(' ')
      : ''
    return {
      kind: 'rejected',
      message: `WordPress refused the post: ${words(details ? `${message} (${details})` : message)} Correct the article, ${AGAIN}`,
    }
  }
  return undefined
}

/**
 * Ghost's Admin API errors `{errors: [{type, message, context}]}`: ValidationError and
 * BadRequestError are the article; UnsupportedMediaTypeError and RequestEntityTooLargeError the
 * image; NoPermissionError a key without the right (Ghost answers it with 403, which alone would
 * read as wrong credentials). UnauthorizedError stays a credentials error; UpdateCollisionError (409)
 * is handled by the connector, which reads the post again.
 */
export const classifyGhostFailure: FailureClassifier = ({ body }: FailureReport) => {
  const errors = record(body)?.errors
  const first = Array.isArray(errors) ? record(errors[0]) : undefined
  const type = text(first?.type)
  const message = text(first?.message)
  if (!type || !message) return undefined
  const context = text(first?.context)
  const said = words(context && context !== message ? `${message} ${context}` : message)
  switch (type) {
    case 'ValidationError':
    case 'BadRequestError':
      return { kind: 'rejected', message: `Ghost refused the post: ${said} Correct the article, ${AGAIN}` }
    case 'UnsupportedMediaTypeError':
    case 'RequestEntityTooLargeError':
      return { kind: 'rejected', message: `Ghost refused the image: ${said} Use a smaller JPEG, PNG, GIF or WebP image, ${AGAIN}` }
    case 'NoPermissionError':
      return {
        kind: 'rejected',
        message: `Ghost refused: ${said} Connect with the Admin API key of a custom integration (Settings → Integrations in Ghost), ${AGAIN}`,
      }
    default:
      return undefined
  }
}

/**
 * Webflow's Data API errors `{code, message, details: [{param, description}]}`: 400 (or 422)
 * validation_error (a field the collection refuses, or an asset's file name or hash), 409
 * duplicate_value (a slug taken by another item), 403 missing_scopes (a token without CMS write
 * access). 429 and 5xx are left to the generic rules: retried.
 */
export const classifyWebflowFailure: FailureClassifier = ({ status, body }: FailureReport) => {
  const error = record(body)
  const code = text(error?.code)
  const message = text(error?.message)
  if (!code || !message) return undefined
  const details = Array.isArray(error?.details)
    ? error.details
        .map((detail) => {
          const { param, description } = record(detail) ?? {}
          return typeof description === 'string' ? (typeof param === 'string' ? `${param}: ${description}` : description) : ''
        })
        .filter(Boolean)
        .join('; ')
    : ''
  const said = words(details ? `${message} (${details})` : message)
  if (code === 'missing_scopes') {
    return {
      kind: 'rejected',
      message: `Webflow refused: ${said} Create a site token with CMS and Assets read and write access and Sites read access, and connect it on Integrations, ${AGAIN}`,
    }
  }
  if (code === 'duplicate_value' || status === 409) {
    return {
      kind: 'rejected',
      message: `Webflow refused the item: ${said} Another item of the collection has this slug: change the article's slug or the other item, ${AGAIN}`,
    }
  }
  // The asset upload's own fields (fileName, fileHash): the image, not the item, was refused.
  const aboutFile = Array.isArray(error?.details) && error.details.some((detail) => /^file(Name|Hash)$/.test(text(record(detail)?.param)))
  if (aboutFile && (code === 'validation_error' || status === 400 || status === 422)) {
    return {
      kind: 'rejected',
      message: `Webflow refused the image: ${said} Webflow takes PNG, JPEG, GIF, WebP, AVIF and SVG images up to 4 MB: replace the article's image, ${AGAIN}`,
    }
  }
  if (code === 'validation_error' || status === 400 || status === 422) {
    return {
      kind: 'rejected',
      message: `Webflow refused the item: ${said} Check the collection's required fields and their limits, ${AGAIN}`,
    }
  }
  return undefined
}

/**
 * Notion's errors `{object: "error", status, code, message}`: validation_error (a property the
 * data source does not take) and restricted_resource (a page or data source not shared with the
 * integration). conflict_error is transient by Notion's own account and left to the generic rules.
 */
export const classifyNotionFailure: FailureClassifier = ({ body }: FailureReport) => {
  const error = record(body)
  if (error?.object !== 'error') return undefined
  const code = text(error.code)
  const message = text(error.message)
  if (!message) return undefined
  if (code === 'validation_error') {
    return {
      kind: 'rejected',
      message: `Notion refused the page: ${words(message)} Check the data source's properties (Name, Slug, Tags, …), ${AGAIN}`,
    }
  }
  if (code === 'restricted_resource') {
    return {
      kind: 'rejected',
      message: `Notion refused: ${words(message)} Share the data source with the integration (⋯ → Connections in Notion), ${AGAIN}`,
    }
  }
  return undefined
}
