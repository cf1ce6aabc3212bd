import { z } from 'zod'

/**
 * Text the app stores or searches must be well-formed Unicode without NUL characters: PostgreSQL
 * cannot store U+0000 in text at all, and a lone UTF-16 surrogate cannot be encoded as UTF-8.
 * Such input is the sender's mistake and gets a 400 with this message, never a server error.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken Unicode (lone surrogates).'

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is this pattern's job
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value)
}

/**
 * The first string in a JSON-like value (object keys included) that is not safe text, with its
 * path, or undefined when every string is fine. Used on whole request inputs.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = [], depth = 0): { path: (string | number)[] } | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : { path }
  if (depth > 64 || value === null || typeof value !== 'object') return undefined
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeText(value[index], [...path, index], depth + 1)
      if (found) return found
    }
    return undefined
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key)) return { path: [...path, key] }
    const found = findUnsafeText(item, [...path, key], depth + 1)
    if (found) return found
  }
  return undefined
}

/** A string schema that refuses NUL characters and lone surrogates with UNSAFE_TEXT_MESSAGE. */
export const safeText = () => z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE)

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text made safe to place in HTML, between tags or inside a quoted attribute value (either quote). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
