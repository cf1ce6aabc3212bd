import { z } from 'zod'

/**
 * What goes where in a Webflow collection (docs/product/publishing.md, "What goes where"). A
 * collection's fields are its site's own: Test connection reads them, each part of our article is
 * given the field of a compatible type that looks meant for it (by slug and name), and the user
 * can change that choice on /integrations. The server checks the choice against the fields the
 * test read; publishing fills only the fields chosen. The title and the slug always go to
 * Webflow's own `name` and `slug` fields, which every collection has.
 */

/** The field types of Webflow's Data API v2 (FieldType of the official SDK) that we can fill. */
export const WEBFLOW_FIELD_TYPES = ['PlainText', 'RichText', 'Image', 'Link', 'DateTime'] as const

/** One field of the collection as Test connection read it. */
export const webflowFieldSchema = z.object({
  slug: z.string(),
  displayName: z.string(),
  type: z.string(),
  isRequired: z.boolean().default(false),
})
export type WebflowCollectionField = z.output<typeof webflowFieldSchema>

/** The parts of the article that can go to a field of the user's choosing. */
export const WEBFLOW_TARGETS = [
  'body',
  'summary',
  'metaTitle',
  'metaDescription',
  'featuredImage',
  'imageAlt',
  'publishedAt',
  'tags',
  'canonicalUrl',
  'jsonLd',
] as const
export type WebflowTarget = (typeof WEBFLOW_TARGETS)[number]

export interface WebflowTargetDefinition {
  label: string
  /** The label inside a sentence. */
  noun: string
  /** What we send, for the form. */
  help: string
  /** The Webflow field types that can hold it. */
  types: readonly string[]
  /** Matched against a field's slug and name for the automatic choice. */
  pattern: RegExp | null
  /** Publishing cannot work without it. */
  required?: boolean
}

/**
 * Ours, in the order of the form, with the field types that fit and the names the automatic
 * choice looks for. The order matters for the automatic choice too: the meta description claims
 * "meta-description" before the summary looks at descriptions.
 */
export const WEBFLOW_TARGET_DEFINITIONS: Record<WebflowTarget, WebflowTargetDefinition> = {
  body: {
    label: 'Body',
    noun: 'body',
    help: 'The article as rich text, its images hosted by Webflow.',
    types: ['RichText'],
    pattern: /body|content|article|post/i,
    required: true,
  },
  summary: {
    label: 'Summary',
    noun: 'summary',
    help: 'The excerpt: the meta description.',
    types: ['PlainText'],
    pattern: /summary|excerpt|intro|teaser/i,
  },
  metaTitle: { label: 'Meta title', noun: 'meta title', help: 'The SEO title.', types: ['PlainText'], pattern: /(meta|seo).?title/i },
  metaDescription: {
    label: 'Meta description',
    noun: 'meta description',
    help: 'The SEO description.',
    types: ['PlainText'],
    pattern: /(meta|seo).?description/i,
  },
  featuredImage: {
    label: 'Featured image',
    noun: 'featured image',
    help: 'Uploaded to the site’s assets, with its alt text.',
    types: ['Image'],
    pattern: /main|featured|hero|cover|header/i,
  },
  imageAlt: {
    label: 'Image alt text',
    noun: 'image alt text',
    help: 'The featured image’s alt text, as text.',
    types: ['PlainText'],
    pattern: /\balt\b|alt.?text/i,
  },
  publishedAt: {
    label: 'Published date',
    noun: 'published date',
    help: 'When the article went live.',
    types: ['DateTime'],
    pattern: /publish|date/i,
  },
  tags: {
    label: 'Tags',
    noun: 'tags',
    help: 'The topic and the keyword, separated by commas.',
    types: ['PlainText'],
    pattern: /tags|keywords|categor/i,
  },
  canonicalUrl: {
    label: 'Canonical URL',
    noun: 'canonical URL',
    help: 'Only when the article is live elsewhere first.',
    types: ['Link', 'PlainText'],
    pattern: /canonical/i,
  },
  jsonLd: {
    label: 'JSON-LD',
    noun: 'JSON-LD',
    help: 'Structured data as JSON, for a custom code embed in the template to print.',
    types: ['PlainText'],
    pattern: /json.?ld|schema|structured/i,
  },
}

/** Our part → the field's slug; an empty string: not sent. */
export type WebflowFieldMap = Record<WebflowTarget, string>

/** A field map as stored and as the form sends it: every target present, '' for none. */
export const webflowFieldMapSchema = z.object(
  Object.fromEntries(WEBFLOW_TARGETS.map((target) => [target, z.string().trim().max(100).default('')])) as Record<
    WebflowTarget,
    z.ZodDefault<z.ZodString>
  >,
)

/** Webflow's own fields, which take the title and the slug and are never offered for anything else. */
const RESERVED = new Set(['name', 'slug'])

/** The fields of the collection that can hold this part of the article. */
export function webflowFieldsFor(target: WebflowTarget, fields: readonly WebflowCollectionField[]) {
  const { types } = WEBFLOW_TARGET_DEFINITIONS[target]
  return fields.filter((field) => !RESERVED.has(field.slug) && types.includes(field.type))
}

/**
 * The automatic choice: for each part in turn, the first free field of a fitting type whose slug
 * or name matches; the body (and the featured image) take any field of their type when none matches.
 */
export function defaultWebflowFieldMap(fields: readonly WebflowCollectionField[]): WebflowFieldMap {
  const taken = new Set<string>()
  const map = {} as WebflowFieldMap
  for (const target of WEBFLOW_TARGETS) {
    const { pattern } = WEBFLOW_TARGET_DEFINITIONS[target]
    const candidates = webflowFieldsFor(target, fields).filter((field) => !taken.has(field.slug))
    const named = candidates.find((field) => pattern === null || pattern.test(field.slug) || pattern.test(field.displayName))
    const chosen = named ?? (target === 'body' || target === 'featuredImage' ? candidates[0] : undefined)
    map[target] = chosen?.slug ?? ''
    if (chosen) taken.add(chosen.slug)
  }
  return map
}

export interface WebflowMappingProblem {
  target: WebflowTarget
  message: string
}

/**
 * What is wrong with a field map for these fields, one sentence per part: a field that is not in
 * the collection, of a type that cannot hold the part, chosen twice, or no body at all.
 */
export function webflowMappingProblems(map: WebflowFieldMap, fields: readonly WebflowCollectionField[]): WebflowMappingProblem[] {
  const problems: WebflowMappingProblem[] = []
  const used = new Map<string, WebflowTarget>()
  for (const target of WEBFLOW_TARGETS) {
    const definition = WEBFLOW_TARGET_DEFINITIONS[target]
    const slug = map[target]
    if (!slug) {
      if (definition.required) {
        problems.push({
          target,
          message: `Choose the rich-text field that receives the ${definition.noun}: the collection needs one.`,
        })
      }
      continue
    }
    const field = fields.find((candidate) => candidate.slug === slug)
    if (!field || RESERVED.has(slug)) {
      problems.push({
        target,
        message: `The collection has no field “${slug}” for the ${definition.noun}. Choose one of its fields, or none.`,
      })
      continue
    }
    if (!definition.types.includes(field.type)) {
      problems.push({
        target,
        message: `“${field.displayName}” is a field of type ${field.type}, and the ${definition.noun} can only go to a field of type ${definition.types.join(' or ')}.`,
      })
      continue
    }
    const other = used.get(slug)
    if (other) {
      problems.push({
        target,
        message: `“${field.displayName}” already receives the ${WEBFLOW_TARGET_DEFINITIONS[other].noun}: choose another field for the ${definition.noun}.`,
      })
      continue
    }
    used.set(slug, target)
  }
  return problems
}

/**
 * The field map to keep after a test read the collection's fields: the one asked for when given
 * (checked by the caller), otherwise the saved one where its fields still fit and the automatic
 * choice for the rest.
 */
export function keptWebflowFieldMap(saved: Partial<WebflowFieldMap> | undefined, fields: readonly WebflowCollectionField[]) {
  const automatic = defaultWebflowFieldMap(fields)
  if (!saved) return automatic
  const merged = { ...automatic }
  for (const target of WEBFLOW_TARGETS) {
    const slug = saved[target]
    if (slug === undefined) continue
    if (slug === '' || webflowFieldsFor(target, fields).some((field) => field.slug === slug)) merged[target] = slug
  }
  // A saved choice may now collide with an automatic one: the later part in the form's order is cleared.
  const problems = webflowMappingProblems(merged, fields)
  for (const problem of problems) merged[problem.target] = problem.target === 'body' ? automatic.body : ''
  return merged
}
