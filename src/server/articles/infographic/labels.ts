/** A chart point's label: what a number in a sentence measures, from the words around it. */
import { AUXILIARIES, capitalise, collapse, DETERMINERS, isFunctionWord, PREPOSITIONS, singular, splitWords, truncateWords } from './words'

type Template = 'share' | 'contains' | 'time' | 'price' | 'measure' | 'subject' | 'clause' | 'lead'

/** What a number measures, in parts: a label is rendered from them and shortened part by part. */
export interface LabelParts {
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

export const MARK_OPEN = '\uE000'
export const MARK_CLOSE = '\uE001'
const MARKER = /\uE000(\d+)\uE001/g
export const CLAUSE_BREAK = /[;()[\]]|,|\s[—–-]\s|—|\b(?:while|whereas|but|although|though|compared (?:with|to)|versus|vs\.)(?![\p{L}])/iu
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

export function readClause(clauses: string[], index: number): ClauseParts | null {
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

export function labelParts(clause: ClauseParts, previous: LabelParts | undefined, percent: boolean): LabelParts | null {
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

/**
 * The first rendering that fits the budget: shortening the thing measured, then dropping the
 * qualifier, then the subject's trailing phrase; never fewer than two words when the full label has them.
 */
export function composeLabel(parts: LabelParts, keywordWords: Set<string>, inner: (text: string) => string, budget: number): string {
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
export function commonWords(sentences: string[]): Set<string> {
  return new Set(sentences.flatMap((sentence) => sentence.match(/(?<![.!?]\s|^)\b\p{Ll}[\p{L}'-]*/gu) ?? []))
}

/** A subject inside a longer label: its first word in lower case unless it reads as a name. */
export function innerCase(common: Set<string>, keywordWords: Set<string>) {
  return (text: string) => {
    const [first = '', ...rest] = splitWords(text)
    const lower = first.toLowerCase()
    const isCommon = DETERMINERS.has(lower) || keywordWords.has(singular(first)) || common.has(lower)
    return [isCommon ? lower : first, ...rest].join(' ')
  }
}
