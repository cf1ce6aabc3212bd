import { dataTableConfig, type FilterVariant } from './data-table/config'
import { KEYWORD_SOURCE_LABELS, KEYWORD_SOURCES } from './research'

/** Keywords screen paging: 10 rows by default, page sizes 10, 20, 30, 40, 50. */
export const KEYWORDS_PAGE_SIZE = 10
export const KEYWORDS_MAX_PAGE_SIZE = 50
export const KEYWORDS_PAGE_SIZE_OPTIONS = dataTableConfig.pageSizeOptions

/** The values of keyword.status and keyword.search_intent (docs/product/entities.md). */
export const KEYWORD_STATUSES = ['draft', 'scheduled', 'published', 'archived', 'pending'] as const
export type KeywordStatus = (typeof KEYWORD_STATUSES)[number]
export const SEARCH_INTENTS = ['informational', 'commercial', 'transactional', 'navigational'] as const
export type SearchIntent = (typeof SEARCH_INTENTS)[number]

export const KEYWORD_STATUS_LABELS: Record<KeywordStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  archived: 'Archived',
  pending: 'Pending',
}

export const SEARCH_INTENT_LABELS: Record<SearchIntent, string> = {
  informational: 'Informational',
  commercial: 'Commercial',
  transactional: 'Transactional',
  navigational: 'Navigational',
}

export interface FilterOption {
  label: string
  value: string
}

export interface FilterFieldDefinition {
  label: string
  variant: FilterVariant
  options?: readonly FilterOption[]
  /** Inclusive [min, max] of a range filter. */
  range?: readonly [number, number]
  unit?: string
}

const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>): FilterOption[] =>
  values.map((value) => ({ value, label: labels[value] }))

/**
 * The Keywords screen's filterable fields (docs/product/keywords-table.md), defined once: the UI's
 * filter list and the server's input schema (which accepts only these ids) both read it.
 */
export const KEYWORD_FILTER_FIELDS = {
  keyword: { label: 'Keyword', variant: 'text' },
  searchIntent: { label: 'Search intent', variant: 'multiSelect', options: optionsOf(SEARCH_INTENTS, SEARCH_INTENT_LABELS) },
  searchVolume: { label: 'Search volume', variant: 'range', range: [0, 10000] },
  difficulty: { label: 'Difficulty', variant: 'range', range: [0, 100], unit: '%' },
  priority: { label: 'Priority', variant: 'range', range: [0, 100] },
  status: { label: 'Status', variant: 'multiSelect', options: optionsOf(KEYWORD_STATUSES, KEYWORD_STATUS_LABELS) },
  /** The label of the keyword's topic cluster (keyword_cluster.label), which keyword.list joins in. */
  clusterLabel: { label: 'Topic', variant: 'text' },
  source: { label: 'Source', variant: 'multiSelect', options: optionsOf(KEYWORD_SOURCES, KEYWORD_SOURCE_LABELS) },
  scheduledAt: { label: 'Scheduled', variant: 'date' },
  createdAt: { label: 'Created', variant: 'dateRange' },
} as const satisfies Record<string, FilterFieldDefinition>

export type KeywordFilterField = keyof typeof KEYWORD_FILTER_FIELDS
export const KEYWORD_FILTER_FIELD_IDS = Object.keys(KEYWORD_FILTER_FIELDS) as [KeywordFilterField, ...KeywordFilterField[]]

/**
 * Columns the Keywords list can be sorted by: every shown column but Topic, whose label lives in
 * another table (a sort by it would join every keyword of the business before paging).
 */
export const KEYWORD_SORTABLE_COLUMNS = [
  'keyword',
  'searchIntent',
  'searchVolume',
  'difficulty',
  'priority',
  'status',
  'source',
  'scheduledAt',
  'createdAt',
] as const satisfies readonly KeywordFilterField[]
export type KeywordSortableColumn = (typeof KEYWORD_SORTABLE_COLUMNS)[number]

/** Newest first: createdAt descending. */
export const KEYWORDS_DEFAULT_SORT = [{ id: 'createdAt', desc: true }] as const satisfies readonly {
  id: KeywordSortableColumn
  desc: boolean
}[]

/** Most ids one bulk action may touch. */
export const KEYWORDS_BULK_LIMIT = 500

export type PriorityBand = 'high' | 'medium' | 'low'

/** High 80–100, medium 40–79, low 0–39; null when the keyword has no priority. */
export function priorityBand(priority: number | null | undefined): PriorityBand | null {
  if (priority === null || priority === undefined || Number.isNaN(priority)) return null
  if (priority >= 80) return 'high'
  if (priority >= 40) return 'medium'
  return 'low'
}

export type DifficultyColour = 'green' | 'yellow' | 'red'

/** Green at 30 or below, yellow at 60 or below, red above 60; null without a value. */
export function difficultyColour(difficulty: number | null | undefined): DifficultyColour | null {
  if (difficulty === null || difficulty === undefined || Number.isNaN(difficulty)) return null
  if (difficulty <= 30) return 'green'
  if (difficulty <= 60) return 'yellow'
  return 'red'
}
