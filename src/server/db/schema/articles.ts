import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgSchema, real, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ARTICLE_STATUSES, type ArticleContent, type ArticleFactCheck, type ArticleStatus } from '~/shared/articles/article'
import { ARTICLE_TYPES, type ArticleType } from '~/shared/articles/article-types'
import type { SeoCheck } from '~/shared/articles/seo-score'
import { PUBLICATION_STATUSES, type PublicationStatus } from '~/shared/integrations'
import type { LiveCheck } from '~/shared/live-check'
import { business, publishing } from './business'
import { id, timestamps } from './columns'
import { keyword } from './keywords'

export const contentSchema = pgSchema('content')

/**
 * The article written for a planned keyword (docs/product/pipeline.md §4): one current article
 * per keyword row. Its content columns are what the editor changes; every generation, edit or
 * restore first keeps the previous content as an `article_version`.
 */
export const article = contentSchema.table(
  'article',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => business.id, { onDelete: 'cascade' }),
    keywordId: text('keyword_id').references(() => keyword.id, { onDelete: 'set null' }),
    /** The focus keyword it was written for (kept when the keyword row is deleted). */
    keyword: text('keyword').notNull(),
    status: text('status').$type<ArticleStatus>().notNull().default('draft'),
    /** Its article type (src/shared/articles/article-types.ts), as the generation wrote it. */
    type: text('type').$type<ArticleType>().notNull().default('guide'),
    /** Why that type: the keyword's wording, its intent or its search results (null: written before types). */
    typeReason: text('type_reason'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaTitle: text('meta_title').notNull(),
    metaDescription: text('meta_description').notNull(),
    outline: jsonb('outline').$type<ArticleContent['outline']>().notNull(),
    /** The body in Markdown (the source of truth) and as allow-listed HTML. */
    markdown: text('markdown').notNull(),
    html: text('html').notNull(),
    images: jsonb('images').$type<ArticleContent['images']>().notNull(),
    video: jsonb('video').$type<ArticleContent['video']>(),
    faq: jsonb('faq').$type<ArticleContent['faq']>().notNull(),
    jsonLd: jsonb('json_ld').$type<ArticleContent['jsonLd']>().notNull(),
    citations: jsonb('citations').$type<ArticleContent['citations']>().notNull(),
    internalLinks: jsonb('internal_links').$type<ArticleContent['internalLinks']>().notNull(),
    wordCount: integer('word_count').notNull(),
    seoScore: integer('seo_score').notNull(),
    seoChecks: jsonb('seo_checks').$type<SeoCheck[]>().notNull(),
    /** What the checks after writing found and removed (null: written before they were recorded). */
    factCheck: jsonb('fact_check').$type<ArticleFactCheck>(),
    /** The SERP median word count the length check measured against (null: unknown). */
    serpMedianWords: integer('serp_median_words'),
    /** The word count the article was written to: the SERP median clamped to the business's range (null: written before targets). */
    targetWords: integer('target_words'),
    /** How many top results' pages the median was taken from (null: unknown). */
    serpPagesRead: integer('serp_pages_read'),
    /** The generation that wrote the current content. */
    generationJobId: uuid('generation_job_id'),
    /** Estimated provider cost of all its generations, in dollars. */
    providerCost: real('provider_cost').notNull().default(0),
    version: integer('version').notNull().default(1),
    /**
     * Bumped by every write of the content (generation, edit, restore). The editor's saves name the
     * revision they started from, so a save over a change made elsewhere meanwhile is refused.
     */
    revision: integer('revision').notNull().default(1),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('article_keyword_unique')
      .on(table.keywordId)
      .where(sql`${table.keywordId} is not null`),
    unique('article_business_slug_unique').on(table.businessId, table.slug),
    index('article_business_status_idx').on(table.businessId, table.status, table.updatedAt),
    check('article_status_check', sql.raw(`${table.status.name} in (${ARTICLE_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('article_seo_score_range_check', sql`${table.seoScore} between 0 and 100`),
    check('article_type_check', sql.raw(`${table.type.name} in (${ARTICLE_TYPES.map((t) => `'${t}'`).join(', ')})`)),
  ],
)

/** A kept earlier content of an article: restorable. */
export const articleVersion = contentSchema.table(
  'article_version',
  {
    id: id(),
    articleId: text('article_id')
      .notNull()
      .references(() => article.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** generated, regenerated, edited, restored. */
    reason: text('reason').notNull(),
    content: jsonb('content').$type<ArticleContent>().notNull(),
    seoScore: integer('seo_score').notNull(),
    /** The generation that wrote this content: a retried generation finds its own version and stops. */
    generationJobId: uuid('generation_job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('article_version_article_version_unique').on(table.articleId, table.version),
    uniqueIndex('article_version_generation_job_unique')
      .on(table.generationJobId)
      .where(sql`${table.generationJobId} is not null`),
  ],
)

/**
 * Where an article went: one row per article and publishing target (docs/product/publishing.md).
 * `externalId` is the CMS's id once it answered; a publishing job that finds a row without one
 * looks the post up by slug before creating, so a retry never posts twice. `publishedRevision` is
 * the article revision the CMS holds: a later edit is synced when it differs.
 */
export const publication = contentSchema.table(
  'publication',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => business.id, { onDelete: 'cascade' }),
    articleId: text('article_id')
      .notNull()
      .references(() => article.id, { onDelete: 'cascade' }),
    integrationId: text('integration_id')
      .notNull()
      .references(() => publishing.id, { onDelete: 'cascade' }),
    /** pending (being published), published, failed (lastError says why), unpublished. */
    status: text('status').$type<PublicationStatus>().notNull().default('pending'),
    externalId: text('external_id'),
    url: text('url'),
    publishedRevision: integer('published_revision'),
    lastError: text('last_error'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** Images uploaded to the CMS for this post, by content hash (SHA-256): reused when it is published again. */
    media: jsonb('media').$type<Record<string, { id: string; url: string }>>().notNull().default({}),
    /** What a reader sees at `url` (docs/product/publishing.md, "After publishing: the live check"): the latest check, or null before one. */
    liveCheck: jsonb('live_check').$type<LiveCheck>(),
    /**
     * When we first asked the CMS to create this post (set before the call): from then on a post
     * with its slug may be ours, made by an attempt that died before it was recorded, and is
     * adopted; before, a post with that slug is the customer's own and is never overwritten.
     */
    createStartedAt: timestamp('create_started_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    unique('publication_article_integration_unique').on(table.articleId, table.integrationId),
    index('publication_business_idx').on(table.businessId, table.status),
    check('publication_status_check', sql.raw(`${table.status.name} in (${PUBLICATION_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
)

export type ArticleRow = typeof article.$inferSelect
