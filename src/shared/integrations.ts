import { z } from 'zod'
import { webflowFieldMapSchema, webflowFieldSchema } from './webflow-fields'

/**
 * Publishing targets as both sides see them (docs/product/publishing.md): the connectors a business
 * can add on /integrations, the fields of each one's form with their help, and the statuses of a
 * connection and of an article's publication. The server validates with the same schemas.
 */

export const CONNECTOR_TYPES = ['wordpress', 'ghost', 'webflow', 'shopify', 'notion', 'webhook'] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

export const INTEGRATION_STATUSES = ['untested', 'working', 'broken'] as const
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number]

export const PUBLICATION_STATUSES = ['pending', 'published', 'failed', 'unpublished'] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]

/**
 * What the webhook connector can be sent, chosen per endpoint (docs/product/publishing.md).
 * `article.published` is publishing itself (article.published, .updated and .unpublished): an
 * endpoint without it is "events only" and never receives articles.
 */
export const WEBHOOK_EVENTS = [
  'research.finished',
  'article.generated',
  'article.published',
  'article.failed',
  'connector.broken',
  'drafts.waiting',
  'usage.threshold',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** What a connector receives until the user chooses: publishing, as before events existed. */
export const DEFAULT_WEBHOOK_EVENTS: WebhookEvent[] = ['article.published']

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, { label: string; help: string }> = {
  'research.finished': {
    label: 'Keyword research finished',
    help: 'When a research run has planned the month: its month, how many keywords it scheduled, and a link to them.',
  },
  'article.generated': {
    label: 'Article written',
    help: 'When an article is written or rewritten: its title, keyword, status (draft or held for review) and SEO score.',
  },
  'article.published': {
    label: 'Article published',
    help: 'Publishing itself: the full article when it goes live, again when it is edited, and when it is taken down. Untick it to receive notifications only.',
  },
  'article.failed': {
    label: 'Article failed',
    help: 'When writing or publishing an article fails for good, with the reason.',
  },
  'connector.broken': {
    label: 'Connection broken',
    help: 'When a publishing connection stops working because its credentials were refused: which one, and what it said.',
  },
  'drafts.waiting': {
    label: 'Drafts waiting',
    help: 'Once a day, at the owner’s digest hour, when drafts wait for approval or articles are held below the SEO score floor: how many of each.',
  },
  'usage.threshold': {
    label: 'Allowance used',
    help: 'When this month’s article usage reaches 80 % and 100 % of the plan’s allowance.',
  },
}

/** The events an endpoint is sent: at least one, each known, in the list's order. */
export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `An event is one of: ${WEBHOOK_EVENTS.join(', ')}.` }))
  .min(1, 'Choose at least one event to send.')
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)))

export interface ConnectorField {
  name: string
  label: string
  /** One or two sentences: where the user finds the value. */
  help: string
  placeholder?: string
  /** Stored encrypted, never sent back: the form shows it masked and keeps it when left empty. */
  secret?: boolean
  optional?: boolean
}

export interface ConnectorDefinition {
  type: ConnectorType
  label: string
  /** What it does, for the card. */
  description: string
  fields: ConnectorField[]
  /** Whether archiving an article takes it off the site (false: the post stays, we say so). */
  canUnpublish: boolean
}

const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(500, `Keep the ${label} under 500 characters.`)
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'https:' || url.protocol === 'http:'
      } catch {
        return false
      }
    }, `Enter the ${label} as a full address starting with https://.`)
    .transform((value) => value.replace(/\/+$/, ''))

const required = (label: string, max = 300) =>
  z.string().trim().min(1, `Enter the ${label}.`).max(max, `Keep the ${label} under ${max} characters.`)

/** The form's fields per connector: the non-secret ones are shown back, the secret ones masked. */
export const CONNECTORS: Record<ConnectorType, ConnectorDefinition> = {
  wordpress: {
    type: 'wordpress',
    label: 'WordPress',
    description: 'Posts through the WordPress REST API with an application password.',
    canUnpublish: true,
    fields: [
      {
        name: 'siteUrl',
        label: 'Site address',
        help: 'The address of your WordPress site, e.g. https://blog.example.com.',
        placeholder: 'https://blog.example.com',
      },
      { name: 'username', label: 'Username', help: 'The WordPress user the posts are written as (an Editor or Administrator).' },
      {
        name: 'applicationPassword',
        label: 'Application password',
        help: 'In WordPress: Users → Profile → Application Passwords → Add New. Paste the 24-character password it shows once.',
        placeholder: 'abcd efgh ijkl mnop qrst uvwx',
        secret: true,
      },
    ],
  },
  ghost: {
    type: 'ghost',
    label: 'Ghost',
    description: 'Posts through the Ghost Admin API with an Admin API key.',
    canUnpublish: true,
    fields: [
      {
        name: 'apiUrl',
        label: 'API URL',
        help: 'In Ghost Admin: Settings → Integrations → Add custom integration; copy its API URL.',
        placeholder: 'https://example.ghost.io',
      },
      {
        name: 'adminApiKey',
        label: 'Admin API key',
        help: 'From the same custom integration: the Admin API key, in the form id:secret.',
        placeholder: '6489…:a1b2…',
        secret: true,
      },
    ],
  },
  webflow: {
    type: 'webflow',
    label: 'Webflow',
    description:
      'Adds items to a Webflow CMS collection through the Data API v2. Its images are uploaded to the site’s assets; you choose which fields receive what.',
    canUnpublish: true,
    fields: [
      {
        name: 'collectionId',
        label: 'Collection ID',
        help: 'In the Webflow Designer: CMS → your blog collection → Settings; the Collection ID is at the top.',
      },
      {
        name: 'postUrlPrefix',
        label: 'Post address prefix',
        help: 'Where the collection’s items live on your site, e.g. https://www.example.com/blog. A post’s link is this plus its slug.',
        placeholder: 'https://www.example.com/blog',
      },
      {
        name: 'apiToken',
        label: 'API token',
        help: 'Site settings → Apps & Integrations → API access: a site token with CMS read and write, Assets read and write, and Sites read.',
        secret: true,
      },
    ],
  },
  shopify: {
    type: 'shopify',
    label: 'Shopify',
    description: 'Writes blog articles through the Shopify Admin API.',
    canUnpublish: true,
    fields: [
      {
        name: 'shopDomain',
        label: 'Shop domain',
        help: 'Your store’s myshopify.com address, e.g. example.myshopify.com.',
        placeholder: 'example.myshopify.com',
      },
      {
        name: 'blogId',
        label: 'Blog ID',
        help: 'Online Store → Blog posts → Manage blogs → your blog: the number at the end of its admin address.',
      },
      { name: 'authorName', label: 'Author', help: 'The name shown as the articles’ author.', optional: true },
      {
        name: 'accessToken',
        label: 'Admin API access token',
        help: 'Settings → Apps → Develop apps → your app with the write_content and write_files scopes: the Admin API access token (shpat_…).',
        placeholder: 'shpat_…',
        secret: true,
      },
    ],
  },
  notion: {
    type: 'notion',
    label: 'Notion',
    description:
      'Adds each article as a page in a Notion database. Notion cannot store our files: its images are linked as PNG files from this app’s public https address, not copied into Notion, so the app must stay reachable there.',
    canUnpublish: true,
    fields: [
      {
        name: 'dataSourceId',
        label: 'Data source ID',
        help: 'Open the database in Notion → ••• → Manage data sources → Copy data source ID. Share the database with your integration.',
      },
      {
        name: 'token',
        label: 'Integration secret',
        help: 'notion.so/profile/integrations → your internal integration → Internal Integration Secret (ntn_…).',
        placeholder: 'ntn_…',
        secret: true,
      },
    ],
  },
  webhook: {
    type: 'webhook',
    label: 'Webhook',
    description:
      'Posts each article, and the events you choose, as JSON to your endpoint, signed with Standard Webhooks. Its images are linked as PNG files from this app’s public address.',
    canUnpublish: true,
    fields: [
      {
        name: 'url',
        label: 'Endpoint URL',
        help: 'Your server’s address that receives the articles and events (POST, JSON). It answers 2xx when it has stored each one.',
        placeholder: 'https://example.com/api/rankpilot',
      },
      {
        name: 'secret',
        label: 'Signing secret',
        help: 'Verify each delivery with this secret (Standard Webhooks, whsec_…). Leave it empty to have one generated.',
        placeholder: 'whsec_…',
        secret: true,
        optional: true,
      },
    ],
  },
}

/** What each connector's form accepts: the non-secret config and the secrets, validated as the server will. */
export const CONNECTOR_SCHEMAS = {
  wordpress: {
    config: z.object({
      siteUrl: httpsUrl('site address'),
      username: required('username', 100),
      // Written by Test connection, not the form (wordpressSeoSummary): what it found on the site.
      seoPlugin: z.enum(['yoast', 'rank-math', 'none']).optional(),
      seoVia: z.enum(['meta', 'rank-math-api', 'none']).optional(),
      seoFields: z.string().max(100).optional(),
    }),
    secrets: z.object({
      applicationPassword: z
        .string()
        .transform((value) => value.replace(/\s+/g, ''))
        .pipe(z.string().min(1, 'Enter the application password.').max(200, 'That is longer than an application password.')),
    }),
  },
  ghost: {
    config: z.object({ apiUrl: httpsUrl('API URL') }),
    secrets: z.object({
      adminApiKey: z
        .string()
        .trim()
        .regex(/^[0-9a-f]{24}:[0-9a-f]{64}$/i, 'An Admin API key is 24 hex characters, a colon, then 64 hex characters.'),
    }),
  },
  webflow: {
    config: z.object({
      collectionId: z
        .string()
        .trim()
        .regex(/^[0-9a-f]{24}$/i, 'A Webflow collection ID is 24 hex characters.'),
      postUrlPrefix: httpsUrl('post address prefix'),
      // Learned on Test connection (connectors/webflow/webflow.ts), never typed: the collection's site
      // (where images are uploaded), its fields, and which of ours goes to which of them.
      siteId: z.string().optional(),
      collectionFields: z.array(webflowFieldSchema).optional(),
      fieldMap: webflowFieldMapSchema.optional(),
    }),
    secrets: z.object({ apiToken: required('API token', 500) }),
  },
  shopify: {
    config: z.object({
      shopDomain: z
        .string()
        .trim()
        .toLowerCase()
        .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/.*$/, ''))
        .pipe(
          z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Enter the store’s myshopify.com domain, e.g. example.myshopify.com.'),
        ),
      blogId: z
        .string()
        .trim()
        .transform((value) => value.replace(/^gid:\/\/shopify\/Blog\//, ''))
        .pipe(z.string().regex(/^\d{1,20}$/, 'A blog ID is the number at the end of the blog’s admin address.')),
      authorName: z.string().trim().max(100, 'Keep the author under 100 characters.').default(''),
    }),
    secrets: z.object({ accessToken: required('access token', 500) }),
  },
  notion: {
    config: z.object({
      dataSourceId: z
        .string()
        .trim()
        .transform((value) => value.replace(/-/g, '').toLowerCase())
        .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'A Notion ID is 32 hex characters (dashes allowed).')),
    }),
    secrets: z.object({ token: required('integration secret', 500) }),
  },
  webhook: {
    config: z.object({ url: httpsUrl('endpoint URL') }),
    secrets: z.object({
      secret: z
        .string()
        .trim()
        .refine(
          (value) => value === '' || /^whsec_[A-Za-z0-9+/=]{24,}$/.test(value),
          'A signing secret starts with whsec_ followed by base64.',
        )
        .default(''),
    }),
  },
} satisfies Record<ConnectorType, { config: z.ZodType; secrets: z.ZodType }>

export type ConnectorConfig<T extends ConnectorType> = z.output<(typeof CONNECTOR_SCHEMAS)[T]['config']>
export type ConnectorSecrets<T extends ConnectorType> = z.output<(typeof CONNECTOR_SCHEMAS)[T]['secrets']>

export const INTEGRATION_STATUS_LABELS: Record<IntegrationStatus, string> = {
  untested: 'Not tested',
  working: 'Working',
  broken: 'Broken',
}

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  pending: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  unpublished: 'Unpublished',
}

/**
 * The SEO plugin a WordPress site runs, as Test connection found it (its REST API index lists the
 * plugin's namespace: `yoast/v1`, `rankmath/v1`), and how our SEO fields reach it: `meta` (the
 * plugin's post meta keys are registered for the REST API, sent with the post), `rank-math-api`
 * (Rank Math's own `rankmath/v1/updateMeta`), or `none` (the meta description goes as the excerpt
 * only). Kept in the connection's config as `seoPlugin`, `seoVia` and `seoFields` (a comma-separated
 * list of WORDPRESS_SEO_FIELDS). docs/product/publishing.md, "What goes where".
 */
export const WORDPRESS_SEO_PLUGINS = { yoast: 'Yoast SEO', 'rank-math': 'Rank Math' } as const
export type WordpressSeoPlugin = keyof typeof WORDPRESS_SEO_PLUGINS | 'none'
export type WordpressSeoVia = 'meta' | 'rank-math-api' | 'none'
export const WORDPRESS_SEO_FIELDS = {
  title: 'SEO title',
  description: 'meta description',
  focusKeyword: 'focus keyword',
  canonical: 'canonical URL',
} as const
export type WordpressSeoField = keyof typeof WORDPRESS_SEO_FIELDS

const listed = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`)

/** The WordPress card's line about SEO fields, from what the last passing test found; null before any test found it. */
export function wordpressSeoSummary(config: Record<string, string>): string | null {
  const plugin = config.seoPlugin as WordpressSeoPlugin | undefined
  if (!plugin) return null
  if (plugin === 'none') return 'No SEO plugin found: the meta description goes as the excerpt, and the theme writes the title tag.'
  const name = WORDPRESS_SEO_PLUGINS[plugin] ?? plugin
  const fields = (config.seoFields ?? '')
    .split(',')
    .filter((field): field is WordpressSeoField => field in WORDPRESS_SEO_FIELDS)
    .map((field) => WORDPRESS_SEO_FIELDS[field])
  if (config.seoVia === 'none' || fields.length === 0) {
    return `SEO plugin: ${name}. It does not take SEO fields over the REST API on this site, so only the meta description goes, as the excerpt. Update ${name}, or have its fields registered for the REST API (a must-use plugin of a few lines), then test the connection again.`
  }
  return `SEO plugin: ${name}: ${listed(fields)} sent.`
}
