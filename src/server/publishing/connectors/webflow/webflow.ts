import { createHash } from 'node:crypto'
import { z } from 'zod'
import { ProviderError, readJson } from '~/server/providers/http'
import {
  keptWebflowFieldMap,
  webflowFieldMapSchema,
  webflowMappingProblems,
  type WebflowCollectionField,
  type WebflowFieldMap,
} from '~/shared/webflow-fields'
import { classifyWebflowFailure } from '../failures'
import type { Connector, ConnectorContext, PublishableArticle, PublishableImage, PublishedPost, UploadedMedia } from '../../connector'

/**
 * Webflow through the Data API v2 (docs/product/publishing.md, "What goes where"). A
 * collection's fields are the site's own, and Webflow refuses fieldData naming a field its schema
 * does not describe: Test connection reads the collection's fields, finds the site that holds it
 * (a collection does not name its site: the token's sites are listed and each one's collections
 * read), and keeps both with the field map (src/shared/webflow-fields.ts), the automatic choice or
 * the user's. Every write reads the collection again and fills the mapped fields only.
 *
 * Images: each one (featured, illustrations, infographic) becomes an asset of the site, in
 * Webflow's two steps: POST /sites/{id}/assets with its name and MD5 answers an S3 presigned POST,
 * then the file goes to that bucket (another host, through the same outbound fetch, without the
 * Webflow token). The rich text points at the assets' hosted URLs and the image field holds the
 * featured one. Uploads are remembered per publication by content hash (ConnectorContext.media)
 * and reused while Webflow still has the asset. Items are written live; unpublishing takes the live
 * item off the site and leaves it in the CMS.
 */

const PROVIDER = 'Webflow'
const API = 'https://api.webflow.com/v2'
const AGAIN = 'then publish the article again.'

type Context = ConnectorContext<'webflow'>

const fieldSchema = z.object({
  slug: z.string(),
  displayName: z.string(),
  type: z.string(),
  isRequired: z.boolean().optional(),
  validations: z.object({ maxLength: z.number().optional() }).nullish(),
})
const collectionSchema = z.object({ id: z.string(), displayName: z.string(), fields: z.array(fieldSchema) })
type LiveField = z.output<typeof fieldSchema>

const itemSchema = z.object({ id: z.string(), fieldData: z.record(z.string(), z.unknown()) })

const assetUploadSchema = z.object({
  id: z.string(),
  hostedUrl: z.string(),
  uploadUrl: z.string(),
  uploadDetails: z.record(z.string(), z.string()),
})

/** Webflow's limit on an image asset: 4 MB (developers.webflow.com, "Working with Assets"). */
export const WEBFLOW_IMAGE_LIMIT = 4 * 1024 * 1024
/** Webflow's limit on an item's name (characters). */
const NAME_MAX = 256
/** Webflow wants asset file names under 100 characters. */
const FILE_NAME_MAX = 99

function webflowFetch(context: Context, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${context.secrets.apiToken}`)
  headers.set('Accept', 'application/json')
  if (init.body) headers.set('Content-Type', 'application/json')
  return context.fetch(`${API}${path}`, { ...init, headers, signal: context.signal })
}

const collectionPath = (context: Context, path = '') => `/collections/${encodeURIComponent(context.config.collectionId)}${path}`

async function readCollection(context: Context) {
  return readJson(await webflowFetch(context, collectionPath(context)), PROVIDER, collectionSchema)
}

const storedField = (field: LiveField): WebflowCollectionField => ({
  slug: field.slug,
  displayName: field.displayName,
  type: field.type,
  isRequired: field.isRequired ?? false,
})

/** The site holding the collection: the token's sites, each asked for its collections. */
async function findSite(context: Context) {
  const { sites } = await readJson(
    await webflowFetch(context, '/sites'),
    PROVIDER,
    z.object({ sites: z.array(z.object({ id: z.string(), displayName: z.string().optional() })).default([]) }),
  )
  for (const site of sites) {
    const { collections } = await readJson(
      await webflowFetch(context, `/sites/${encodeURIComponent(site.id)}/collections`),
      PROVIDER,
      z.object({ collections: z.array(z.object({ id: z.string() })).default([]) }),
    )
    if (collections.some((collection) => collection.id === context.config.collectionId)) return site
  }
  throw new ProviderError({
    provider: PROVIDER,
    kind: 'rejected',
    message:
      'Webflow did not show the site that holds this collection to the API token. Create the token in the settings of that site (Apps & Integrations → API access), with Sites read access.',
  })
}

/**
 * The field map to publish with, for the fields the collection has now: the saved one (or the
 * automatic choice for a connection saved before maps existed). A mapped field removed or changed
 * in Webflow since the last test stops publishing with what to do, instead of sending fieldData
 * Webflow refuses or leaving a part out unseen.
 */
function fieldMapFor(context: Context, fields: LiveField[]): WebflowFieldMap {
  const stored = fields.map(storedField)
  const saved = context.config.fieldMap
  if (!saved) return keptWebflowFieldMap(undefined, stored)
  const [problem] = webflowMappingProblems(saved, stored)
  if (problem) {
    throw new ProviderError({
      provider: PROVIDER,
      kind: 'rejected',
      message: `The Webflow collection changed: ${problem.message} Press Test connection on Integrations to read its fields again, or choose them with Edit, ${AGAIN}`,
    })
  }
  return saved
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

/** The image's file name as Webflow takes it: under 100 characters, its extension kept. */
function assetFileName(image: PublishableImage) {
  if (image.filename.length <= FILE_NAME_MAX) return image.filename
  const extension = /\.[a-z0-9]+$/i.exec(image.filename)?.[0] ?? ''
  return `${image.filename.slice(0, FILE_NAME_MAX - extension.length)}${extension}`
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/** One image as a new asset of the site: Webflow's metadata first, then the file to its bucket. */
async function uploadAsset(context: Context, siteId: string, image: PublishableImage) {
  if (image.bytes.byteLength > WEBFLOW_IMAGE_LIMIT) {
    throw new ProviderError({
      provider: PROVIDER,
      kind: 'rejected',
      message: `Webflow takes images up to 4 MB, and “${image.filename}” is ${megabytes(image.bytes.byteLength)}. Replace the article's image with a smaller one, ${AGAIN}`,
    })
  }
  const fileName = assetFileName(image)
  const created = await readJson(
    await webflowFetch(context, `/sites/${encodeURIComponent(siteId)}/assets`, {
      method: 'POST',
      body: JSON.stringify({ fileName, fileHash: md5(image.bytes) }),
    }),
    PROVIDER,
    assetUploadSchema,
  )
  // S3's POST form: the policy's fields as Webflow gave them, the file last.
  const form = new FormData()
  for (const [name, value] of Object.entries(created.uploadDetails)) form.append(name, value)
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.contentType }), fileName)
  try {
    await context.fetch(created.uploadUrl, { method: 'POST', body: form, signal: context.signal })
  } catch (error) {
    // The bucket's refusal (its XML says why only to S3 users) is about this file, never our token.
    if (error instanceof ProviderError && (error.kind === 'auth' || error.kind === 'rejected')) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'rejected',
        status: error.status,
        message: `Webflow's file storage refused “${fileName}” (HTTP ${error.status ?? 'error'}). Webflow takes PNG, JPEG, GIF, WebP, AVIF and SVG images up to 4 MB: replace the article's image if it is larger, ${AGAIN}`,
        cause: error,
      })
    }
    throw error
  }
  return { id: created.id, url: created.hostedUrl }
}

/** Whether the site still has this asset (deleted in the Assets panel: 404). */
async function assetExists(context: Context, id: string) {
  try {
    await readJson(await webflowFetch(context, `/assets/${encodeURIComponent(id)}`), PROVIDER, z.object({ id: z.string() }))
    return true
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return false
    throw error
  }
}

/**
 * Every image of the article as an asset of the site, by content hash: reused when this
 * publication uploaded the same bytes before and Webflow still has them, uploaded otherwise.
 */
async function syncAssets(context: Context, siteId: string, images: PublishableImage[]) {
  const ledger = context.media ?? { uploaded: {} as UploadedMedia, remember: async () => {} }
  const assets = new Map<string, { id: string; url: string }>()
  for (const image of images) {
    if (assets.has(image.hash)) continue
    const known = ledger.uploaded[image.hash]
    if (known && (await assetExists(context, known.id))) {
      assets.set(image.hash, known)
      continue
    }
    if (known) await ledger.remember(image.hash, null)
    const asset = await uploadAsset(context, siteId, image)
    await ledger.remember(image.hash, asset)
    assets.set(image.hash, asset)
  }
  return assets
}

/** A plain-text value within the field's own limit, when it has one. */
function fitted(value: string, field: LiveField | undefined, max = field?.validations?.maxLength) {
  return max !== undefined && value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value
}

/** JSON-LD as one JSON text (an array when there are several blocks); `<` escaped for a script element. */
function jsonLdText(jsonLd: unknown[]) {
  return JSON.stringify(jsonLd.length === 1 ? jsonLd[0] : jsonLd).replace(/</g, '\\u003c')
}

/** The item's fieldData: `name` and `slug`, then each mapped part in its field. */
export function webflowFieldData(
  article: PublishableArticle,
  map: WebflowFieldMap,
  fields: LiveField[],
  assets: Map<string, { id: string; url: string }>,
) {
  const field = (slug: string) => fields.find((candidate) => candidate.slug === slug)
  const featured = article.featuredImage
  const featuredAsset = featured ? assets.get(featured.hash) : undefined
  const values: Record<keyof WebflowFieldMap, () => unknown> = {
    // Our image addresses become the site's assets.
    body: () =>
      article.images.reduce(
        (html, image) => html.replaceAll(`src="${image.url}"`, `src="${assets.get(image.hash)?.url ?? image.url}"`),
        article.html,
      ),
    summary: () => fitted(article.excerpt, field(map.summary)),
    metaTitle: () => fitted(article.metaTitle, field(map.metaTitle)),
    metaDescription: () => fitted(article.metaDescription, field(map.metaDescription)),
    featuredImage: () => (featured && featuredAsset ? { fileId: featuredAsset.id, url: featuredAsset.url, alt: featured.alt } : null),
    imageAlt: () => fitted(featured?.alt ?? '', field(map.imageAlt)),
    publishedAt: () => article.publishedAt.toISOString(),
    tags: () => fitted(article.tags.join(', '), field(map.tags)),
    canonicalUrl: () => article.canonicalUrl,
    jsonLd: () => {
      if (article.jsonLd.length === 0) return ''
      const text = jsonLdText(article.jsonLd)
      const target = field(map.jsonLd)
      const max = target?.validations?.maxLength
      if (max !== undefined && text.length > max) {
        throw new ProviderError({
          provider: PROVIDER,
          kind: 'rejected',
          message: `The article's JSON-LD is ${text.length} characters and the Webflow field “${target!.displayName}” takes at most ${max}. Remove the field's maximum length in Webflow, or choose no field for JSON-LD on Integrations, ${AGAIN}`,
        })
      }
      return text
    },
  }
  const data: Record<string, unknown> = { name: fitted(article.title, field('name'), NAME_MAX), slug: article.slug }
  for (const [target, slug] of Object.entries(map) as [keyof WebflowFieldMap, string][]) {
    if (slug) data[slug] = values[target]()
  }
  return data
}

/** What a write needs: the collection's fields as they are now, the map, the site and the images as assets. */
async function prepared(context: Context, article: PublishableArticle) {
  const { fields } = await readCollection(context)
  const map = fieldMapFor(context, fields)
  const siteId = context.config.siteId ?? (await findSite(context)).id
  const assets = await syncAssets(context, siteId, article.images)
  return { isArchived: false, isDraft: false, fieldData: webflowFieldData(article, map, fields, assets) }
}

function postOf(context: Context, item: z.output<typeof itemSchema>): PublishedPost {
  const slug = typeof item.fieldData.slug === 'string' ? item.fieldData.slug : ''
  return { externalId: item.id, url: slug ? `${context.config.postUrlPrefix}/${slug}` : null }
}

export const webflowConnector: Connector<'webflow'> = {
  type: 'webflow',
  classifyFailure: classifyWebflowFailure,

  /**
   * The collection (its fields; one must take rich text for the body) and its site: both kept in
   * the connection's settings with the field map, the saved choices kept where they still fit.
   */
  async test(context) {
    const collection = await readCollection(context)
    const fields = collection.fields.map(storedField)
    const fieldMap = keptWebflowFieldMap(context.config.fieldMap, fields)
    if (!fieldMap.body) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'rejected',
        message: `The Webflow collection “${collection.displayName}” has no rich-text field for the article's body. Add one, or pick your blog collection.`,
      })
    }
    const site = await findSite(context)
    return {
      account: `Webflow collection “${collection.displayName}”`,
      settings: { siteId: site.id, collectionFields: fields, fieldMap },
    }
  },

  /** The user's field map, checked against the fields the test just read. */
  chooseFields(settings, requested) {
    const fields = (settings.collectionFields ?? []) as WebflowCollectionField[]
    const parsed = webflowFieldMapSchema.safeParse(requested)
    if (!parsed.success) return { problems: parsed.error.issues.map((issue) => ({ name: String(issue.path[0]), message: issue.message })) }
    const map = parsed.data
    const problems = webflowMappingProblems(map, fields)
    if (problems.length > 0) return { problems: problems.map((problem) => ({ name: problem.target, message: problem.message })) }
    return { settings: { ...settings, fieldMap: map } }
  },

  async find(context, article) {
    const response = await webflowFetch(context, collectionPath(context, `/items?slug=${encodeURIComponent(article.slug)}&limit=1`))
    const { items } = await readJson(response, PROVIDER, z.object({ items: z.array(itemSchema) }))
    const item = items.find((candidate) => candidate.fieldData.slug === article.slug)
    return item ? postOf(context, item) : null
  },

  async create(context, article) {
    const response = await webflowFetch(context, collectionPath(context, '/items/live'), {
      method: 'POST',
      body: JSON.stringify(await prepared(context, article)),
    })
    return postOf(context, await readJson(response, PROVIDER, itemSchema))
  },

  async update(context, externalId, article) {
    const response = await webflowFetch(context, collectionPath(context, `/items/${encodeURIComponent(externalId)}/live`), {
      method: 'PATCH',
      body: JSON.stringify(await prepared(context, article)),
    })
    return postOf(context, await readJson(response, PROVIDER, itemSchema))
  },

  async unpublish(context, externalId) {
    try {
      await webflowFetch(context, collectionPath(context, `/items/${encodeURIComponent(externalId)}/live`), { method: 'DELETE' })
    } catch (error) {
      // An item deleted in Webflow is already off the site.
      if (error instanceof ProviderError && error.status === 404) return
      throw error
    }
  },
}
