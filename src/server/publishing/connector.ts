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

/**
 * One image of the article as a CMS takes it (publishing/article-images.ts): always a raster file
 * (an SVG drawing goes as its PNG rendering), read from our media store.
 */
export interface PublishableImage {
  kind: 'featured' | 'inline' | 'infographic'
  bytes: Uint8Array<ArrayBuffer>
  contentType: 'image/png' | 'image/webp' | 'image/jpeg'
  /** The file's name for the CMS, e.g. "trail-running-shoes-featured.png". */
  filename: string
  alt: string
  /** In pixels, read from the file. */
  width: number
  height: number
  /** Its absolute public address on the app (APP_URL/media/…): what the body says until a connector replaces it. */
  url: string
  /** SHA-256 of the bytes (hex): the same file is uploaded once per publication. */
  hash: string
}

/** The media a connector uploaded for one publication, by content hash: reused when it publishes again. */
export type UploadedMedia = Record<string, { id: string; url: string }>

/** The article as a connector maps it to the CMS's fields. */
export interface PublishableArticle {
  /** Our article id: the webhook's idempotency key and the CMS lookup's fallback. */
  id: string
  title: string
  slug: string
  /**
   * Allow-listed HTML of the body (no H1: the CMS renders the title; no featured image: themes show
   * it). Each of our images in it is an absolute URL of the app, an image's `url`.
   */
  html: string
  /** The body in Markdown, likewise without H1 and featured image, its images at their `url`. */
  markdown: string
  /** The meta description, used as excerpt where the CMS has one. */
  excerpt: string
  metaTitle: string
  metaDescription: string
  /** The featured image (also first in `images`), for the CMS's own featured image field. */
  featuredImage: PublishableImage | null
  /** Every image: the featured one first, then those of the body in order. */
  images: PublishableImage[]
  /** Categories or tags: the article's topic cluster, then its keyword. */
  tags: string[]
  /** The article's topic cluster (also first in `tags`), for CMSs with categories; null without one. */
  topic: string | null
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
  /**
   * For connectors that upload images: what was uploaded for this publication before, and how to
   * record an upload (or forget one the CMS no longer has) as soon as it happens, so a retry after
   * a failure further on reuses it instead of uploading it again.
   */
  media?: { uploaded: UploadedMedia; remember(hash: string, media: UploadedMedia[string] | null): Promise<void> }
}

export interface Connector<T extends ConnectorType = ConnectorType> {
  type: T
  /** The CMS's permanent refusals, read from its error bodies: `context.fetch` is built with it. */
  classifyFailure?: FailureClassifier
  /**
   * A real authenticated call that changes nothing (the user, the site, the collection): answers
   * a short description of what was reached, e.g. "Signed in as editor on blog.example.com", and
   * the settings it learned there (Webflow's site and fields), saved with the connection.
   */
  test(context: ConnectorContext<T>): Promise<{ account: string; settings?: Record<string, unknown> }>
  /**
   * For a CMS whose fields the user maps (Webflow): the map asked for on /integrations, checked
   * against the settings the test just learned. Answers the settings to save with it, or one
   * problem per part that cannot go where it was asked.
   */
  chooseFields?(
    settings: Record<string, unknown>,
    requested: Record<string, string>,
  ): { settings: Record<string, unknown> } | { problems: { name: string; message: string }[] }
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
