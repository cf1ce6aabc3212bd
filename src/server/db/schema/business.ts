import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'
import type { VoiceProfile, VoiceSample } from '~/shared/brand-voice'
import { user } from './auth'
import { id, timestamps } from './columns'

/** Profile seeds the analysis proposes for keyword research (docs/product/pipeline.md). */
export type BusinessSeeds = string[] | Record<string, unknown>

/** A crawl of a site (onboarding analysis, competitors). */
export const crawl = pgTable('crawl', {
  id: id(),
  url: text('url').notNull(),
  status: text('status').notNull().default('pending'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  analysis: jsonb('analysis').$type<Record<string, unknown>>(),
  ...timestamps(),
})

const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`)

/** A business a user owns (docs/product/entities.md). userId + url is unique. */
export const business = pgTable(
  'business',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name'),
    url: text('url').notNull(),
    description: text('description'),
    targetAudiences: textArray('target_audiences'),
    industry: text('industry'),
    services: text('services')
      .array()
      .notNull()
      .default(sql`'{""}'::text[]`),
    primaryServices: textArray('primary_services'),
    businessModel: text('business_model'),
    coreProducts: textArray('core_products'),
    valueProposition: text('value_proposition'),
    customerProblems: textArray('customer_problems'),
    competitiveAdvantages: textArray('competitive_advantages'),
    targetOutcomes: textArray('target_outcomes'),
    seeds: jsonb('seeds').$type<BusinessSeeds>(),
    lastAnalyzedAt: timestamp('last_analyzed_at', { withTimezone: true }),
    crawlId: text('crawl_id').references(() => crawl.id, { onDelete: 'set null' }),
    keywordRegion: text('keyword_region').notNull().default('US'),
    sitemapUrl: text('sitemap_url'),
    blogUrl: text('blog_url'),
    /** When setup step 3 (or settings) last saved the sitemap and blog: a business without a blog has answered it too. */
    siteStructureSavedAt: timestamp('site_structure_saved_at', { withTimezone: true }),
    bestArticles: textArray('best_articles'),
    /** Words keyword research never plans a keyword with (whole words, singular or plural). */
    negativeKeywords: textArray('negative_keywords'),
    gscConnected: boolean('gsc_connected').notNull().default(false),
    language: text('language').notNull().default('English'),
    tone: text('tone').notNull().default('Informative'),
    autoPublish: boolean('auto_publish').notNull().default(true),
    internalLinks: integer('internal_links').notNull().default(0),
    addYoutubeVideo: boolean('add_youtube_video').notNull().default(true),
    addCta: boolean('add_cta').notNull().default(true),
    includeInfographics: boolean('include_infographics').notNull().default(true),
    imageStyle: text('image_style').notNull().default('Brand & Text Realism'),
    brandColor: text('brand_color').notNull().default('#000000'),
    /** Articles are written this many days before their publishing day. */
    articleLeadDays: integer('article_lead_days').notNull().default(3),
    /** Below this SEO score an article is held for review, in autopilot too. */
    seoScoreFloor: integer('seo_score_floor').notNull().default(70),
    /** An article's target length is the SERP median clamped to these (docs/product/pipeline.md "Length"). */
    articleMinWords: integer('article_min_words').notNull().default(1200),
    articleMaxWords: integer('article_max_words').notNull().default(3000),
    /** Brand voice (docs/product/pipeline.md "Brand voice"): the sample posts the profile was derived from. */
    voiceSamples: jsonb('voice_samples').$type<VoiceSample[]>().notNull().default([]),
    /** Derived from the samples once, then edited by the user; null until derived. */
    voiceProfile: jsonb('voice_profile').$type<VoiceProfile>(),
    voiceDerivedAt: timestamp('voice_derived_at', { withTimezone: true }),
    voiceInstructions: text('voice_instructions').notNull().default(''),
    /** Words and phrases no article may contain (whole words, any case). */
    bannedPhrases: textArray('banned_phrases'),
    ...timestamps(),
  },
  (table) => [unique('business_user_url_unique').on(table.userId, table.url), index('business_user_idx').on(table.userId, table.createdAt)],
)

export const competitor = pgTable(
  'competitor',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => business.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    name: text('name'),
    description: text('description'),
    industry: text('industry'),
    primaryServices: textArray('primary_services'),
    targetAudience: text('target_audience'),
    businessModel: text('business_model'),
    coreProducts: textArray('core_products'),
    valueProposition: text('value_proposition'),
    seeds: jsonb('seeds').$type<BusinessSeeds>(),
    relevanceToOurBusiness: integer('relevance_to_our_business'),
    businessCategory: text('business_category'),
    lastAnalyzedAt: timestamp('last_analyzed_at', { withTimezone: true }),
    crawlId: text('crawl_id').references(() => crawl.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [unique('competitor_business_url_unique').on(table.businessId, table.url)],
)

/**
 * A keyword a competitor ranks for, as its last analysis found it (docs/product/competitors.md):
 * its position and page, the keyword's volume and difficulty, and the visits the position earns.
 * An analysis replaces the competitor's rows; they go with the competitor.
 */
export const competitorKeyword = pgTable(
  'competitor_keyword',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => business.id, { onDelete: 'cascade' }),
    competitorId: text('competitor_id')
      .notNull()
      .references(() => competitor.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    keywordLower: text('keyword_lower').generatedAlwaysAs(sql`lower(keyword)`),
    rank: integer('rank').notNull(),
    url: text('url'),
    searchVolume: integer('search_volume'),
    difficulty: integer('difficulty'),
    searchIntent: text('search_intent'),
    /** Monthly visits the position earns: volume × the click-through rate at that rank. */
    traffic: integer('traffic').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    unique('competitor_keyword_competitor_keyword_unique').on(table.competitorId, table.keyword),
    index('competitor_keyword_business_idx').on(table.businessId, table.keywordLower),
  ],
)

/**
 * Search Console's days are calendar days (YYYY-MM-DD), stored as that text: ISO days sort and
 * compare as text, and every date-like column the PGlite adapter reads must be a timestamptz
 * (src/server/db/pglite-for-drizzle.ts).
 */
const isoDayCheck = (column: string) => sql.raw(`"${column}" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`)

/** The Search Console property connected to a business: one per business. */
export const gscData = pgTable(
  'gsc_data',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .unique()
      .references(() => business.id, { onDelete: 'cascade' }),
    siteUrl: text('site_url').notNull(),
    propertyType: text('property_type'),
    permissionLevel: text('permission_level'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    sitemapUrl: text('sitemap_url'),
    verificationStatus: text('verification_status').notNull().default('pending'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /**
     * The sync's state (src/server/gsc/sync.service.ts): `syncing` until the first backfill ends,
     * then `working`; `reconnect` once Google refused the saved access (revoked, expired refresh
     * token): the daily sync skips it until the property is chosen again after reconnecting.
     */
    syncStatus: text('sync_status').$type<GscSyncStatus>().notNull().default('syncing'),
    lastError: text('last_error'),
    /** The last day (YYYY-MM-DD) synced: the next sync starts 3 days (the lag window) before it. */
    syncedThrough: text('synced_through'),
    ...timestamps(),
  },
  (table) => [check('gsc_data_synced_through_check', isoDayCheck(table.syncedThrough.name))],
)

export type GscSyncStatus = 'syncing' | 'working' | 'reconnect'

/**
 * Search Analytics rows of a business's property, one per day × query × page (Search Console's
 * own numbers for that combination; `position` is its impression-weighted average). Upserted on
 * that natural key, so re-fetching a range (the lag window, a retried chunk) rewrites the same rows.
 * Indexed for the series and top lists of a business over a date range (the key) and for one page's.
 */
export const gscSearchAnalytics = pgTable(
  'gsc_search_analytics',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => business.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (see isoDayCheck). */
    date: text('date').notNull(),
    query: text('query').notNull(),
    page: text('page').notNull(),
    clicks: integer('clicks').notNull(),
    impressions: integer('impressions').notNull(),
    ctr: doublePrecision('ctr').notNull(),
    position: doublePrecision('position').notNull(),
  },
  (table) => [
    primaryKey({ name: 'gsc_search_analytics_pk', columns: [table.businessId, table.date, table.query, table.page] }),
    check('gsc_search_analytics_date_check', isoDayCheck(table.date.name)),
    index('gsc_search_analytics_page_idx').on(table.businessId, table.page, table.date),
  ],
)

/**
 * A publishing target (CMS connector) of a business: one per business and type
 * (docs/product/publishing.md). `config` holds what is not secret (the site's address, a
 * collection id); the credentials are in `secrets`, AES-256-GCM encrypted (src/server/publishing/crypto.ts),
 * never sent to the browser. `status` is what the last call to the CMS said: untested, working or
 * broken (with `lastError`). `events`: what the webhook connector is sent (WEBHOOK_EVENTS); without
 * `article.published` it is "events only" and no publishing target. Other connectors keep the default.
 */
export const publishing = pgTable(
  'publishing',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => business.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secrets: text('secrets'),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status').$type<'untested' | 'working' | 'broken'>().notNull().default('untested'),
    lastError: text('last_error'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{article.published}'::text[]`),
    ...timestamps(),
  },
  (table) => [unique('publishing_business_type_unique').on(table.businessId, table.type)],
)
