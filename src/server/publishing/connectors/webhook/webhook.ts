import { createHash } from 'node:crypto'
import { signStandardWebhook } from '~/server/providers/webhook/signing'
import type { Connector, ConnectorContext, PublishableArticle } from '../../connector'

/**
 * The signed webhook (docs/product/publishing.md): each article is POSTed as JSON to the
 * customer's endpoint with Standard Webhooks headers (webhook-id, webhook-timestamp,
 * webhook-signature: HMAC-SHA256 with the `whsec_` secret).
 *
 * Exactly once: the webhook-id is the same for every delivery of the same article revision and
 * event, so a delivery retried after a crash carries the id the receiver already stored, and a
 * receiver that keeps the ids it processed (as Standard Webhooks asks) ignores it. The receiver
 * may answer `{"url": "…"}`: the article's live address, shown as its link.
 */

type Context = ConnectorContext<'webhook'>

export type WebhookEventType =
  | 'article.published'
  | 'article.updated'
  | 'article.unpublished'
  | 'webhook.test'
  | 'research.finished'
  | 'article.generated'
  | 'article.failed'
  | 'connector.broken'
  | 'drafts.waiting'
  | 'usage.threshold'

export interface WebhookPayload {
  type: WebhookEventType
  timestamp: string
  /** On outgoing events (src/server/publishing/events.ts): the business they are about. */
  businessId?: string
  data: Record<string, unknown>
}

/** The delivery id of one event about one article revision: stable across retries. */
export function webhookDeliveryId(type: WebhookEventType, articleId: string, revision: number) {
  return `msg_${createHash('sha256').update(`${type}:${articleId}:${revision}`).digest('hex').slice(0, 32)}`
}

export function articlePayload(article: PublishableArticle) {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    html: article.html,
    markdown: article.markdown,
    metaTitle: article.metaTitle,
    metaDescription: article.metaDescription,
    excerpt: article.excerpt,
    keyword: article.keyword,
    tags: article.tags,
    featuredImage: article.featuredImage ? { url: article.featuredImage.url, alt: article.featuredImage.alt } : null,
    // Every image (the featured one first) as the PNG, WebP or JPEG file the body links to on the app.
    images: article.images.map(({ kind, url, alt, width, height, contentType }) => ({ kind, url, alt, width, height, contentType })),
    canonicalUrl: article.canonicalUrl,
    jsonLd: article.jsonLd,
    revision: article.revision,
    publishedAt: article.publishedAt.toISOString(),
  }
}

/**
 * One signed POST of `payload` with webhook-id `id`; answers the `url` the receiver gave, if any.
 * Outgoing events (events.ts) are sent through it too, with the same secret and signature.
 */
export async function deliverWebhook(context: Context, id: string, payload: WebhookPayload) {
  const body = JSON.stringify(payload)
  const signed = signStandardWebhook({ secret: context.secrets.secret, body, id })
  const response = await context.fetch(context.config.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'Rankpilot-Webhooks/1.0', ...signed },
    body,
    signal: context.signal,
  })
  const text = await response.text()
  try {
    const answer = JSON.parse(text) as { url?: unknown }
    if (typeof answer.url === 'string' && /^https?:\/\//.test(answer.url)) return answer.url
  } catch {
    // A receiver need not answer JSON: a 2xx is enough.
  }
  return null
}

async function send(context: Context, type: WebhookEventType, article: PublishableArticle) {
  const id = webhookDeliveryId(type, article.id, article.revision)
  const url = await deliverWebhook(context, id, { type, timestamp: new Date().toISOString(), data: articlePayload(article) })
  return { externalId: article.id, url }
}

export const webhookConnector: Connector<'webhook'> = {
  type: 'webhook',

  async test(context) {
    const id = `msg_test_${Date.now().toString(36)}`
    await deliverWebhook(context, id, {
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { message: 'Rankpilot is checking this endpoint. Nothing to store.' },
    })
    return { account: `${new URL(context.config.url).host} accepted a signed test event` }
  },

  // The receiver is the one that remembers: see the module comment.
  find: () => Promise.resolve(null),

  create: (context, article) => send(context, 'article.published', article),

  update: (context, _externalId, article) => send(context, 'article.updated', article),

  async unpublish(context, _externalId, article) {
    await send(context, 'article.unpublished', article)
  },
}
