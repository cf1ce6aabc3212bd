/**
 * Infographics for articles: a horizontal bar chart drawn from numbers that the article's cited
 * sources state, rendered as a self-contained SVG document.
 *
 * Extraction never invents a number. A range ("90–96 °C") becomes two points, its low and its high
 * end, because a midpoint is a figure no source gave; a range counts as one measurement, so a chart
 * needs at least two different measurements. Only values written in the same unit share a chart:
 * 30 seconds of extraction and 21 days of resting would convert to one scale but measure different
 * things; °C and °F, or money in two currencies, never mix.
 *
 * The SVG has no scripts, links, external fonts or images, and every piece of text is escaped.
 */

/** A fact taken from a cited source: the sentence as written in the article and its source. */
export interface CitedFact {
  sentence: string
  sourceUrl: string
  sourceTitle: string
}

export interface ChartPoint {
  label: string
  value: number
  /** '%', '°C', 'minutes', '$', '' for a plain count; a rate adds its base ('kg per person'). */
  unit: string
  sourceUrl: string
}

export interface ChartData {
  title: string
  unit: string
  points: ChartPoint[]
  sources: { url: string; title: string }[]
}

export interface InfographicOptions {
  /** '#rrggbb' */
  brandColor: string
  /** [640] Width of the drawing in SVG user units; it scales to any display width. */
  width?: number
}

export const MAX_LABEL_LENGTH = 40
export const MAX_POINTS = 8

// ── Numbers and their units ─────────────────────────────────────────────────────────────────────

/** How a unit converts: units of one family with factors share a scale (factor to the family's base). */
interface UnitSpec {
  family: string
  unit: string
  factor: number
}

const UNIT_TABLE: [family: string, factor: number, unit: string, words: string[]][] = [
  ['duration', 1, 'seconds', ['second', 'seconds', 'sec', 'secs']],
  ['duration', 60, 'minutes', ['minute', 'minutes', 'min', 'mins']],
  ['duration', 3600, 'hours', ['hour', 'hours', 'hr', 'hrs', 'h']],
  ['duration', 86_400, 'days', ['day', 'days']],
  ['duration', 604_800, 'weeks', ['week', 'weeks']],
  ['months', 1, 'months', ['month', 'months']],
  ['years', 1, 'years', ['year', 'years']],
  ['mass', 0.001, 'mg', ['mg', 'milligram', 'milligrams']],
  ['mass', 1, 'g', ['g', 'gram', 'grams', 'gramme', 'grammes']],
  ['mass', 1000, 'kg', ['kg', 'kgs', 'kilogram', 'kilograms', 'kilo', 'kilos']],
  ['mass', 1_000_000, 'tonnes', ['tonne', 'tonnes']],
  ['volume', 1, 'ml', ['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters']],
  ['volume', 1000, 'litres', ['l', 'litre', 'litres', 'liter', 'liters']],
  ['oz', 1, 'oz', ['oz', 'ounce', 'ounces']],
  ['lb', 1, 'lb', ['lb', 'lbs', 'pound', 'pounds']],
  ['tons', 1, 'tons', ['ton', 'tons']],
  ['kcal', 1, 'kcal', ['kcal', 'calorie', 'calories']],
  ['money:$', 1, '$', ['dollar', 'dollars', 'usd']],
  ['money:$', 0.01, '$', ['cent', 'cents']],
  ['money:€', 1, '€', ['euro', 'euros', 'eur']],
]

const UNIT_WORDS = new Map<string, UnitSpec>(
  UNIT_TABLE.flatMap(([family, factor, unit, words]) => words.map((word): [string, UnitSpec] => [word, { family, unit, factor }])),
)
const CURRENCIES: Record<string, UnitSpec> = {
  $: { family: 'money:$', unit: '$', factor: 1 },
  us$: { family: 'money:$', unit: '$', factor: 1 },
  '€': { family: 'money:€', unit: '€', factor: 1 },
  '£': { family: 'money:£', unit: '£', factor: 1 },
}
const PERCENT: UnitSpec = { family: 'percent', unit: '%', factor: 1 }
const CELSIUS: UnitSpec = { family: 'celsius', unit: '°C', factor: 1 }
const FAHRENHEIT: UnitSpec = { family: 'fahrenheit', unit: '°F', factor: 1 }
const SCALES: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, billion: 1e9, bn: 1e9, trillion: 1e12 }

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`
const AMOUNT = new RegExp(
  String.raw`(?<currency>US\$|\$|€|£)?\s?(?<number>${NUMBER})(?:\s?(?<scale>thousand|million|billion|trillion|bn)(?![\p{L}])|(?<k>k)(?![\p{L}]))?`,
  'iuy',
)
const PERCENT_SIGN = /\s?(?:%|per ?cent(?![\p{L}]))/iuy
const DEGREES = /\s?(?:°|º|degrees?\s)\s?(?<scale>celsius|fahrenheit|c|f)(?![\p{L}])/iuy
const NEXT_WORD = /\s?(?<word>\p{L}+(?:'\p{L}+)?)(?![\p{L}])/uy
const RATE =
  /\s(?:per|a|an|each|every)\s(?<base>capita|person|head|day|year|week|month|hour|cup|serving|kilogram|kg|pound|lb|bag|shot)(?![\p{L}])/iuy
const RANGE_SEPARATOR = /\s?[–—-]\s?|\s(?:to|and)\s/y
const MENTION_START = /(?:US\$|\$|€|£)\s?(?=\d)|\d/g
/** Words after a number that make it an ordinal, a change in percentage points or a multiple. */
const NOT_A_MEASUREMENT = new Set(['st', 'nd', 'rd', 'th', 'percentage', 'times', 'x', 'fold'])

interface Amount {
  end: number
  /** The number as written, without scale or unit. */
  written: string
  value: number
  currency: string
  /** The scale word's multiplier ("million"), 1 without one. */
  multiplier: number
  spec: UnitSpec | undefined
  noun: string
}

/** A number (or range) found in a sentence, with the span it covers (number, unit and rate). */
interface Mention {
  start: number
  end: number
  values: number[]
  spec: UnitSpec | undefined
  rate: string
  noun: string
}

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index
  return pattern.exec(text)
}

function readAmount(text: string, index: number): Amount | null {
  const amount = matchAt(AMOUNT, text, index)
  if (!amount?.groups) return null
  const { currency = '', number, scale, k } = amount.groups
  const multiplier = scale ? SCALES[scale.toLowerCase()] : k ? SCALES.k : 1
  const value = Number(number.replace(/,/g, '')) * multiplier
  let end = index + amount[0].length
  const rest = text.slice(end)
  // "8-ounce cup", "3-year-old plants", "7:30", "3/4": a modifier, a time or a fraction.
  if (/^-\p{L}/u.test(rest) || /^[:/]\d/.test(rest)) return null
  let spec: UnitSpec | undefined = currency ? CURRENCIES[currency.toLowerCase()] : undefined
  let noun = ''
  if (spec) return { end, written: number, value, currency, multiplier, spec, noun }
  const percent = matchAt(PERCENT_SIGN, text, end)
  const degrees = percent ? null : matchAt(DEGREES, text, end)
  if (percent) {
    spec = PERCENT
    end += percent[0].length
  } else if (degrees?.groups) {
    spec = degrees.groups.scale.toLowerCase().startsWith('c') ? CELSIUS : FAHRENHEIT
    end += degrees[0].length
  } else {
    const next = matchAt(NEXT_WORD, text, end)
    const word = next?.groups?.word ?? ''
    const unit = UNIT_WORDS.get(word.toLowerCase())
    if (NOT_A_MEASUREMENT.has(word.toLowerCase())) return null
    if (unit) {
      spec = unit
      end += next![0].length
    } else if (word.length > 1 && !isFunctionWord(word)) {
      noun = word
    }
  }
  return { end, written: number, value, currency, multiplier, spec, noun }
}

/** A bare four-digit number from 1000 to 2099 is a year, not a count. */
const isYear = (amount: Amount) => !amount.spec && amount.multiplier === 1 && /^(1\d|20)\d{2}$/.test(amount.written)

/** The mention starting at index: one amount, or two joined as a range, plus a rate ("per person"). */
function readMention(text: string, index: number): Mention | null {
  const first = readAmount(text, index)
  if (!first || isYear(first)) return null
  const negative = /(?:^|[\s(])[-−]$/.test(text.slice(0, index))
  const start = negative ? index - 1 : index
  let values = [negative ? -first.value : first.value]
  let { spec, noun, end } = first
  const separator = matchAt(RANGE_SEPARATOR, text, first.end)
  const joinsRange = separator && (!/and/.test(separator[0]) || /\bbetween\s+$/i.test(text.slice(0, start)))
  const second = joinsRange ? readAmount(text, first.end + separator[0].length) : null
  const sameUnit =
    second && (!first.spec || !second.spec || first.spec.unit === second.spec.unit) && (first.spec || second.spec || !first.noun)
  if (second && sameUnit && !isYear(second)) {
    // "2–3 million": the low end takes the scale written once, after the high end.
    values = [first.multiplier === 1 ? values[0] * second.multiplier : values[0], second.value]
    spec = first.spec ?? second.spec
    noun = second.noun || first.noun
    end = second.end
  }
  if (spec?.factor && spec.factor !== 1 && spec.family.startsWith('money')) {
    values = values.map((value) => value * spec!.factor)
    spec = CURRENCIES.$
  }
  if (!spec && !noun) return null
  const rate = spec ? matchAt(RATE, text, end)?.groups?.base : undefined
  if (rate) end = RATE.lastIndex
  return { start, end, values, spec, rate: rate ? rateBase(rate) : '', noun }
}

function rateBase(word: string): string {
  const lower = word.toLowerCase()
  if (lower === 'capita' || lower === 'head') return 'person'
  return UNIT_WORDS.get(lower)?.unit.replace(/s$/, '') ?? lower
}

/** Every measurement in the text, left to right; a conversion in brackets right after one is dropped. */
function findMentions(text: string): Mention[] {
  const mentions: Mention[] = []
  MENTION_START.lastIndex = 0
  for (let match = MENTION_START.exec(text); match; match = MENTION_START.exec(text)) {
    const before = text.slice(0, match.index)
    // Inside a word or number ("V60", "COVID-19", "1.5", "7:30").
    if (/[\p{L}\p{N}_.,:/]$/u.test(before) || /[\p{L}\p{N}][-–]$/u.test(before)) continue
    const mention = readMention(text, match.index)
    if (!mention) continue
    const previous = mentions.at(-1)
    const gap = previous ? text.slice(previous.end, mention.start) : ''
    if (!previous || !/^\s*\(\s*(?:about|around|approx\.?|approximately|roughly|or|~|≈)?\s*$/i.test(gap)) mentions.push(mention)
    MENTION_START.lastIndex = mention.end
  }
  return mentions
}

// ── Labels ──────────────────────────────────────────────────────────────────────────────────────

type Template = 'share' | 'contains' | 'time' | 'price' | 'measure' | 'subject' | 'clause' | 'lead'

/** What a number measures, in parts: a label is rendered from them and shortened part by part. */
interface LabelParts {
  template: Template
  subject: string
  verb: string
  /** The verb's preposition, said only before a thing ("is home to"). */
  particle: string
  thing: string
  qualifier: string
}

/** The words around one number: who or what (subject), the verb, and the words after the number. */
interface ClauseParts {
  subject: string
  verb: string
  particle: string
  /** undefined when no verb was found ("Vietnam: 1.8 million tonnes"). */
  verbClass: Template | undefined
  /** The verb takes a part of something ("produced 37% of the world's coffee"). */
  partitive: boolean
  /** A measure named before the number ("an internal temperature of 196 °C"). */
  measure: string
  after: string
}

const MARK_OPEN = '\uE000'
const MARK_CLOSE = '\uE001'
const MARKER = /\uE000(\d+)\uE001/g
const CLAUSE_BREAK = /[;()[\]]|,|\s[—–-]\s|—|\b(?:while|whereas|but|although|though|compared (?:with|to)|versus|vs\.)(?![\p{L}])/iu
const YEAR = String.raw`(?:1[5-9]|20)\d{2}(?:s|[/–-]\d{2,4})?`
const TIME_QUALIFIER = new RegExp(
  String.raw`\s*\b(?:in|by|since|as of|during|until|through)\s+(?:the\s+)?(?:(?:early|late|mid)[\s-])?${YEAR}\b|\s*\b${YEAR}\b|\s*\b(?:last|this|next) year\b|\s*\b(?:according to|as reported by)\b.*$`,
  'gi',
)
const LEADING_FILLER =
  /^(?:(?:and|but|so|also|yet|then|however|today|currently|globally|worldwide|overall|meanwhile|typically|generally|usually|now|in fact|in total|on average|by comparison|by contrast|in contrast|in comparison|of these|of those)\s+)+/i
const TRAILING_HEDGE =
  /(?:^|\s+)(?:about|around|roughly|approximately|approx\.|nearly|almost|over|under|some|just|only|up to|at least|at most|more than|less than|fewer than|as much as|as many as|as little as|as few as|close to|upwards of|in excess of|an estimated|estimated|an average of|a total of|a maximum of|a minimum of|an|a|the|between|from|~|≈)$/i
const PARTICLES = new Set(['up', 'for', 'at', 'by', 'to', 'in', 'around', 'on', 'out', 'with', 'from', 'of', 'as', 'near'])
const AUXILIARIES = new Set([
  ...['is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'will', 'would', 'can', 'could', 'may', 'might'],
  ...['should', 'must', 'does', 'do', 'did', 'typically', 'usually', 'often', 'generally', 'now', 'still', 'only', 'roughly', 'already'],
])
const PREPOSITIONS = new Set(['of', 'for', 'in', 'from', 'with', 'at', 'on', 'across', 'among', 'by', 'during', 'per', 'to', 'within'])
const DETERMINERS = new Set('a an the this that these those each every most many some one its their'.split(' '))
const CONNECTIVES = new Set(['up', 'down', 'and', 'or', 'then', 'than', 'compared', 'against', 'versus', 'vs', 'which', 'who'])
const isFunctionWord = (word: string) => {
  const lower = word.toLowerCase()
  return PREPOSITIONS.has(lower) || DETERMINERS.has(lower) || CONNECTIVES.has(lower) || AUXILIARIES.has(lower)
}
const forms = (...words: string[]) => new Set(words)
const VERB_CLASSES: [Template, Set<string>][] = [
  ['share', forms('make', 'makes', 'made', 'account', 'accounts', 'accounted', 'represent', 'represents', 'represented')],
  ['share', forms('comprise', 'comprises', 'comprised', 'constitute', 'constitutes', 'constituted')],
  ['contains', forms('contain', 'contains', 'contained', 'has', 'have', 'had', 'provide', 'provides', 'provided', 'pack', 'packs')],
  ['contains', forms('deliver', 'delivers', 'delivered', 'offer', 'offers')],
  ['time', forms('take', 'takes', 'took', 'taken', 'last', 'lasts', 'lasted', 'require', 'requires', 'need', 'needs')],
  ['price', forms('cost', 'costs', 'sell', 'sells', 'sold', 'retail', 'retails', 'retailed', 'priced', 'fetch', 'fetches', 'fetched')],
  ['subject', forms('is', 'are', 'was', 'were', 'be', 'been', 'average', 'averages', 'averaged', 'reach', 'reaches', 'reached')],
  ['subject', forms('stand', 'stands', 'stood', 'sit', 'sits', 'sat', 'hover', 'hovers', 'hovered', 'range', 'ranges', 'ranged')],
  ['subject', forms('total', 'totals', 'totaled', 'totalled', 'amount', 'amounts', 'amounted', 'equal', 'equals', 'peak', 'peaks')],
  ['subject', forms('peaked', 'valued', 'estimated', 'measured', 'set', 'rated', 'pegged', 'put', 'exceed', 'exceeds', 'exceeded')],
]
/** Verbs after which "N% of X" is the subject's share of X. */
const PARTITIVE_VERBS = forms(
  ...['produce', 'produces', 'produced', 'grow', 'grows', 'grew', 'grown', 'export', 'exports', 'exported', 'import', 'imports'],
  ...['imported', 'supply', 'supplies', 'supplied', 'consume', 'consumes', 'consumed', 'drink', 'drinks', 'drank', 'buy', 'buys'],
  ...['bought', 'hold', 'holds', 'held', 'control', 'controls', 'controlled', 'own', 'owns', 'owned', 'capture', 'captures'],
  ...['captured', 'generate', 'generates', 'generated', 'sell', 'sells', 'sold'],
)
const KNOWN_VERBS = new Set([...VERB_CLASSES.flatMap(([, words]) => [...words]), ...PARTITIVE_VERBS])

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()
const splitWords = (text: string) => collapse(text).split(' ').filter(Boolean)
const singular = (word: string) => {
  const lower = word.toLowerCase().replace(/['’]s$/, '')
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower
}
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Markdown links and emphasis, reference marks ("[1]") and odd spaces removed. */
function plainSentence(sentence: string): string {
  return collapse(
    sentence
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[\^?\w{1,4}\]/g, '')
      .replace(/[*`]/g, '')
      .replace(/[\u00a0\u2009\u202f]/g, ' '),
  )
}

function withoutTimeQualifiers(text: string): string {
  return collapse(text.replace(TIME_QUALIFIER, ' '))
}

function trimHedges(text: string): string {
  let trimmed = collapse(text.replace(LEADING_FILLER, ''))
  for (let previous = ''; previous !== trimmed;) {
    previous = trimmed
    trimmed = trimmed.replace(TRAILING_HEDGE, '').trim()
  }
  return trimmed
}

function verbClass(verb: string, particle: string): Template {
  const lower = verb.toLowerCase()
  const found = VERB_CLASSES.find(([, words]) => words.has(lower))
  if (found) return found[0]
  return particle === 'at' || particle === 'around' ? 'subject' : 'clause'
}

type SubjectParts = Omit<ClauseParts, 'after'>

const subjectOnly = (subject: string): SubjectParts => ({
  subject,
  verb: '',
  particle: '',
  verbClass: undefined,
  partitive: false,
  measure: '',
})

/** "roasted to an internal temperature of": the measure and, before the first verb, its subject. */
function splitMeasure(tokens: string[]): SubjectParts | null {
  let start = tokens.length
  const inMeasure = (i: number) =>
    !isFunctionWord(tokens[i]) && (!KNOWN_VERBS.has(tokens[i].toLowerCase()) || DETERMINERS.has(tokens[i - 1]?.toLowerCase()))
  // A verb's form right after a determiner is an adjective ("an average drying temperature").
  while (start > 0 && inMeasure(start - 1)) start--
  const measure = tokens.slice(start).join(' ')
  if (!measure) return null
  const rest = tokens.slice(0, start)
  const verbAt = rest.findIndex((word) => AUXILIARIES.has(word.toLowerCase()) || KNOWN_VERBS.has(word.toLowerCase()))
  const subject = (verbAt >= 0 ? rest.slice(0, verbAt) : rest).filter((word, i, all) => i < all.length - 1 || !isFunctionWord(word))
  return { subject: subject.join(' '), verb: '', particle: 'of', verbClass: 'measure', partitive: false, measure }
}

/** Splits the words before a number into subject and verb phrase ("Arabica" | "makes up"). */
function splitSubject(before: string): SubjectParts {
  if (/[:=]$/.test(before)) return subjectOnly(before.slice(0, -1).trim())
  const tokens = splitWords(before)
  let index = tokens.length
  const particle = index >= 2 && PARTICLES.has(tokens[index - 1].toLowerCase()) ? tokens[--index].toLowerCase() : ''
  if (particle === 'of') {
    const measure = splitMeasure(tokens.slice(0, index))
    if (measure) return measure
  }
  const verbWord = tokens[--index] ?? ''
  while (index > 0 && AUXILIARIES.has(tokens[index - 1].toLowerCase())) index--
  const lower = verbWord.toLowerCase()
  const known = KNOWN_VERBS.has(lower) || AUXILIARIES.has(lower)
  if (index === 0 && !known) return subjectOnly(tokens.slice(0, particle ? -1 : undefined).join(' '))
  const found = verbClass(verbWord, particle)
  return {
    subject: tokens.slice(0, index).join(' '),
    verb: tokens.slice(index, tokens.length - (particle ? 1 : 0)).join(' '),
    particle,
    verbClass: found,
    partitive: found === 'share' || found === 'subject' || PARTITIVE_VERBS.has(lower),
    measure: '',
  }
}

/** The clause around marker `index`, cut at the neighbouring numbers. */
function clauseAround(clauses: string[], index: number): { before: string; after: string; clause: number } | null {
  const marker = `${MARK_OPEN}${index}${MARK_CLOSE}`
  const clause = clauses.findIndex((text) => text.includes(marker))
  if (clause < 0) return null
  const [rawBefore, rawAfter] = clauses[clause].split(marker)
  const before =
    rawBefore
      .split(MARKER)
      .filter((_, i) => i % 2 === 0)
      .at(-1) ?? ''
  const after = rawAfter.split(MARKER)[0]
  return { before, after, clause }
}

function cleanAfter(after: string): string {
  const cut = after.split(/\b(?:which|making|meaning|so that|and then|than|whereas)\b/i)[0]
  return withoutTimeQualifiers(cut)
    .replace(/[.!?…"'”’]+$/, '')
    .trim()
}

function readClause(clauses: string[], index: number): ClauseParts | null {
  const around = clauseAround(clauses, index)
  if (!around) return null
  // "The ICO reports that 10.5 million tonnes…": the measurement's own clause starts after "that".
  const before = trimHedges(
    withoutTimeQualifiers(around.before)
      .split(/\bthat\b/i)
      .at(-1)!,
  )
  const after = cleanAfter(around.after)
  const parts = before && !splitWords(before).every(isFunctionWord) ? splitSubject(before) : subjectOnly('')
  if (PREPOSITIONS.has(splitWords(parts.subject)[0]?.toLowerCase() ?? '')) return { ...subjectOnly(''), after }
  // "Arabica, the most popular species, makes up 60%": the subject is the sentence's opening clause.
  const opening = around.clause > 0 && !clauses[0].includes(MARK_OPEN) ? trimHedges(withoutTimeQualifiers(clauses[0])) : ''
  const subject = parts.subject || (parts.verbClass ? opening : '')
  return { ...parts, subject, after }
}

const stripOf = (text: string) => text.replace(/^of\s+/i, '')
const isLocative = (text: string) => /^(?:in|at|among|across|for|on|per|worldwide|globally)\b/i.test(text) && splitWords(text).length <= 6

function labelParts(clause: ClauseParts, previous: LabelParts | undefined, percent: boolean): LabelParts | null {
  const { subject, verb, verbClass, after } = clause
  const particle = clause.particle && !/^of\s/i.test(after) ? clause.particle : ''
  const parts = (template: Template, thing = stripOf(after), qualifier = ''): LabelParts => ({
    template,
    subject,
    verb,
    particle,
    thing,
    qualifier,
  })
  if (!subject) {
    // "…, compared with 2.2% in Robusta": the previous number's wording, about another subject.
    const other = /^(?:in|for|among|at|across|from)\s+(.+)$/i.exec(after)
    if (other && previous) return { ...previous, subject: other[1], qualifier: '' }
    // "10.5 million tonnes of coffee were produced" → "coffee produced".
    const thing = stripOf(other ? other[1] : after).replace(/\b(?:is|are|was|were)\s+(?=\p{L}+ed\b)/iu, '')
    return splitWords(thing).length >= 2 ? { template: 'lead', subject: '', verb: '', particle: '', thing, qualifier: '' } : null
  }
  const qualifier = isLocative(after) ? after : ''
  if (verbClass === undefined) return percent && /^of\s/i.test(after) ? parts('share') : parts('subject', '', qualifier)
  if (verbClass === 'measure') return parts('measure', clause.measure, qualifier)
  if (percent && /^of\s/i.test(after) && clause.partitive) return parts('share')
  if (verbClass === 'share') return parts('share', after ? stripOf(after) : previous?.template === 'share' ? previous.thing : '')
  if (verbClass === 'contains') return parts('contains')
  if (verbClass === 'time') return parts('time', '', after)
  if (verbClass === 'price') return parts('price', '', qualifier)
  if (verbClass === 'subject') return parts('subject', '', qualifier)
  return parts('clause')
}

function possessive(subject: string): string {
  return /s$/i.test(subject) ? `${subject}'` : `${subject}'s`
}

/** The ways to word a label from its parts, preferred first. */
function renderLabel(parts: LabelParts, subject: string, thing: string, qualifier: string, inner: (text: string) => string): string[] {
  const withQualifier = (text: string) => (qualifier ? `${text} ${qualifier}` : text)
  switch (parts.template) {
    case 'share': {
      if (!thing) return subject ? [`${possessive(subject)} share`] : []
      if (!subject) return [`Share of ${thing}`]
      const short = splitWords(subject).length <= 3 && !splitWords(subject).some((word) => PREPOSITIONS.has(word.toLowerCase()))
      return [short ? `${possessive(subject)} share of ${thing}` : `${subject} as a share of ${thing}`]
    }
    case 'contains':
      return [thing && subject ? `${capitalise(thing)} in ${inner(subject)}` : subject || thing]
    case 'measure':
      return [withQualifier(subject ? `${capitalise(thing)} of ${inner(subject)}` : thing)]
    case 'time':
      if (/^to\s/i.test(qualifier)) return [`Time for ${inner(subject)} ${qualifier}`, `${subject}: time ${qualifier}`]
      return [/\b(?:time|duration|period)$/i.test(subject) ? subject : `${subject} time`]
    case 'price':
      return [withQualifier(`Price of ${inner(subject)}`)]
    case 'subject':
      return [withQualifier(subject)]
    case 'clause':
      return [[subject, parts.verb, thing ? parts.particle : '', thing].filter(Boolean).join(' ')]
    case 'lead':
      return [thing]
  }
}

/** Drops a phrase's trailing prepositional phrase ("cup of brewed coffee" → "cup"). */
function beforePreposition(text: string): string {
  const tokens = splitWords(text)
  const at = tokens.findIndex((word, i) => i > 0 && PREPOSITIONS.has(word.toLowerCase()))
  return at > 0 ? tokens.slice(0, at).join(' ') : text
}

/**
 * Drops the keyword's words where they only qualify the next word ("world coffee production" →
 * "world production"): the chart's title already names the keyword.
 */
function withoutKeywordModifiers(text: string, keywordWords: Set<string>): string {
  const tokens = splitWords(text)
  const kept = tokens.filter((word, i) => {
    const next = tokens[i + 1]
    return !(keywordWords.has(singular(word)) && next && !isFunctionWord(next) && !KNOWN_VERBS.has(next.toLowerCase()))
  })
  return kept.join(' ')
}

function tidyLabel(text: string): string {
  const tidy = collapse(text)
    .replace(/^(?:the|a|an|its|their|this|these|those)\s+/i, '')
    .replace(/[\s,;:.–—-]+$/, '')
  return capitalise(tidy)
}

/** Cuts at a word boundary and adds an ellipsis so the text fits in `budget` characters. */
function truncateWords(text: string, budget: number): string {
  if (text.length <= budget) return text
  const tokens = splitWords(text)
  while (tokens.length > 1 && tokens.join(' ').length + 1 > budget) tokens.pop()
  while (tokens.length > 1 && isFunctionWord(tokens.at(-1)!)) tokens.pop()
  const kept = tokens.join(' ')
  return `${kept.length + 1 > budget ? kept.slice(0, budget - 1) : kept}…`
}

/**
 * The first rendering that fits the budget: shortening the thing measured, then dropping the
 * qualifier, then the subject's trailing phrase; never fewer than two words when the full label has them.
 */
function composeLabel(parts: LabelParts, keywordWords: Set<string>, inner: (text: string) => string, budget: number): string {
  const unique = (values: string[]) => [...new Set(values)]
  const lean = withoutKeywordModifiers(parts.thing, keywordWords)
  const shorterThings = [lean, beforePreposition(parts.thing), beforePreposition(lean), ...(parts.template === 'clause' ? [''] : [])]
  const things = unique([parts.thing, ...shorterThings])
  const qualifiers = unique([parts.qualifier, ''])
  const subjects = unique([parts.subject, beforePreposition(parts.subject)])
  const candidates: { label: string; cost: number }[] = []
  things.forEach((thing, t) =>
    qualifiers.forEach((qualifier, q) =>
      subjects.forEach((subject, s) =>
        renderLabel(parts, subject, thing, qualifier, inner).forEach((wording, w) => {
          const label = tidyLabel(wording)
          if (label) candidates.push({ label, cost: t + 2 * q + 2 * s + w })
        }),
      ),
    ),
  )
  if (candidates.length === 0) return ''
  const minWords = Math.min(2, splitWords(candidates[0].label).length)
  const fitting = candidates
    .filter((candidate) => candidate.label.length <= budget && splitWords(candidate.label).length >= minWords)
    .sort((a, b) => a.cost - b.cost)[0]
  return fitting?.label ?? truncateWords(candidates[0].label, budget)
}

/** Words the facts write in lower case somewhere: a capital on them only starts a sentence. */
function commonWords(sentences: string[]): Set<string> {
  return new Set(sentences.flatMap((sentence) => sentence.match(/(?<![.!?]\s|^)\b\p{Ll}[\p{L}'-]*/gu) ?? []))
}

/** A subject inside a longer label: its first word in lower case unless it reads as a name. */
function innerCase(common: Set<string>, keywordWords: Set<string>) {
  return (text: string) => {
    const [first = '', ...rest] = splitWords(text)
    const lower = first.toLowerCase()
    const isCommon = DETERMINERS.has(lower) || keywordWords.has(singular(first)) || common.has(lower)
    return [isCommon ? lower : first, ...rest].join(' ')
  }
}

// ── Picking the points ──────────────────────────────────────────────────────────────────────────

interface Candidate {
  key: string
  label: string
  value: number
  spec: UnitSpec | undefined
  rate: string
  fact: number
  measurement: string
  pairedWith: number | undefined
  sourceUrl: string
  sourceTitle: string
}

/** A candidate before deduplication pairs a range's two ends. */
type Found = Omit<Candidate, 'pairedWith'>

function candidatesFromFact(fact: CitedFact, factIndex: number, keywordWords: Set<string>, inner: (text: string) => string): Found[] {
  const sentence = plainSentence(fact.sentence)
  const mentions = findMentions(sentence)
  let marked = sentence
  for (let i = mentions.length - 1; i >= 0; i--) {
    marked = `${marked.slice(0, mentions[i].start)}${MARK_OPEN}${i}${MARK_CLOSE}${marked.slice(mentions[i].end)}`
  }
  const clauses = marked.split(CLAUSE_BREAK).filter((clause): clause is string => clause !== undefined)
  const found: Found[] = []
  let previous: LabelParts | undefined
  mentions.forEach((mention, index) => {
    const clause = readClause(clauses, index)
    const parts = clause && labelParts(clause, previous, mention.spec === PERCENT)
    if (!parts) return
    previous = parts
    const isRange = mention.values.length === 2
    const base = composeLabel(parts, keywordWords, inner, MAX_LABEL_LENGTH - (isRange ? ' (high)'.length : 0))
    if (!base) return
    // Only values written in the same unit share a chart: 25 seconds of brewing and 21 days of resting convert to one scale but measure different things.
    const key = mention.spec ? `${mention.spec.unit}${mention.rate ? ` per ${mention.rate}` : ''}` : `count:${singular(mention.noun)}`
    const ends = isRange ? [...mention.values].sort((a, b) => a - b) : mention.values
    ends.forEach((value, end) => {
      const label = isRange ? `${base} (${end === 0 ? 'low' : 'high'})` : base
      const measurement = `${factIndex}:${index}`
      found.push({ key, label, value, spec: mention.spec, rate: mention.rate, fact: factIndex, measurement, ...source(fact) })
    })
  })
  return found
}

function source(fact: CitedFact): { sourceUrl: string; sourceTitle: string } {
  return { sourceUrl: fact.sourceUrl, sourceTitle: collapse(fact.sourceTitle) || hostname(fact.sourceUrl) }
}

function hostname(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return collapse(url)
  }
}

/** Candidates of one unit, deduplicated on label and value; a range's two ends stay together. */
function dedupe(candidates: Found[]): Candidate[] {
  const seen = new Set<string>()
  const kept = candidates.filter((candidate) => {
    const identity = `${candidate.label.toLowerCase()}|${candidate.value * (candidate.spec?.factor ?? 1)}`
    if (seen.has(identity)) return false
    seen.add(identity)
    return true
  })
  return kept.map((candidate, i) => {
    const partner = kept.findIndex((other, j) => j !== i && other.measurement === candidate.measurement)
    return { ...candidate, pairedWith: partner >= 0 ? partner : undefined }
  })
}

function pickPoints(candidates: Candidate[], maxPoints: number): Candidate[] {
  const picked: Candidate[] = []
  for (let i = 0; i < candidates.length && picked.length < maxPoints; i++) {
    const candidate = candidates[i]
    if (candidate.pairedWith === undefined) {
      picked.push(candidate)
    } else if (candidate.pairedWith > i) {
      const room = maxPoints - picked.length
      // A range alone would make a chart of one measurement.
      if (room >= 2 && !(room === 2 && picked.length === 0)) picked.push(candidate, candidates[candidate.pairedWith])
    }
  }
  return picked
}

/** The unit the points are shown in: for convertible units, the one most of them were written in. */
function displayUnit(points: Candidate[]): UnitSpec | undefined {
  const specs = points.map((point) => point.spec).filter((spec): spec is UnitSpec => spec !== undefined)
  if (specs.length === 0) return undefined
  const counts = new Map<string, { spec: UnitSpec; count: number }>()
  for (const spec of specs) counts.set(spec.unit, { spec, count: (counts.get(spec.unit)?.count ?? 0) + 1 })
  return [...counts.values()].sort((a, b) => b.count - a.count || a.spec.factor - b.spec.factor)[0].spec
}

const KEYWORD_QUESTION = /^(?:how|what|why|when|where|which|who|whose|is|are|can|does|do|should|will)\b/i

/** "Coffee beans in numbers (%)"; a question-like keyword becomes "Key figures: how long to steep cold brew". */
export function chartTitle(keyword: string, unit: string): string {
  const topic = truncateWords(
    collapse(keyword)
      .replace(/^["'“‘]+|["'”’?!.]+$/g, '')
      .trim(),
    60,
  )
  const suffix = unit ? ` (${unit})` : ''
  if (!topic) return `Key figures${suffix}`
  if (KEYWORD_QUESTION.test(topic)) return `Key figures: ${topic}${suffix}`
  return `${capitalise(topic)} in numbers${suffix}`
}

/** Picks 2–8 comparable points (same unit) from cited facts; null when fewer than 2 comparable numbers exist. */
export function chartDataFromFacts(facts: CitedFact[], options: { keyword: string; maxPoints?: number }): ChartData | null {
  const maxPoints = Math.min(MAX_POINTS, Math.max(2, Math.floor(options.maxPoints ?? MAX_POINTS)))
  const keywordWords = new Set(splitWords(options.keyword).map(singular))
  const inner = innerCase(commonWords(facts.map((fact) => plainSentence(fact.sentence))), keywordWords)
  const all = facts.flatMap((fact, index) => candidatesFromFact(fact, index, keywordWords, inner))
  const groups = new Map<string, Found[]>()
  for (const candidate of all) groups.set(candidate.key, [...(groups.get(candidate.key) ?? []), candidate])
  const ranked = [...groups.values()]
    .map((group) => dedupe(group))
    .map((group) => ({ group, facts: new Set(group.map((c) => c.fact)).size, measurements: new Set(group.map((c) => c.measurement)).size }))
    .filter(({ measurements }) => measurements >= 2)
    .sort((a, b) => b.facts - a.facts || b.group.length - a.group.length)
  const best = ranked[0]
  if (!best) return null
  const picked = pickPoints(best.group, maxPoints)
  if (new Set(picked.map((point) => point.measurement)).size < 2) return null
  const shown = displayUnit(picked)
  const rate = picked[0].rate ? ` per ${picked[0].rate}` : ''
  const unit = `${shown?.unit ?? ''}${rate}`
  const points = picked.map((point): ChartPoint => ({
    label: point.label,
    value: Number(((point.value * (point.spec?.factor ?? 1)) / (shown?.factor ?? 1)).toPrecision(12)),
    unit,
    sourceUrl: point.sourceUrl,
  }))
  const sources = new Map<string, { url: string; title: string }>()
  for (const point of picked)
    if (!sources.has(point.sourceUrl)) sources.set(point.sourceUrl, { url: point.sourceUrl, title: point.sourceTitle })
  return { title: chartTitle(options.keyword, unit), unit, points, sources: [...sources.values()] }
}

// ── Formatting values ───────────────────────────────────────────────────────────────────────────

const CURRENCY_SYMBOLS = new Set(['$', '€', '£'])

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** "1,200", "4.5", "25 million"; money keeps two decimals when it has any ("4.50"). */
function formatNumber(value: number, money: boolean): string {
  const sign = value < 0 ? '-' : ''
  const magnitude = Math.abs(value)
  for (const [size, word] of [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ] as const) {
    if (magnitude >= size) return `${sign}${trimZeros((magnitude / size).toFixed(2))} ${word}`
  }
  const fixed = magnitude.toFixed(2)
  const [integer, decimals] = fixed.split('.')
  const fraction = money && decimals !== '00' ? `.${decimals}` : trimZeros(`0.${decimals}`).slice(1)
  return `${sign}${groupThousands(integer)}${fraction}`
}

const trimZeros = (fixed: string) => fixed.replace(/\.?0+$/, '')

/** A value with its unit as a reader expects it: "60%", "93 °C", "$4.50 per cup", "1 minute". */
export function formatValue(value: number, unit: string): string {
  const [base, ...rest] = unit.split(' per ')
  const rate = rest.length ? ` per ${rest.join(' per ')}` : ''
  if (CURRENCY_SYMBOLS.has(base)) {
    const text = formatNumber(value, true)
    return `${text.startsWith('-') ? `-${base}${text.slice(1)}` : `${base}${text}`}${rate}`
  }
  const number = formatNumber(value, false)
  if (base === '%') return `${number}%${rate}`
  if (!base) return `${number}${rate}`
  const word = Math.abs(value) === 1 && /^(?:seconds|minutes|hours|days|weeks|months|years)$/.test(base) ? base.slice(0, -1) : base
  return `${number} ${word}${rate}`
}

/** A short axis label: no unit words, large numbers compacted ("25M"). */
function formatTick(value: number, unit: string): string {
  const base = unit.split(' per ')[0]
  const magnitude = Math.abs(value)
  const compact =
    magnitude >= 1e9 ? `${trimZeros((value / 1e9).toFixed(1))}B` : magnitude >= 1e6 ? `${trimZeros((value / 1e6).toFixed(1))}M` : null
  const number = compact ?? formatNumber(value, false)
  if (CURRENCY_SYMBOLS.has(base)) return number.startsWith('-') ? `-${base}${number.slice(1)}` : `${base}${number}`
  if (base === '%') return `${number}%`
  if (base === '°C' || base === '°F') return `${number}°`
  return number
}

// ── Colour ──────────────────────────────────────────────────────────────────────────────────────

type Rgb = [number, number, number]

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  if (!match) throw new RangeError(`Brand colour must be #rrggbb, got ${JSON.stringify(hex)}`)
  return [parseInt(match[1], 16), parseInt(match[2], 16), parseInt(match[3], 16)]
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`

/** WCAG 2 relative luminance of an sRGB colour. */
function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio between two '#rrggbb' colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(parseHex(a)), relativeLuminance(parseHex(b))].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** Graphics need 3:1 against their background (WCAG 1.4.11). */
export const MIN_BAR_CONTRAST = 3

/** The brand colour, or the same hue darkened just enough to reach 3:1 against white. */
export function barColor(brandColor: string): string {
  const rgb = parseHex(brandColor)
  const scaled = (factor: number): Rgb => rgb.map((channel) => Math.round(channel * factor)) as Rgb
  const passes = (factor: number) => contrastRatio(toHex(scaled(factor)), '#ffffff') >= MIN_BAR_CONTRAST
  if (passes(1)) return toHex(rgb)
  let [low, high] = [0, 1]
  for (let step = 0; step < 24; step++) {
    const middle = (low + high) / 2
    if (passes(middle)) low = middle
    else high = middle
  }
  return toHex(scaled(low))
}

// ── SVG ─────────────────────────────────────────────────────────────────────────────────────────

const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const INK = '#1f2937'
const MUTED = '#4b5563'
const GRID = '#e5e7eb'
const BASELINE = '#9ca3af'
const PADDING = 24
const TITLE = { size: 18, line: 24, maxLines: 2 }
const LABEL = { size: 14, line: 18, maxLines: 2 }
const VALUE_SIZE = 14
const BAR_HEIGHT = 20
const ROW_GAP = 14
const TICK_SIZE = 12
const SOURCE = { size: 12, line: 16, maxLines: 3 }

/** XML-safe text: markup characters as entities, characters XML 1.0 forbids removed. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/**
 * Approximate advance width of a character in em. Generous, so that text measured for a narrow
 * system font (Segoe UI, San Francisco) still fits when a wider fallback (DejaVu Sans) draws it.
 */
function charWidth(char: string): number {
  if (char === ' ') return 0.32
  if (/[iljtf.,;:!|'’()[\]]/.test(char)) return 0.34
  if (/[mwMW@%]/.test(char)) return 0.95
  if (/[A-Z]/.test(char)) return 0.72
  if (/\d/.test(char)) return 0.64
  return char.codePointAt(0)! >= 0x2e80 ? 1 : 0.6
}

/** Bold glyphs are wider. */
const BOLD = 1.1

const textWidth = (text: string, size: number) => [...text].reduce((sum, char) => sum + charWidth(char), 0) * size

function fitWithEllipsis(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text
  const chars = [...text]
  while (chars.length > 0 && textWidth(`${chars.join('').trimEnd()}…`, size) > width) chars.pop()
  return `${chars.join('').trimEnd()}…`
}

/** Greedy word wrap into at most maxLines; what does not fit ends the last line with an ellipsis. */
function wrapText(text: string, width: number, size: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  const tokens = splitWords(text)
  for (let i = 0; i < tokens.length; i++) {
    const attempt = current ? `${current} ${tokens[i]}` : tokens[i]
    if (textWidth(attempt, size) <= width || !current) {
      current = attempt
    } else if (lines.length === maxLines - 1) {
      current = [current, ...tokens.slice(i)].join(' ')
      break
    } else {
      lines.push(current)
      current = tokens[i]
    }
  }
  if (current) lines.push(current)
  return lines.map((line) => fitWithEllipsis(line, width, size))
}

const n = (value: number) => String(Math.round(value * 10) / 10)

function textElement(lines: string[], x: number, y: number, lineHeight: number, attributes: string): string {
  const spans = lines.map((line, i) => `<tspan x="${n(x)}" y="${n(y + i * lineHeight)}">${escapeXml(line)}</tspan>`).join('')
  return `<text ${attributes}>${spans}</text>`
}

function niceStep(span: number): number {
  const raw = span / 4
  const power = 10 ** Math.floor(Math.log10(raw))
  return ([1, 2, 2.5, 5, 10].find((multiple) => multiple * power >= raw) ?? 10) * power
}

/** The axis: from 0 (or the lowest negative value) to the maximum, percentages to 100. */
function axisDomain(values: number[], unit: string): { low: number; high: number; step: number } {
  const low = Math.min(0, ...values)
  const high = Math.max(0, ...values)
  if (unit.split(' per ')[0] === '%' && low >= 0 && high <= 100) return { low: 0, high: 100, step: 25 }
  const step = niceStep(high - low || 1)
  return { low: Math.floor(low / step) * step, high: Math.ceil(high / step) * step || step, step }
}

function sourceLine(sources: ChartData['sources']): string {
  if (sources.length === 0) return ''
  const titles = sources.map((item) => truncateWords(collapse(item.title) || hostname(item.url), 48))
  return `${sources.length === 1 ? 'Source' : 'Sources'}: ${titles.join('; ')}`
}

/** The chart described in words: its title and each point with its value. */
export function infographicAlt(data: ChartData): string {
  const points = data.points.map((point) => `${collapse(point.label)}: ${formatValue(point.value, point.unit)}`)
  return `${collapse(data.title)}. ${points.join('; ')}.`
}

/** A horizontal bar chart as a standalone SVG document string, plus its alt text. */
export function renderInfographic(data: ChartData, options: InfographicOptions): { svg: string; alt: string } {
  if (data.points.length === 0) throw new RangeError('An infographic needs at least one point')
  if (data.points.some((point) => !Number.isFinite(point.value))) throw new RangeError('Infographic values must be finite numbers')
  const width = Math.round(Math.min(1600, Math.max(320, options.width ?? 640)))
  const fill = barColor(options.brandColor)
  const inner = width - 2 * PADDING
  const alt = infographicAlt(data)
  const body: string[] = []
  let y = PADDING

  const titleLines = wrapText(data.title, inner / BOLD, TITLE.size, TITLE.maxLines)
  body.push(textElement(titleLines, PADDING, y + TITLE.size, TITLE.line, `font-size="${TITLE.size}" font-weight="700" fill="${INK}"`))
  y += titleLines.length * TITLE.line + 12

  const valueTexts = data.points.map((point) => formatValue(point.value, point.unit))
  // Values are never cut: their column takes what the widest needs, up to 60% of the width.
  const valueRoom = Math.min(inner * 0.6, Math.max(...valueTexts.map((text) => textWidth(text, VALUE_SIZE) * BOLD)) + 8)
  const plotWidth = inner - valueRoom
  const domain = axisDomain(
    data.points.map((point) => point.value),
    data.unit,
  )
  const x = (value: number) => PADDING + ((value - domain.low) / (domain.high - domain.low)) * plotWidth
  const chartTop = y
  const rows: string[] = []
  data.points.forEach((point, i) => {
    const labelLines = wrapText(point.label, inner, LABEL.size, LABEL.maxLines)
    rows.push(textElement(labelLines, PADDING, y + LABEL.size, LABEL.line, `font-size="${LABEL.size}" fill="${INK}"`))
    y += labelLines.length * LABEL.line + 4
    const [from, to] = [x(Math.min(0, point.value)), x(Math.max(0, point.value))]
    rows.push(`<rect x="${n(from)}" y="${n(y)}" width="${n(Math.max(1, to - from))}" height="${BAR_HEIGHT}" rx="3" fill="${fill}"/>`)
    rows.push(textElement([valueTexts[i]], to + 6, y + BAR_HEIGHT / 2 + 5, 0, `font-size="${VALUE_SIZE}" font-weight="600" fill="${INK}"`))
    y += BAR_HEIGHT + ROW_GAP
  })
  const chartBottom = y - ROW_GAP + 6

  const ticks: string[] = []
  const count = Math.round((domain.high - domain.low) / domain.step)
  for (let i = 0; i <= count; i++) {
    const value = Number((domain.low + i * domain.step).toPrecision(12))
    const tickX = x(value)
    const stroke = value === 0 ? BASELINE : GRID
    ticks.push(
      `<line x1="${n(tickX)}" y1="${n(chartTop - 4)}" x2="${n(tickX)}" y2="${n(chartBottom)}" stroke="${stroke}" stroke-width="1"/>`,
    )
    const anchor = i === 0 ? 'start' : i === count ? 'end' : 'middle'
    const label = escapeXml(formatTick(value, data.unit))
    ticks.push(
      `<text x="${n(tickX)}" y="${n(chartBottom + 16)}" font-size="${TICK_SIZE}" fill="${MUTED}" text-anchor="${anchor}">${label}</text>`,
    )
  }
  body.push(`<g>${ticks.join('')}</g>`, `<g>${rows.join('')}</g>`)
  y = chartBottom + 16 + 12

  const sources = sourceLine(data.sources)
  if (sources) {
    const sourceLines = wrapText(sources, inner, SOURCE.size, SOURCE.maxLines)
    y += 4
    body.push(textElement(sourceLines, PADDING, y + SOURCE.size, SOURCE.line, `font-size="${SOURCE.size}" fill="${MUTED}"`))
    y += sourceLines.length * SOURCE.line
  }
  const height = Math.ceil(y + PADDING)
  const desc = sources ? `${alt} ${sources}.` : alt

  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="infographic-title infographic-desc" font-family="${FONT_STACK}">`,
    `<title id="infographic-title">${escapeXml(collapse(data.title))}</title>`,
    `<desc id="infographic-desc">${escapeXml(desc)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n')
  return { svg, alt }
}
