import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ColumnMap, SqlColumn } from '~/server/data-table/filter-to-sql'
import { keyword, keywordCluster } from '~/server/db/schema'
import type { KeywordFilterField, KeywordSortableColumn } from '~/shared/keywords'

/** The keyword table's columns by name: the table itself, or an alias of it (the page keyword.list reads). */
export type KeywordTableColumns = { [K in keyof typeof keyword.$inferSelect]: AnyPgColumn }

/**
 * A keyword's topic cluster: the cluster row with its cluster_id, of the same business (a cluster
 * id never reaches another business's cluster, whatever the keyword row holds).
 */
export const keywordClusterJoin = (table: KeywordTableColumns) =>
  and(eq(keywordCluster.id, table.clusterId), eq(keywordCluster.businessId, table.businessId)) as SQL

/** The Keywords table's columns that are the keyword table's own, on `table`. */
export const keywordOwnColumns = (table: KeywordTableColumns) =>
  ({
    keyword: { column: table.keyword, type: 'text', nullable: false, lowerColumn: table.keywordLower },
    searchIntent: { column: table.searchIntent, type: 'text', nullable: true },
    searchVolume: { column: table.searchVolume, type: 'integer', nullable: true },
    difficulty: { column: table.difficulty, type: 'integer', nullable: true },
    priority: { column: table.priority, type: 'integer', nullable: true },
    status: { column: table.status, type: 'text', nullable: false },
    source: { column: table.source, type: 'text', nullable: true },
    scheduledAt: { column: table.scheduledAt, type: 'date', nullable: true },
    createdAt: { column: table.createdAt, type: 'date', nullable: false },
  }) satisfies Record<Exclude<KeywordFilterField, 'clusterLabel'>, SqlColumn>

/**
 * The Keywords table's column ids (src/shared/keywords.ts) on the keyword table's SQL columns:
 * the only columns a filter or sort of keyword.list can reach. The topic is its cluster's label,
 * filtered with an EXISTS subquery over the business's keyword_cluster rows
 * (docs/product/keywords-table.md).
 */
export const KEYWORD_COLUMNS = {
  ...keywordOwnColumns(keyword),
  clusterLabel: {
    column: keywordCluster.label,
    type: 'text',
    nullable: false,
    related: { table: keywordCluster, on: keywordClusterJoin(keyword) },
  },
} satisfies Record<KeywordFilterField | KeywordSortableColumn, ColumnMap[string]>
