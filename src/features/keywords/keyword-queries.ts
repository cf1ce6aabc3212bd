import { orpc } from '~/lib/orpc'

/** spec §9: the Keywords screen shows 10 rows a page. */
export const KEYWORDS_PAGE_SIZE = 10

/** The first page of the current business's keywords, newest first, with the total count. */
export const firstKeywordPageQuery = () => orpc.keyword.list.queryOptions({ input: { page: 1, perPage: KEYWORDS_PAGE_SIZE } })
