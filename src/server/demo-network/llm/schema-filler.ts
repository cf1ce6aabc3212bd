import { stableHash, type ListedSite, type PromptMaterial } from './prompt-material'
import { readSite, type SiteReading } from './site-reading'

/**
 * Fills a JSON schema (as sent in response_format) with values built from the prompt's content
 * (never its instructions). Property names steer what goes where: over a crawled site, each
 * business-profile field has its own extraction rule (site-reading/); a list of sites (objects
 * with a url or website) holds exactly the sites the prompt lists; otherwise a `name` gets the
 * business name and `headings` get the keyword. The constraints (lengths, item counts, enums,
 * ranges, formats) are always met, so the AI SDK's own validation passes exactly as it would for
 * a real model.
 */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema | JsonSchema[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  $ref?: string
  $defs?: Record<string, JsonSchema>
  definitions?: Record<string, JsonSchema>
  format?: string
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  nullable?: boolean
  default?: unknown
}

interface Context {
  root: JsonSchema
  material: PromptMaterial
  /** The profile read from the prompt's crawled pages, when it carries any. */
  reading: SiteReading | undefined
  depth: number
  /** Positions of the enclosing array items, so nested lists differ from item to item. */
  outer: number
  /** The listed site an item of a list of sites is about. */
  site?: ListedSite
}

export function fillSchema(schema: JsonSchema, material: PromptMaterial): unknown {
  const reading = material.pages.length > 0 ? readSite(material) : undefined
  return fill(schema, { root: schema, material, reading, depth: 0, outer: 0 }, [], 0)
}

/** A property name as words: "targetAudiences" → "target audiences". */
const keyWords = (key: string | undefined) =>
  (key ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()

const SITE_KEY = /\burl\b|website|homepage|domain|\blink\b|\bsite\b/

/** The profile list a property names, over a crawled site. */
function readingList(reading: SiteReading, key: string): string[] | undefined {
  if (/primary (service|offering|product)/.test(key)) return reading.primaryServices
  if (/core product|product|package|plan/.test(key)) return reading.coreProducts
  if (/service|offering|feature/.test(key)) return reading.services
  if (/audience|customer segment|persona|segment/.test(key)) return reading.audiences
  if (/problem|pain|challenge/.test(key)) return reading.problems
  if (/advantage|differentiat|strength|usp|reason/.test(key)) return reading.advantages
  if (/outcome|result|benefit|goal/.test(key)) return reading.outcomes
  if (/keyword|phrase|quer|search term|seed/.test(key)) return reading.seeds
  return undefined
}

/** A profile field a property names, over a crawled site. */
function readingValue(ctx: Context, path: string[], index: number): string | undefined {
  const reading = ctx.reading
  if (!reading) return undefined
  const key = keyWords(path.at(-1))
  // Items of a list of objects (services: [{ name, description }]) take their name from that list.
  const parentList = path.length > 1 ? readingList(reading, keyWords(path.at(-2))) : undefined
  if (parentList) return /name|title|label/.test(key) ? (parentList[index] ?? '') : ''
  if (/business category|competitor type|category of competitor|relationship/.test(key)) {
    if (reading.relevance === undefined) return undefined
    return reading.relevance >= 50 ? 'direct competitor' : reading.relevance >= 20 ? 'indirect competitor' : 'content competitor'
  }
  if (/value proposition|\busp\b|tagline|headline|pitch/.test(key)) return reading.valueProposition
  if (/business model|revenue|monetization|monetisation/.test(key)) return reading.businessModel
  if (/industry|sector|niche|market|category/.test(key)) return reading.industry
  if (/audience|customer|persona|reader/.test(key)) return reading.audiences.join(', ')
  if (/description|summary|overview|about/.test(key)) return reading.description
  if (/^(business |company |brand |site )?name$|^brand$|^company$|^business$/.test(key)) return reading.name
  const list = readingList(reading, key)
  return list ? (list[0] ?? '') : undefined
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  const path = ref.replace(/^#\/?/, '').split('/').filter(Boolean)
  let node: unknown = root
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return (node as JsonSchema | undefined) ?? {}
}

/** The first alternative that is not null: a model answers the value when it can. */
function pickBranch(options: JsonSchema[]): JsonSchema {
  return options.find((option) => option.type !== 'null') ?? options[0] ?? {}
}

function fill(schema: JsonSchema, ctx: Context, path: string[], index: number): unknown {
  if (ctx.depth > 12) return null
  if (schema.$ref) return fill(resolveRef(schema.$ref, ctx.root), { ...ctx, depth: ctx.depth + 1 }, path, index)
  if (schema.const !== undefined) return schema.const
  if (schema.anyOf) return fill(pickBranch(schema.anyOf), ctx, path, index)
  if (schema.oneOf) return fill(pickBranch(schema.oneOf), ctx, path, index)
  if (schema.allOf) return fill(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, path, index)
  if (schema.enum) return schema.enum[stableHash(`${ctx.material.seed}:${path.join('.')}:${index}`) % schema.enum.length]
  if (ctx.reading && /relevance|similarity|overlap/.test(keyWords(path.at(-1))) && ctx.reading.relevance !== undefined) {
    const low = schema.minimum ?? 0
    const high = schema.maximum ?? 100
    return Math.min(high, Math.max(low, Math.round(low + ((high - low) * ctx.reading.relevance) / 100)))
  }

  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const type =
    types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : schema.items ? 'array' : (types[0] ?? 'string'))
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [
          key,
          fill(child, { ...ctx, depth: ctx.depth + 1 }, [...path, key], index),
        ]),
      )
    case 'array':
      return fillArray(schema, ctx, path)
    case 'integer':
    case 'number':
      return fillNumber(schema, type, ctx.material, path, index)
    case 'boolean':
      return stableHash(`${ctx.material.seed}:${path.join('.')}:${index}`) % 2 === 0
    case 'null':
      return null
    default:
      return fitLength(
        (ctx.site && siteField(ctx.site, keyWords(path.at(-1)))) ??
          readingValue(ctx, path, index) ??
          fillString(schema, ctx.material, path, index, ctx.outer),
        schema,
        ctx.material,
      )
  }
}

/** A field of one item of a list of sites: its address, its name (the host) and what the prompt says of it. */
function siteField(site: ListedSite, key: string): string | undefined {
  if (SITE_KEY.test(key)) return site.url
  if (/name|title|label/.test(key)) return site.host
  if (/reason|why|description|summary|note|explanation|rationale|evidence/.test(key)) return site.note ? capitalise(site.note) : site.host
  return undefined
}

function resolved(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema
  for (let i = 0; current.$ref && i < 12; i++) current = resolveRef(current.$ref, root)
  return current.anyOf ? pickBranch(current.anyOf) : current.oneOf ? pickBranch(current.oneOf) : current
}

function fillArray(schema: JsonSchema, ctx: Context, path: string[]): unknown[] {
  const min = schema.minItems ?? 0
  const max = schema.maxItems ?? Number.POSITIVE_INFINITY
  const itemSchema = Array.isArray(schema.items) ? (schema.items[0] ?? {}) : (schema.items ?? {})
  const item = resolved(itemSchema, ctx.root)
  const key = keyWords(path.at(-1))

  // A list of sites holds the sites the prompt lists, and no other: never an invented domain.
  if (item.properties && Object.keys(item.properties).some((name) => SITE_KEY.test(keyWords(name)))) {
    const sites = ctx.material.sites.slice(0, Number.isFinite(max) ? max : undefined)
    if (sites.length >= min)
      return sites.map((site, i) => fill(itemSchema, { ...ctx, depth: ctx.depth + 1, outer: ctx.outer * 7 + i, site }, path, i))
  }
  // Over a crawled site, a profile list is what the pages give for it, however short (an empty list rather than an invented one).
  const fromSite = ctx.reading ? readingList(ctx.reading, key) : undefined
  if (fromSite && (fromSite.length > 0 || min === 0)) {
    const count = Math.max(min, Math.min(max, fromSite.length))
    if (item.properties) return Array.from({ length: count }, (_, i) => fill(itemSchema, { ...ctx, depth: ctx.depth + 1 }, path, i))
    return unique(
      Array.from({ length: count }, (_, i) => fitLength(fromSite[i % fromSite.length]!, item, ctx.material)),
      item,
    )
  }

  // A list the prompt already enumerates (the site's services) is as long as it is there.
  const listed = /service|product|offering|feature/.test(key) ? services(ctx.material).length : 5
  const count = Math.max(min, Math.min(max, listed))
  const values: unknown[] = []
  for (let i = 0; i < count; i++) values.push(fill(itemSchema, { ...ctx, depth: ctx.depth + 1, outer: ctx.outer * 7 + i }, path, i))
  return unique(values, itemSchema)
}

/** A list a model writes does not repeat itself; keep strings unique (keyword lists rely on it). */
function unique(values: unknown[], itemSchema: JsonSchema): unknown[] {
  const seen = new Set<unknown>()
  return values.map((value) => {
    let kept = value
    for (let n = 2; typeof kept === 'string' && seen.has(kept) && n < 1000; n++) {
      const suffix = ` ${n}`
      kept = `${(value as string).slice(0, Math.max(0, (itemSchema.maxLength ?? Number.POSITIVE_INFINITY) - suffix.length))}${suffix}`
    }
    seen.add(kept)
    return kept
  })
}

function fillNumber(schema: JsonSchema, type: string, material: PromptMaterial, path: string[], index: number): number {
  const key = path.at(-1)?.toLowerCase() ?? ''
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (type === 'integer' ? 1 : 0.01) : 0)
  const defaultHigh = /volume|count|traffic|searches/.test(key) ? 10_000 : /probability|confidence|ratio|share|weight/.test(key) ? 1 : 100
  const high =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (type === 'integer' ? 1 : 0.01) : Math.max(low, low + defaultHigh))
  const fraction = (stableHash(`${material.seed}:${path.join('.')}:${index}`) % 1000) / 999
  const value = low + (high - low) * fraction
  return type === 'integer' ? Math.min(Math.floor(high), Math.max(Math.ceil(low), Math.round(value))) : Math.round(value * 100) / 100
}

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)
const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'page'

const KEYWORD_PATTERNS = [
  '{s}',
  'best {s}',
  '{s} for beginners',
  'how to choose {s}',
  '{s} tips',
  '{s} near me',
  'cheap {s}',
  '{s} guide',
  '{s} examples',
  '{s} vs alternatives',
  'what is {s}',
  '{s} checklist',
]
const HEADING_PATTERNS = [
  'What is {s}?',
  'Why {s} matters',
  'How to choose {s}',
  'Common {s} mistakes to avoid',
  '{S}: step-by-step guide',
  'The best {s} options compared',
  '{S} costs and pricing',
  'Frequently asked questions about {s}',
]
const POINT_PATTERNS = [
  'Explain {s} in plain words',
  'Show an example of {s} in practice',
  'List what to check before picking {s}',
  'Compare {s} options on price and quality',
  'Share a quick win with {s}',
  'Warn about a common {s} mistake',
]
const QUESTION_PATTERNS = [
  'What is {s}?',
  'How does {s} work?',
  'How much does {s} cost?',
  'Is {s} worth it?',
  'How do I get started with {s}?',
]

function fromPattern(patterns: string[], subject: string, index: number, seed: number) {
  // The first item stays the plainest pattern; the rest rotate with the prompt.
  const pattern = index === 0 ? patterns[0]! : patterns[1 + ((index - 1 + seed) % (patterns.length - 1))]!
  return pattern.replace('{s}', subject).replace('{S}', capitalise(subject))
}

function services(material: PromptMaterial): string[] {
  const listed = material.fields.get('services') ?? material.fields.get('products')
  const fromField = listed?.split(/\s*,\s*/).filter(Boolean) ?? []
  const pool = [...fromField, ...material.items].filter((item) => item.length <= 80)
  return pool.length > 0 ? [...new Set(pool)] : material.words.slice(0, 5).map(capitalise)
}

function sentence(material: PromptMaterial, index: number): string {
  const matching = material.sentences.filter((candidate) => candidate.toLowerCase().includes(material.subject.split(' ')[0] ?? ''))
  const pool = matching.length > 0 ? matching : material.sentences
  if (pool.length > 0) return pool[index % pool.length]!
  const others = material.items.filter((item) => item.toLowerCase() !== material.subject).slice(0, 3)
  if (others.length > 0) return `${capitalise(material.subject)}: ${others.map((item) => item.toLowerCase()).join(', ')}.`
  return `${material.name} focuses on ${material.subject}, with ${material.words.slice(0, 3).join(', ') || 'practical advice'} at the heart of it.`
}

/**
 * A search phrase: around the keyword or topic the prompt names; a prompt that names none but
 * lists things (services, keywords) gets those first, then phrases around them.
 */
function keywordFor(material: PromptMaterial, index: number): string {
  const named = [...material.fields.keys()].some((label) => /keyword|topic|seed|subject|query|focus/.test(label))
  const listed = [...new Set(material.items.map((item) => item.toLowerCase()).filter((item) => item.split(/\s+/).length <= 5))]
  if (named || listed.length === 0) return fromPattern(KEYWORD_PATTERNS, material.subject, index, material.seed)
  if (index < listed.length) return listed[index]!
  return fromPattern(KEYWORD_PATTERNS, listed[index % listed.length]!, 1 + index, material.seed)
}

function fillString(schema: JsonSchema, material: PromptMaterial, path: string[], index: number, outer: number): string {
  const key = (path.at(-1) ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  const parent = (path.at(-2) ?? '').toLowerCase()
  const { subject, name, seed } = material
  const host = material.url ? new URL(material.url).hostname : `${slugify(name)}.example.com`

  if (schema.format === 'uri' || schema.format === 'url' || /\burl\b|website|homepage|link/.test(key)) {
    return material.url && index === 0 ? material.url : `https://${host}/${slugify(index === 0 ? subject : `${subject} ${index + 1}`)}`
  }
  if (schema.format === 'email' || /email/.test(key)) return `hello@${host}`
  if (schema.format === 'date-time') return new Date(Date.UTC(2025, 0, 1 + (seed % 365))).toISOString()
  if (schema.format === 'date') return new Date(Date.UTC(2025, 0, 1 + (seed % 365))).toISOString().slice(0, 10)
  if (schema.format === 'uuid') {
    const hex = [0, 1, 2, 3]
      .map((n) =>
        stableHash(`${seed}:${path.join('.')}:${index}:${n}`)
          .toString(16)
          .padStart(8, '0'),
      )
      .join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  }
  if (/slug/.test(key)) return slugify(subject)
  if (/language|locale/.test(key)) return 'en'

  // Items of a list of objects (services: [{ name, description }]) take their name from the list.
  if (/service|product|offering|feature/.test(parent) && /name|title|label/.test(key))
    return services(material)[index % services(material).length]!
  if (/service|product|offering|feature/.test(key)) return services(material)[index % services(material).length]!
  if (/point|bullet|note|tip|idea|takeaway|step/.test(key)) return fromPattern(POINT_PATTERNS, subject, index + outer, seed)
  if (/^(label|topic name|theme|cluster name)$/.test(key))
    return subject.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
  if (/keyword|quer|term|phrase|topic/.test(key) || /keyword|quer|term/.test(parent)) return keywordFor(material, index)
  if (/heading|section|outline|h2|h3|chapter/.test(key) || /heading|section|outline/.test(parent))
    return fromPattern(HEADING_PATTERNS, subject, index, seed)
  if (/question|faq/.test(key) || /question|faq/.test(parent)) return fromPattern(QUESTION_PATTERNS, subject, index, seed)
  if (/title|headline/.test(key)) {
    return material.fields.get('title') && /profile|business|site/.test(parent)
      ? material.fields.get('title')!
      : `${capitalise(subject)}: a practical guide`
  }
  if (/industry|category|niche|sector|market/.test(key)) {
    return material.fields.get('industry') ?? material.words.slice(0, 2).map(capitalise).join(' ')
  }
  if (/audience|customer|persona|reader/.test(key)) return `People looking for ${(services(material)[index] ?? subject).toLowerCase()}`
  if (/location|city|region|country|area/.test(key))
    return material.fields.get('location') ?? material.fields.get('country') ?? 'United States'
  if (/tone|voice|style/.test(key)) return 'Friendly, clear and practical'
  if (/description|summary|overview|about|excerpt|intro|reason|explanation|rationale/.test(key)) {
    const meta = material.fields.get('meta description') ?? material.fields.get('description')
    return index === 0 && meta ? meta : sentence(material, index)
  }
  if (/content|body|text|paragraph|markdown|html/.test(key)) {
    return [0, 1, 2].map((n) => sentence(material, index + n)).join(' ')
  }
  if (/\bname\b|brand|company|business/.test(key)) return name
  const pool = [...material.items, ...material.sentences, ...material.words]
  return pool.length > 0 ? pool[(stableHash(`${seed}:${path.join('.')}`) + index) % pool.length]! : subject
}

/** Pads with words from the prompt, or cuts at a word boundary, to meet minLength/maxLength. */
function fitLength(value: string, schema: JsonSchema, material: PromptMaterial, index = 0): string {
  let result = value
  const filler = [material.subject, ...material.words, 'and', 'more']
  for (let i = index; schema.minLength !== undefined && result.length < schema.minLength; i++)
    result = `${result} ${filler[i % filler.length]}`
  if (schema.maxLength !== undefined && result.length > schema.maxLength) {
    const cut = result.slice(0, schema.maxLength)
    const boundary = cut.lastIndexOf(' ')
    result = boundary >= (schema.minLength ?? 1) && boundary > 0 ? cut.slice(0, boundary) : cut
  }
  return result
}
