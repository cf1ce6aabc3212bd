import type { RequestHandler } from 'msw'
import { blockHandlers } from './mock-blocks'
import { dataSourceHandlers, pageHandlers } from './mock-pages'
import { notionWorkspace, type NotionMockOptions } from './mock-store'

/**
 * Notion's API (version 2025-09-03) as a publisher uses it, with the limits that bite (see
 * blocksProblem: 100 blocks per children array, 1000 in all, two levels of nesting per request,
 * 2000 characters per rich-text item, image blocks only from absolute https URLs, "Invalid image
 * url" otherwise); errors as {object:"error", status, code, message, request_id}. Endpoints: GET /v1/data_sources/{id} (its property
 * schema), POST /v1/data_sources/{id}/query (filter `equals` on a title or rich_text property;
 * trashed pages are left out), POST /v1/pages, PATCH /v1/pages/{id} (properties, cover,
 * in_trash), GET and PATCH /v1/blocks/{id}/children, DELETE /v1/blocks/{id}.
 */

export { NOTION_BLOG_PROPERTIES, notionMock, type NotionMockOptions, type NotionPage, type NotionProperty } from './mock-store'

/** The routes in the order MSW matches them: the data source, pages, blocks. */
export function notionHandlers(options: NotionMockOptions = {}): RequestHandler[] {
  const workspace = notionWorkspace(options)
  return [...dataSourceHandlers(workspace), ...pageHandlers(workspace), ...blockHandlers(workspace)]
}
