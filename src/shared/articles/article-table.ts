import { dataTableConfig } from '../data-table/config'
import type { FilterFieldDefinition } from '../keywords'
import { ARTICLE_STATUS_LABELS, ARTICLE_STATUSES } from './article'

/**
 * The Content list's filterable fields, defined once: the list view's filter list and
 * article.list's input schema (which accepts only these ids) both read it.
 */
export const ARTICLE_FILTER_FIELDS = {
  title: { label: 'Title', variant: 'text' },
  keyword: { label: 'Keyword', variant: 'text' },
  status: {
    label: 'Status',
    variant: 'multiSelect',
    options: ARTICLE_STATUSES.map((value) => ({ value, label: ARTICLE_STATUS_LABELS[value] })),
  },
  seoScore: { label: 'Score', variant: 'range', range: [0, 100] },
  scheduledAt: { label: 'Scheduled', variant: 'date' },
  publishedAt: { label: 'Published', variant: 'date' },
} as const satisfies Record<string, FilterFieldDefinition>

export type ArticleFilterField = keyof typeof ARTICLE_FILTER_FIELDS

export const ARTICLE_SORTABLE_COLUMNS = [
  'title',
  'keyword',
  'status',
  'seoScore',
  'scheduledAt',
  'publishedAt',
] as const satisfies readonly ArticleFilterField[]

/** The latest planned day first. */
export const ARTICLES_DEFAULT_SORT = [{ id: 'scheduledAt', desc: true }] as const satisfies readonly {
  id: (typeof ARTICLE_SORTABLE_COLUMNS)[number]
  desc: boolean
}[]

export const ARTICLES_PAGE_SIZE = 20
export const ARTICLES_PAGE_SIZE_OPTIONS = dataTableConfig.pageSizeOptions
