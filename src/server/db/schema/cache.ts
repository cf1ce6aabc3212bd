import { index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamps } from './columns'

/** Cached keyword-data answers (30-day freshness, judged on updatedAt). */
export const keywordCache = pgTable(
  'keyword_cache',
  {
    id: id(),
    keyword: text('keyword').notNull(),
    language: text('language').notNull().default('en'),
    country: text('country').notNull().default('us'),
    endpointType: text('endpoint_type').notNull(),
    /** Derived from keyword, language, country and endpoint. */
    cacheKey: text('cache_key').notNull().unique(),
    searchVolume: integer('search_volume'),
    difficulty: real('difficulty'),
    competition: real('competition'),
    cpc: real('cpc'),
    competitionLevel: text('competition_level'),
    trends: jsonb('trends'),
    serpFeatures: jsonb('serp_features'),
    apiResponse: jsonb('api_response'),
    source: text('source').notNull().default('dataforseo'),
    ...timestamps(),
  },
  (table) => [index('keyword_cache_keyword_idx').on(table.keyword)],
)

/**
 * Cached embeddings. A portable real[] rather than pgvector: Debian's PostgreSQL has no pgvector
 * package, so similarity is computed in the service.
 */
export const embeddingCache = pgTable('embedding_cache', {
  id: id(),
  textHash: text('text_hash').notNull().unique(),
  text: text('text').notNull(),
  embedding: real('embedding').array().notNull(),
  model: text('model').notNull().default('nomic-embed-text-v1.5'),
  dimensions: integer('dimensions').notNull(),
  createdAt: createdAt(),
})
