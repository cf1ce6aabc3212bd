/** Keywords screen paging (spec §9): 10 rows by default, page sizes up to 50. */
export const KEYWORDS_PAGE_SIZE = 10
export const KEYWORDS_MAX_PAGE_SIZE = 50
