import type { FailureClassifier } from '~/server/providers/http'
import type { ConnectorConfig, ConnectorSecrets, ConnectorType } from '~/shared/integrations'

/**
 * One publishing target's client (docs/product/publishing.md). Every call goes through
 * `context.fetch`, the provider fetch of src/server/providers/http.ts: time limit, retries with
 * backoff on 429 and 5xx, and a ProviderError on the final failure, whose kind the publishing job
 * reads: 'auth' marks the integration broken, 'rejected' is the CMS refusing this article (shown on
 * the article), anything else is retried later. A connector reads its CMS's own error bodies with
 * its `classifyFailure` (connectors/failures.ts), so a permanent refusal is final even when the CMS
 * answers it with a 5xx.
 */

/** The article as a connector maps it to the CMS's fields. */
export interface PublishableArticle {
  /** Our article id: the webhook's idempotency key and the CMS lookup's fallback. */
  id: string
  title: string
  slug: string
  /** Allow-listed HTML of the body (no H1: the CMS renders the title). */
  html: string
  markdown: string
  /** The meta description, used as excerpt where the CMS has one. */
  excerpt: string
  metaTitle: string
  metaDescription: string
  /** The featured image, read from our media store so the connector can upload it to the CMS. */
  featuredImage: { bytes: Uint8Array<ArrayBuffer>; contentType: string; filename: string; alt: string; url: string } | null
  /** Categories or tags: the article's topic cluster, then its keyword. */
  tags: string[]
  /** Where the article's canonical copy lives, when the business says so; otherwise the CMS's own URL. */
  canonicalUrl: string | null
  /** JSON-LD blocks (Article, FAQPage) for CMSs that take raw head code. */
  jsonLd: unknown[]
  /** The focus keyword. */
  keyword: string
  /** The revision the CMS will hold: a later edit with another revision is synced. */
  revision: number
  /** When it went (or goes) live. */
  publishedAt: Date
}

/** Where the CMS put the post. */
export interface PublishedPost {
  externalId: string
  /** The live address readers open (null: a webhook receiver that did not say). */
  url: string | null
}

export interface ConnectorContext<T extends ConnectorType> {
  config: ConnectorConfig<T>
  secrets: ConnectorSecrets<T>
  /** The provider fetch for this connector: see the module comment. */
  fetch: typeof fetch
  signal?: AbortSignal
}

export interface Connector<T extends ConnectorType = ConnectorType> {
  type: T
  /** The CMS's permanent refusals, read from its error bodies: `context.fetch` is built with it. */
  classifyFailure?: FailureClassifier
  /**
   * A real authenticated call that changes nothing (the user, the site, the collection): answers
   * a short description of what was reached, e.g. "Signed in as editor on blog.example.com".
   */
  test(context: ConnectorContext<T>): Promise<{ account: string }>
  /**
   * The post this article already made on the CMS, if any: by slug (or by our article id where
   * the CMS keeps it). The publishing job calls it before creating, so a job that died between
   * the CMS's answer and our commit adopts its post instead of posting twice.
   */
  find(context: ConnectorContext<T>, article: PublishableArticle): Promise<PublishedPost | null>
  create(context: ConnectorContext<T>, article: PublishableArticle): Promise<PublishedPost>
  update(context: ConnectorContext<T>, externalId: string, article: PublishableArticle): Promise<PublishedPost>
  /** Takes the post off the site (back to draft, or deleted where the CMS has no draft). */
  unpublish(context: ConnectorContext<T>, externalId: string, article: PublishableArticle): Promise<void>
}
