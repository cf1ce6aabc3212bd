import type { ColumnMap } from '~/server/data-table/filter-to-sql'
import { keyword } from '~/server/db/schema'
import type { KeywordFilterField, KeywordSortableColumn } from '~/shared/keywords'

/**
 * The Keywords table's column ids (src/shared/keywords.ts) on the keyword table's SQL columns:
 * the only columns a filter or sort of keyword.list can reach.
 */
export const KEYWORD_COLUMNS = {
  keyword: { column: keyword.keyword, type: 'text', nullable: false, lowerColumn: keyword.keywordLower },
  searchIntent: { column: keyword.searchIntent, type: 'text', nullable: true },
  searchVolume: { column: keyword.searchVolume, type: 'integer', nullable: true },
  difficulty: { column: keyword.difficulty, type: 'integer', nullable: true },
  priority: { column: keyword.priority, type: 'integer', nullable: true },
  status: { column: keyword.status, type: 'text', nullable: false },
  scheduledAt: { column: keyword.scheduledAt, type: 'date', nullable: true },
  createdAt: { column: keyword.createdAt, type: 'date', nullable: false },
} satisfies Record<KeywordFilterField | KeywordSortableColumn, ColumnMap[string]>
