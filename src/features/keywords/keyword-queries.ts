import { orpc } from '~/lib/orpc'
import { KEYWORDS_PAGE_SIZE } from '~/shared/keywords'

/** The first page of the current business's keywords, newest first, with the total count. */
export const firstKeywordPageQuery = () => orpc.keyword.list.queryOptions({ input: { page: 1, perPage: KEYWORDS_PAGE_SIZE } })
