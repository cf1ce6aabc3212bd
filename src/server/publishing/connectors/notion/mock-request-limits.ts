import { createHash } from 'node:crypto'
import { HttpResponse } from 'msw'

/**
 * What Notion's API refuses in a request and how it words it, for the Notion mock
 * (docs/product/publishing.md, What goes where): errors as {object: "error", status, code,
 * message, request_id}; validation errors as "body failed validation: <path> <rule>, instead was
 * <value>."
 */

export function notionError(status: number, code: string, message: string) {
  const requestId = createHash('sha256')
    .update(code + message)
    .digest('hex')
  const uuid = `${requestId.slice(0, 8)}-${requestId.slice(8, 12)}-${requestId.slice(12, 16)}-${requestId.slice(16, 20)}-${requestId.slice(20, 32)}`
  return HttpResponse.json({ object: 'error', status, code, message, request_id: uuid }, { status })
}

export const invalid = (path: string, rule: string, actual: unknown) =>
  notionError(400, 'validation_error', `body failed validation: ${path} ${rule}, instead was \`${JSON.stringify(actual) ?? 'undefined'}\`.`)

const RICH_TEXT_LIMIT = 2000
const ARRAY_LIMIT = 100
const URL_LIMIT = 2000
const BLOCKS_PER_REQUEST = 1000

type Block = Record<string, unknown>

/**
 * What Notion refuses in a request's blocks, in its words (developers.notion.com, Request limits):
 * more than 100 items in any children or rich-text array, more than 1000 blocks in all, rich text
 * over 2000 characters (UTF-16 units) or with a link over 2000, children nested deeper than two
 * levels (a table's rows belong to the table), and an image whose external URL is not an absolute
 * https address. Undefined when every block passes.
 */
export function blocksProblem(children: Block[]): Response | undefined {
  let count = 0
  const richTextProblem = (items: unknown, path: string) => {
    if (!Array.isArray(items)) return undefined
    if (items.length > ARRAY_LIMIT) return invalid(`${path}.length`, `should be ≤ \`${ARRAY_LIMIT}\``, items.length)
    for (const [index, item] of items.entries()) {
      const text = (item as { text?: { content?: unknown; link?: { url?: unknown } | null } }).text
      const length = typeof text?.content === 'string' ? text.content.length : 0
      if (length > RICH_TEXT_LIMIT) return invalid(`${path}[${index}].text.content.length`, `should be ≤ \`${RICH_TEXT_LIMIT}\``, length)
      const url = text?.link?.url
      if (typeof url === 'string' && url.length > URL_LIMIT)
        return invalid(`${path}[${index}].text.link.url.length`, `should be ≤ \`${URL_LIMIT}\``, url.length)
    }
    return undefined
  }
  const walk = (blocks: Block[], path: string, level: number): Response | undefined => {
    if (blocks.length > ARRAY_LIMIT) return invalid(`${path}.length`, `should be ≤ \`${ARRAY_LIMIT}\``, blocks.length)
    for (const [index, block] of blocks.entries()) {
      count += 1
      const type = String(block.type ?? Object.keys(block).find((key) => key !== 'object' && key !== 'type') ?? '')
      const content = (block[type] ?? {}) as Record<string, unknown>
      const at = `${path}[${index}].${type}`
      const richText = richTextProblem(content.rich_text, `${at}.rich_text`) ?? richTextProblem(content.caption, `${at}.caption`)
      if (richText) return richText
      if (type === 'table_row') {
        for (const [cell, items] of (Array.isArray(content.cells) ? content.cells : []).entries()) {
          const problem = richTextProblem(items, `${at}.cells[${cell}]`)
          if (problem) return problem
        }
      }
      if (type === 'image') {
        const url = (content.external as { url?: unknown } | undefined)?.url
        if (url !== undefined && !isHttpsUrl(url))
          return notionError(400, 'validation_error', 'Content creation Failed. Fix the following: \nInvalid image url.')
      }
      if (Array.isArray(content.children)) {
        const rows = type === 'table'
        if (!rows && level >= 2) return invalid(`${at}.children`, 'should be not present', content.children.length)
        const nested = walk(content.children as Block[], `${at}.children`, rows ? level : level + 1)
        if (nested) return nested
      }
    }
    return undefined
  }
  const problem = walk(children, 'body.children', 1)
  if (problem) return problem
  if (count > BLOCKS_PER_REQUEST) return invalid('body.children', `should contain ≤ \`${BLOCKS_PER_REQUEST}\` blocks in all`, count)
  return undefined
}

export function isHttpsUrl(value: unknown) {
  try {
    return typeof value === 'string' && value.length <= URL_LIMIT && new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
