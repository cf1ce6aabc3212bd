import {
  HEAD_KINDS,
  HEAD_VERBS,
  KIND_VERBS,
  KNOWN_BRANDS,
  LOCAL_HEADS,
  MASS_NOUNS,
  NAME_WORDS,
  PERSON_HEADS,
  TOPICS,
  type ByHead,
  type Domain,
  type Kind,
  type Topic,
} from './mock-lexicon'

/**
 * Deterministic keyword data for the DataForSEO mock. Every answer is a function of the keyword
 * alone (a hash of it, and what its words say), so the same keyword always gets the same numbers
 * whichever endpoint asks, and the numbers read like real ones:
 * - expansions put the seed into phrasings people really search, chosen by what the seed names
 *   (a product, a service, an activity …) and its topic (mock-lexicon.ts);
 * - a keyword's volume is its core phrase's volume times the share of searchers who add its
 *   modifiers, so "best hiking boots for women" is searched less than "hiking boots";
 * - difficulty follows volume and commercial intent; CPC follows the topic and intent;
 * - the monthly series swings with the topic's season and drifts up or down a little.
 */

/** FNV-1a, scaled to [0, 1). `salt` gives independent values for one keyword. */
export function unitHash(text: string, salt = ''): number {
  let hash = 0x811c9dc5
  for (const char of `${salt}|${text}`) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash / 2 ** 32
}

/** Roughly standard normal: the sum of four hashes (Irwin–Hall), centred and scaled. */
function normalHash(text: string, salt: string) {
  let sum = 0
  for (let i = 0; i < 4; i++) sum += unitHash(text, `${salt}${i}`)
  return (sum - 2) * Math.sqrt(3)
}

/** Google Ads reports volumes in these buckets, never as exact counts. */
const VOLUME_BUCKETS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400, 5400,
  6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500, 110000, 135000, 165000, 201000, 246000,
  301000, 368000, 450000, 550000,
]

const nearestBucket = (value: number) =>
  VOLUME_BUCKETS.reduce((best, bucket) => (Math.abs(bucket - value) < Math.abs(best - value) ? bucket : best))

const words = (keyword: string) => keyword.trim().toLowerCase().split(/\s+/).filter(Boolean)

/** English singular by the common rules; short words and -ss/-us/-is words stay. */
export function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is|ics)$/.test(word)) return word
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2)
  if (/s$/.test(word)) return word.slice(0, -1)
  return word
}

const singularPhrase = (phrase: string) => words(phrase.replace(/-/g, ' ')).map(singular).join(' ')
const contains = (haystack: string, needle: string) => ` ${haystack} `.includes(` ${needle} `)

/** DataForSEO rejects keywords over 80 characters or 10 words; generated ones must stay valid too. */
export const isValidKeyword = (keyword: string) => keyword.length <= 80 && words(keyword).length <= 10

export function round(value: number, digits: number) {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

// ---------------------------------------------------------------------------------------------
// What a phrase is about

/** The topic whose words the phrase uses most; a word that is the phrase's head counts more. */
export function topicOf(phrase: string): Topic | undefined {
  const text = singularPhrase(phrase)
  const head = text.split(' ').at(-1) ?? ''
  let best: { topic: Topic; score: number } | undefined
  for (const topic of TOPICS) {
    let score = 0
    for (const entry of topic.words) {
      if (!contains(text, entry)) continue
      const entryWords = entry.split(' ')
      score += entryWords.length + (entryWords.at(-1) === head ? 0.5 : 0)
    }
    if (score > 0 && (!best || score > best.score)) best = { topic, score }
  }
  return best?.topic
}

const QUESTION_START = /^(how|what|why|when|where|who|which|can|does|do|is|are|should|will)\b/

export interface Profile {
  phrase: string
  words: string[]
  /** The last word, singular: what the phrase names. */
  head: string
  topic: Topic | undefined
  domain: Domain
  /** 'phrased' when the keyword is already a whole search (a question, "best …", "… near me"), which only takes endings. */
  kind: Kind | 'phrased'
  plural: boolean
  /** Uncountable: no article, "is" and "does". */
  mass: boolean
  /** "a"/"an" fits before it ("a coffee grinder", "an SEO audit"). */
  countable: boolean
  local: boolean
}

export function profileOf(keyword: string): Profile {
  const phrase = words(keyword).join(' ')
  const list = phrase.split(' ')
  const last = list.at(-1) ?? ''
  const head = singular(last)
  const topic = topicOf(phrase)
  // A head the lexicon does not know takes its topic's kind only when the topic names it ("bread recipe"); else nothing is assumed.
  const topical = topic?.words.some((entry) => singularPhrase(entry).split(' ').at(-1) === head)
  const kind: Kind | 'phrased' = isPhrased(phrase) ? 'phrased' : (HEAD_KINDS[head] ?? (topical ? topic!.kind : 'generic'))
  const plural = head !== last && !MASS_NOUNS.has(last)
  const mass = !plural && (MASS_NOUNS.has(head) || /ing$/.test(head))
  const countable = !plural && !mass && head in HEAD_KINDS
  const local =
    kind !== 'phrased' &&
    kind !== 'software' &&
    kind !== 'concept' &&
    (LOCAL_HEADS.has(head) || (Boolean(topic?.local) && ['product', 'consumable', 'place', 'service'].includes(kind)))
  return { phrase, words: list, head, topic, domain: topic?.domain ?? 'generic', kind, plural, mass, countable, local }
}

/** "a"/"an" for a singular countable phrase, by how its first word sounds ("an seo audit", "a crm"). */
function article(p: Profile) {
  if (!p.countable) return ''
  const first = p.words[0] ?? ''
  const acronym = /^[bcdfghjklmnpqrstvwxz]{2,4}$/.test(first) || ['seo', 'sem', 'erp', 'ux', 'ui', 'saas'].includes(first)
  const vowelSound = acronym ? /^[aefhilmnorsx]/.test(first) : /^[aeio]|^u(?!ni|s[eu])|^hour|^honest/.test(first)
  return vowelSound ? 'an ' : 'a '
}

const byHead = (lists: ByHead | undefined, head: string) => lists?.[head] ?? lists?.['*'] ?? []

// ---------------------------------------------------------------------------------------------
// Modifiers: the phrasings a seed is searched in, and the share of its searchers who use each

interface Frame {
  /** '{}' the phrase; '{a}' its article; '{be}'/'{do}' agree with it; '{verb}', '{use}', '{versus}', '{fact}' come from its topic. */
  template: string
  /** Share of the core phrase's searches. */
  share: number
  kinds: (Kind | 'phrased')[]
  when?: (p: Profile) => boolean
}

const NOUNS: Kind[] = ['product', 'consumable', 'service', 'software', 'subscription', 'place', 'activity', 'concept', 'generic']
const GOODS: Kind[] = ['product', 'consumable']
const pluralOrMass = (p: Profile) => p.plural || p.mass
const opensWith = (p: Profile, ...openers: string[]) => openers.includes(p.words[0] ?? '')
/** No ending yet: nothing is "for" anyone, nor "near me" or "online". */
const plain = (p: Profile) => !/ (for|near me|online|vs) | (near me|online)$/.test(p.phrase)
const howTo = (p: Profile) => p.phrase.startsWith('how to ')
const inDomain =
  (...domains: Domain[]) =>
  (p: Profile) =>
    domains.includes(p.domain)

const FRAMES: Frame[] = [
  // Questions
  { template: 'how to {verb} {a}{}', share: 0.03, kinds: NOUNS },
  { template: 'what {be} {a}{}', share: 0.05, kinds: ['concept', 'service', 'software', 'subscription', 'consumable', 'generic'] },
  { template: 'what {be} the best {}', share: 0.012, kinds: ['product', 'consumable', 'software', 'subscription'] },
  { template: '{be} {a}{} worth it', share: 0.008, kinds: ['product', 'consumable', 'service', 'software', 'subscription'] },
  { template: 'why {be} {} so expensive', share: 0.005, kinds: GOODS, when: pluralOrMass },
  { template: 'how long {do} {} last', share: 0.02, kinds: GOODS, when: pluralOrMass },
  { template: 'how much {do} {a}{} cost', share: 0.02, kinds: ['service', 'software', 'product'] },
  { template: 'how much {be} {a}{}', share: 0.015, kinds: ['subscription'] },
  { template: 'where to buy {}', share: 0.02, kinds: GOODS },
  { template: 'what to wear {}', share: 0.03, kinds: ['activity'], when: (p) => /ing$/.test(p.head) && inDomain('outdoor', 'health')(p) },
  { template: 'benefits of {}', share: 0.04, kinds: ['activity', 'concept'], when: inDomain('health', 'outdoor', 'home') },
  // Informational
  { template: '{} for beginners', share: 0.03, kinds: ['product', 'consumable', 'activity', 'concept', 'software', 'generic'] },
  { template: 'types of {}', share: 0.02, kinds: ['product', 'consumable', 'concept'], when: pluralOrMass },
  { template: '{} tips', share: 0.03, kinds: ['activity', 'concept', 'generic'] },
  {
    template: '{} guide',
    share: 0.01,
    kinds: ['activity', 'concept', 'service', 'generic'],
    when: (p) => p.kind !== 'service' || p.domain === 'software',
  },
  {
    template: '{} checklist',
    share: 0.04,
    kinds: ['activity', 'service', 'concept'],
    when: (p) => p.domain === 'software' || (p.kind === 'activity' && inDomain('travel', 'outdoor')(p)),
  },
  { template: '{} ideas', share: 0.03, kinds: ['activity'], when: inDomain('home', 'food', 'health', 'travel') },
  { template: '{} {fact}', share: 0.03, kinds: ['product', 'consumable', 'service', 'software', 'subscription', 'activity', 'concept'] },
  // Commercial
  { template: 'best {}', share: 0.2, kinds: ['product', 'consumable', 'service', 'software', 'subscription', 'place', 'generic'] },
  { template: 'best {} for {use}', share: 0.035, kinds: ['product', 'consumable', 'software', 'subscription', 'service'] },
  { template: 'best {} near me', share: 0.1, kinds: ['place', 'service'], when: (p) => p.local },
  { template: 'top rated {}', share: 0.01, kinds: ['product', 'service'], when: (p) => p.kind === 'product' || p.local },
  { template: '{} reviews', share: 0.03, kinds: ['product', 'software', 'subscription', 'place', 'generic'] },
  { template: '{} brands', share: 0.03, kinds: GOODS, when: pluralOrMass },
  {
    template: '{} vs {versus}',
    share: 0.01,
    kinds: ['product', 'consumable', 'service', 'software', 'subscription', 'activity', 'concept'],
    // People compare kinds of things ("ground coffee vs espresso"), rarely a narrowed one with
    // another kind ("dark roast coffee vs instant coffee").
    when: (p) => p.words.length <= 2 || !leadingQualifier(p.phrase),
  },
  { template: '{} alternatives', share: 0.03, kinds: ['software'] },
  { template: '{} comparison', share: 0.02, kinds: ['software', 'service'], when: (p) => p.kind === 'software' || p.domain === 'finance' },
  { template: 'top {}', share: 0.02, kinds: ['software', 'generic'] },
  { template: '{} classes', share: 0.05, kinds: ['activity'], when: inDomain('health', 'food') },
  { template: '{} gear', share: 0.05, kinds: ['activity'], when: inDomain('outdoor', 'health') },
  // Transactional
  { template: 'buy {}', share: 0.04, kinds: GOODS },
  { template: 'buy {} online', share: 0.015, kinds: GOODS },
  { template: '{} online', share: 0.03, kinds: GOODS },
  {
    template: 'cheap {}',
    share: 0.04,
    kinds: ['product', 'consumable', 'service', 'place'],
    when: (p) => p.domain === 'travel' || (p.kind === 'service' ? p.local : p.kind !== 'place'),
  },
  { template: '{} sale', share: 0.03, kinds: ['product'] },
  { template: '{} for sale', share: 0.02, kinds: ['product'] },
  { template: '{} price', share: 0.05, kinds: ['product', 'consumable', 'subscription'] },
  { template: '{} cost', share: 0.06, kinds: ['service'] },
  { template: '{} pricing', share: 0.05, kinds: ['software', 'service'], when: inDomain('software') },
  { template: '{} near me', share: 0.15, kinds: ['product', 'consumable', 'place', 'service'], when: (p) => p.local },
  { template: '{} subscription', share: 0.06, kinds: ['consumable'], when: inDomain('food', 'health') },
  { template: 'wholesale {}', share: 0.015, kinds: ['consumable'], when: inDomain('food') },
  { template: '{} in bulk', share: 0.01, kinds: ['consumable'], when: inDomain('food', 'health') },
  { template: '{} delivery', share: 0.02, kinds: ['consumable'], when: inDomain('food') },
  { template: '{} gift set', share: 0.015, kinds: ['consumable'], when: inDomain('food') },
  { template: '{} gift', share: 0.02, kinds: ['subscription'] },
  { template: 'free {}', share: 0.1, kinds: ['software', 'service', 'concept'], when: inDomain('software') },
  { template: 'affordable {}', share: 0.01, kinds: ['service'] },
  {
    template: '{} services',
    share: 0.05,
    kinds: ['service', 'concept'],
    when: (p) => !PERSON_HEADS.has(p.head) && p.head !== 'service' && inDomain('software', 'home')(p),
  },
  { template: '{} company', share: 0.02, kinds: ['service'], when: (p) => !PERSON_HEADS.has(p.head) && p.domain === 'home' },
  { template: '{} deals', share: 0.02, kinds: ['product', 'service', 'place'], when: (p) => p.kind === 'product' || p.domain === 'travel' },
  { template: '{} agency', share: 0.05, kinds: ['concept'], when: inDomain('software') },
  { template: '{} quote', share: 0.01, kinds: ['service'], when: inDomain('home', 'finance') },
  // Software and marketing only
  { template: '{} tools', share: 0.05, kinds: ['service', 'concept'], when: inDomain('software') },
  { template: '{} template', share: 0.02, kinds: ['service', 'concept', 'software'], when: inDomain('software') },
  { template: '{} strategy', share: 0.03, kinds: ['concept'], when: inDomain('software') },
  { template: '{} course', share: 0.03, kinds: ['concept'], when: inDomain('software') },
  { template: '{} statistics', share: 0.01, kinds: ['concept'], when: inDomain('software') },
  { template: '{} software', share: 0.06, kinds: ['service', 'concept'], when: (p) => p.domain === 'software' && p.head !== 'software' },
  { template: '{} for small business', share: 0.03, kinds: ['service', 'concept', 'software'], when: inDomain('software', 'finance') },
  { template: '{} examples', share: 0.02, kinds: ['concept', 'software'], when: inDomain('software') },
  // A keyword that is already a whole search only gets endings
  { template: '{} at home', share: 0.1, kinds: ['phrased'], when: (p) => howTo(p) && inDomain('food', 'health')(p) },
  { template: '{} for beginners', share: 0.08, kinds: ['phrased'], when: howTo },
  { template: '{} step by step', share: 0.06, kinds: ['phrased'], when: howTo },
  { template: '{} properly', share: 0.04, kinds: ['phrased'], when: howTo },
  { template: '{} video', share: 0.03, kinds: ['phrased'], when: howTo },
  {
    template: '{} reddit',
    share: 0.05,
    kinds: ['phrased'],
    when: (p) => QUESTION_START.test(p.phrase) || /^(best|top) |\bvs\b/.test(p.phrase),
  },
  { template: '{} open now', share: 0.1, kinds: ['phrased'], when: (p) => p.phrase.endsWith(' near me') },
]

/**
 * Endings a search that already has a modifier still takes ("best coffee grinder" → "best coffee
 * grinder for espresso", "cheap flights" → "cheap flights for students"); conditions read its core phrase.
 */
const REWRAP_FRAMES: Frame[] = [
  { template: '{} for {use}', share: 0.15, kinds: NOUNS, when: (p) => opensWith(p, 'best', 'top', 'cheap', 'affordable') && plain(p) },
  { template: '{} near me', share: 0.2, kinds: NOUNS, when: (p) => p.local && opensWith(p, 'best', 'cheap', 'affordable') && plain(p) },
  { template: '{} online', share: 0.1, kinds: GOODS, when: (p) => opensWith(p, 'cheap') && plain(p) },
  {
    template: '{} deals',
    share: 0.05,
    kinds: NOUNS,
    when: (p) => opensWith(p, 'cheap') && (p.kind === 'product' || p.domain === 'travel'),
  },
  { template: '{} reviews', share: 0.05, kinds: NOUNS, when: (p) => opensWith(p, 'best', 'top') },
  {
    template: '{} for beginners',
    share: 0.05,
    kinds: ['product', 'consumable', 'software'],
    when: (p) => opensWith(p, 'best') && plain(p),
  },
]

/** Words that may repeat between a seed and its modifier. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'for',
  'of',
  'is',
  'are',
  'do',
  'does',
  'in',
  'on',
  'with',
  'how',
  'what',
  'why',
  'and',
  'so',
  'it',
])

function slotValues(slot: string, p: Profile): string[] {
  const topic = p.topic
  if (slot === 'verb') return HEAD_VERBS[p.head] ?? KIND_VERBS[p.kind === 'phrased' ? 'generic' : p.kind]
  if (slot === 'use') {
    // A phrase that already names what it is for ("cold brew coffee", "espresso beans") takes no other use.
    const allUses = Object.values(topic?.uses ?? {}).flat()
    return allUses.some((use) => contains(p.phrase, use)) ? [] : byHead(topic?.uses, p.head)
  }
  if (slot === 'versus') return byHead(topic?.versus, p.head)
  if (slot === 'fact') return topic?.facts[p.head] ?? (p.kind === topic?.kind ? (topic?.facts['*'] ?? []) : [])
  return ['']
}

/** Every keyword a frame makes of a phrase: one per verb, use, comparison or fact it takes. */
function applyFrame(frame: Frame, p: Profile): string[] {
  if (!frame.kinds.includes(p.kind) || (frame.when && !frame.when(p))) return []
  const slot = /\{(verb|use|versus|fact)\}/.exec(frame.template)?.[1]
  const seedWords = new Set(p.words.map(singular))
  const out: string[] = []
  for (const value of slot ? slotValues(slot, p) : ['']) {
    const filled = frame.template
      .replace('{a}', article(p))
      .replace('{be}', p.plural ? 'are' : 'is')
      .replace('{do}', p.plural ? 'do' : 'does')
    // A modifier never repeats the seed's own words ("best best …", "coffee subscription subscription").
    const added = words(filled.replace('{}', ' ').replace(`{${slot}}`, slot === 'versus' ? '' : value))
    if (added.some((word) => !STOP_WORDS.has(word) && seedWords.has(singular(word)))) continue
    if (
      slot === 'versus' &&
      (contains(singularPhrase(value), singularPhrase(p.phrase)) || contains(singularPhrase(p.phrase), singularPhrase(value)))
    ) {
      continue
    }
    const keyword = words(filled.replace(`{${slot}}`, value).replace('{}', p.phrase)).join(' ')
    if (isValidKeyword(keyword)) out.push(keyword)
  }
  return out
}

/** Intents take turns, so the first few suggestions already mix questions, comparisons and purchases. */
function interleaveByIntent(keywords: string[], seed: string): string[] {
  const groups = new Map<Intent, string[]>()
  for (const keyword of [...new Set(keywords)].sort((a, b) => unitHash(a, seed) - unitHash(b, seed))) {
    const label = intentOf(keyword).label
    groups.set(label, [...(groups.get(label) ?? []), keyword])
  }
  const lists = [...groups.values()].sort((a, b) => unitHash(a[0]!, seed) - unitHash(b[0]!, seed))
  const out: string[] = []
  for (let i = 0; out.length < keywords.length && lists.some((list) => i < list.length); i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!)
  }
  return out
}

/** Keyword suggestions: searches that contain the seed, in the phrasings that fit what it names. */
export function suggestionsFor(seed: string, limit: number): string[] {
  const p = profileOf(seed)
  const core = p.kind === 'phrased' && !QUESTION_START.test(p.phrase) ? coreOf(p.phrase) : undefined
  const found = core
    ? REWRAP_FRAMES.flatMap((frame) => applyFrame(frame, { ...profileOf(core), phrase: p.phrase, words: p.words }))
    : FRAMES.flatMap((frame) => applyFrame(frame, p))
  return interleaveByIntent(
    found.filter((keyword) => keyword !== p.phrase),
    p.phrase,
  ).slice(0, limit)
}

// ---------------------------------------------------------------------------------------------
// Neighbours: related searches and keyword ideas

const ALL_QUALIFIERS = [...new Set(TOPICS.flatMap((topic) => Object.values(topic.qualifiers).flat()))].sort((a, b) => b.length - a.length)

/** The phrase's leading qualifier and the rest ("light roast coffee beans" → "light roast", "coffee beans"). */
function leadingQualifier(phrase: string, qualifiers = ALL_QUALIFIERS): { qualifier: string; rest: string } | undefined {
  for (const qualifier of [...qualifiers].sort((a, b) => b.length - a.length)) {
    if (!phrase.startsWith(`${qualifier} `)) continue
    const rest = phrase.slice(qualifier.length + 1)
    if (rest) return { qualifier, rest }
  }
  return undefined
}

/** Word pairs that only make sense together ("pour over", "whole bean"): a phrase is never cut between them. */
const COMPOUNDS = new Set(
  TOPICS.flatMap((topic) => [
    ...topic.words,
    ...topic.siblings,
    ...Object.values(topic.qualifiers).flat(),
    ...Object.values(topic.uses).flat(),
  ])
    .map((entry) => words(entry))
    .filter((list) => list.length >= 2)
    .map((list) => `${list[0]} ${list[1]}`),
)

/** The phrase a modified keyword is about, every modifier peeled off: "best hiking boots for women" → "hiking boots". */
function coreOf(keyword: string): string | undefined {
  let phrase = keyword
  for (let layer = peelFrame(phrase); layer && isPhrased(phrase); layer = peelFrame(phrase)) phrase = layer.inner
  return phrase === keyword ? undefined : phrase
}

/** What a question is about: "how to dial in espresso" → "espresso", "what is an seo audit" → "seo audit". */
function questionObject(phrase: string): string | undefined {
  let rest = phrase.replace(
    /^(how to|how do (i|you)|what (is|are)( the best)?|why (is|are)|is|are|where to buy|how long (do|does)|how much (is|does|do))\s+/,
    '',
  )
  if (phrase.startsWith('how ')) rest = rest.replace(new RegExp(`^(${ALL_VERBS.join('|')})\\s+`), '')
  rest = rest
    .replace(/^(an?|the)\s+/, '')
    .replace(/\s+(worth it|so expensive|last|cost)$/, '')
    .trim()
  return rest && rest !== phrase ? rest : undefined
}

/**
 * The thing a search is about, its phrasing peeled off: "best single origin coffee for espresso" →
 * "single origin coffee", "how to store coffee beans" → "coffee beans". A plain phrase is its own subject.
 */
export function subjectOf(keyword: string): string {
  const phrase = words(keyword).join(' ')
  const peeled = QUESTION_START.test(phrase) ? questionObject(phrase) : coreOf(phrase)
  return peeled && peeled !== phrase && !QUESTION_START.test(peeled) ? subjectOf(peeled) : (peeled ?? phrase)
}

/**
 * Related searches of one keyword: the same thing narrowed by another qualifier, the broader
 * phrase, sibling topics from the lexicon, and the commonest phrasings of the keyword itself.
 */
export function relatedTo(keyword: string): string[] {
  const p = profileOf(keyword)
  if (p.kind === 'phrased') {
    // A whole search is related to what it is about and to the other ways of searching for that.
    const object = QUESTION_START.test(p.phrase) ? questionObject(p.phrase) : coreOf(p.phrase)
    if (!object) return suggestionsFor(p.phrase, 8)
    const question = QUESTION_START.test(p.phrase)
    const others = suggestionsFor(object, 60).filter((k) => k !== p.phrase && QUESTION_START.test(k) === question)
    return [...new Set([object, ...others.slice(0, 6), ...suggestionsFor(p.phrase, 1)])].slice(0, 8)
  }
  const pick = (list: string[], count: number, salt: string) =>
    [...new Set(list)]
      .filter((k) => k !== p.phrase && isValidKeyword(k))
      .sort((a, b) => unitHash(a, `${p.phrase}|${salt}`) - unitHash(b, `${p.phrase}|${salt}`))
      .slice(0, count)

  // Another qualifier instead of the phrase's own ("specialty coffee beans" → "light roast coffee beans"); never stacked.
  // Qualifiers listed for the head, or the topic's general ones when the head is the kind of thing the topic is about.
  const qualifiers = p.topic?.qualifiers[p.head] ?? (p.kind === p.topic?.kind ? (p.topic?.qualifiers['*'] ?? []) : [])
  const [first = '', ...others] = p.words
  const named = others.length > 0 && !isKnown(first) ? { qualifier: first, rest: others.join(' ') } : undefined
  const stripped = leadingQualifier(p.phrase, qualifiers) ?? named
  const base = stripped?.rest ?? p.phrase
  const baseWords = new Set(words(base).map(singular))
  const narrower =
    words(base).length > 2
      ? []
      : qualifiers
          .filter((qualifier) => !words(qualifier).some((word) => baseWords.has(singular(word))))
          .map((qualifier) => `${qualifier} ${base}`)
  // The broader phrase: without its qualifier or first word ("kona coffee beans" → "coffee beans"), or without its head ("specialty coffee").
  const broader: string[] = []
  if (stripped && words(stripped.rest).length >= 2) broader.push(stripped.rest)
  else if (p.words.length >= 3 && !COMPOUNDS.has(p.words.slice(0, 2).join(' '))) broader.push(p.words.slice(1).join(' '))
  const penultimate = HEAD_KINDS[singular(p.words.at(-2) ?? '')]
  const withoutHead = p.words.slice(0, -1).join(' ')
  if (
    p.words.length >= 3 &&
    penultimate &&
    penultimate !== 'activity' &&
    !COMPOUNDS.has(p.words.slice(-2).join(' ')) &&
    !ALL_QUALIFIERS.includes(withoutHead)
  ) {
    broader.push(withoutHead)
  }
  const siblings = p.topic?.siblings ?? []
  const common = suggestionsFor(p.phrase, 40).filter((k) => /^(best|how to) |near me$/.test(k))
  const chosen = [
    ...pick(broader, 2, 'broader'),
    ...pick(narrower, 3, 'narrower'),
    ...pick(siblings, 3, 'siblings'),
    ...pick(common, 2, 'common'),
  ]
  const fill = chosen.length < 8 ? pick(suggestionsFor(p.phrase, 40), 8 - chosen.length, 'fill') : []
  return [...new Set([...chosen, ...fill])].filter((k) => k !== p.phrase)
}

/** Depth 0 is the seed; each further level holds the related searches of every keyword of the last. */
export function relatedFor(seed: string, depth: number, limit: number): { keyword: string; depth: number }[] {
  const normalized = words(seed).join(' ')
  const out = [{ keyword: normalized, depth: 0 }]
  const seen = new Set([normalized])
  let level = [normalized]
  for (let d = 1; d <= depth && out.length < limit; d++) {
    const next: string[] = []
    for (const parent of level) {
      for (const keyword of relatedTo(parent)) {
        if (seen.has(keyword)) continue
        seen.add(keyword)
        next.push(keyword)
        out.push({ keyword, depth: d })
      }
    }
    level = next
  }
  return out.slice(0, limit)
}

/** Keyword ideas for a list of seeds: their neighbours and phrasings, taking turns across the seeds. */
export function ideasFor(seeds: string[], limit: number): string[] {
  const normalized = [...new Set(seeds.map((seed) => words(seed).join(' ')))]
  const pools = normalized.map((seed) =>
    [...new Set([...relatedTo(seed), ...suggestionsFor(seed, 40)])].sort(
      (a, b) => unitHash(a, `idea|${seed}`) - unitHash(b, `idea|${seed}`),
    ),
  )
  const seen = new Set(normalized)
  const out: string[] = []
  for (let i = 0; out.length < limit && pools.some((pool) => i < pool.length); i++) {
    for (const pool of pools) {
      const keyword = pool[i]
      if (keyword === undefined || seen.has(keyword) || out.length >= limit) continue
      seen.add(keyword)
      out.push(keyword)
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Volume: a core phrase's own volume, times the share of searchers who add each modifier

const ALL_VERBS = [...new Set([...Object.values(HEAD_VERBS).flat(), ...Object.values(KIND_VERBS).flat()])].sort(
  (a, b) => b.length - a.length,
)
const ALL_FACTS = [...new Set(TOPICS.flatMap((topic) => Object.values(topic.facts).flat()))].sort((a, b) => b.length - a.length)

/** Each frame as a pattern that finds the phrase inside a keyword, longest literal text first. */
const PEELERS = [...FRAMES, ...REWRAP_FRAMES]
  .filter((frame, i, all) => all.findIndex((other) => other.template === frame.template) === i)
  .map((frame) => {
    const source = frame.template
      .replace('{a}', '(?:an? )?')
      .replace('{be}', '(?:is|are)')
      .replace('{do}', '(?:do|does)')
      .replace('{verb}', `(?:${ALL_VERBS.join('|')})`)
      .replace('{fact}', `(?:${ALL_FACTS.join('|')})`)
      .replace(/\{(use|versus)\}/, '.+')
      .replace('{}', '(.+)')
    return {
      pattern: new RegExp(`^${source}$`),
      share: frame.share,
      prefixed: !frame.template.startsWith('{}'),
      literal: frame.template.replace(/\{[a-z]*\}/g, '').length,
    }
  })
  .sort((a, b) => b.literal - a.literal)

/** The phrase inside a keyword that adds a modifier to it ("best hiking boots for women" → "hiking boots for women"). */
function peelFrame(keyword: string): { inner: string; share: number; prefixed: boolean } | undefined {
  for (const { pattern, share, prefixed } of PEELERS) {
    const inner = pattern.exec(keyword)?.[1]?.trim()
    if (inner && inner !== keyword) return { inner, share, prefixed }
  }
  return undefined
}

/**
 * A whole search rather than a name for something: a question, a comparison, or a phrase with a modifier that
 * does not end in a noun ("best hiking boots", "hiking boots near me", but not "coffee subscription").
 */
function isPhrased(phrase: string): boolean {
  // A comparison is a whole search: "pour over vs instant coffee" is not a kind of coffee to buy in bulk.
  if (QUESTION_START.test(phrase) || /\b(vs|versus)\b/.test(phrase)) return true
  const layer = peelFrame(phrase)
  if (!layer) return false
  const last = singular(phrase.split(' ').at(-1) ?? '')
  return layer.prefixed || !(last in HEAD_KINDS)
}

/** The keyword one modifier shorter, and the share of the shorter phrase's searches it gets. */
function peel(keyword: string): { inner: string; share: number } | undefined {
  const framed = peelFrame(keyword)
  if (framed) return framed
  const stripped = leadingQualifier(keyword)
  if (stripped) return { inner: stripped.rest, share: 0.04 + 0.2 * unitHash(stripped.qualifier, stripped.rest) }
  // A name or place before a known thing narrows it like a qualifier: "kona espresso" is searched less than "espresso".
  const [first, ...rest] = words(keyword)
  const last = singular(rest.at(-1) ?? '')
  if (first && rest.length > 0 && !isKnown(first) && (last in HEAD_KINDS || MASS_NOUNS.has(last))) {
    return { inner: rest.join(' '), share: 0.02 + 0.25 * unitHash(keyword, 'narrow') }
  }
  return undefined
}

const KNOWN_WORDS = new Set(
  [
    ...TOPICS.flatMap((topic) => [
      ...topic.words,
      ...topic.siblings,
      ...Object.values(topic.facts).flat(),
      ...Object.values(topic.qualifiers).flat(),
      ...Object.values(topic.uses).flat(),
      ...Object.values(topic.versus).flat(),
    ]),
    ...Object.keys(HEAD_KINDS),
  ].flatMap((entry) => words(entry).map(singular)),
)

/** A word of the lexicon; "single-origin" counts when each of its parts does. */
const isKnown = (word: string) => word.split('-').every((part) => KNOWN_WORDS.has(singular(part)))

/** Median log10 volume of a phrase without modifiers, by its number of words, and the range it stays in. */
const CORE = [
  { mu: 4.0, min: 1000, max: 49500 },
  { mu: 4.0, min: 1000, max: 49500 },
  { mu: 3.6, min: 1000, max: 49500 },
  { mu: 2.85, min: 40, max: 9900 },
  { mu: 2.3, min: 10, max: 2400 },
  { mu: 1.8, min: 10, max: 720 },
  { mu: 1.4, min: 10, max: 320 },
]

function coreVolume(phrase: string) {
  const list = words(phrase)
  const core = CORE[Math.min(list.length, CORE.length - 1)]!
  const unknown = list.filter((word) => !isKnown(word)).length
  // Phrases of words people use for the topic are searched more than ones with a name or a rare word.
  const familiarity = unknown === 0 ? 0.1 : -0.15 * Math.min(2, unknown)
  return 10 ** (core.mu + familiarity + 0.35 * normalHash(phrase, 'volume'))
}

/** Keeps a volume inside its range by folding what falls outside back in (no pile-up at the bounds). */
function fold(volume: number, min: number, max: number) {
  const [log, lo, hi] = [Math.log10(volume), Math.log10(min), Math.log10(max)]
  const folded = log < lo ? lo + Math.min(hi - lo, (lo - log) / 2) : log > hi ? hi - Math.min(hi - lo, (log - hi) / 2) : log
  return 10 ** folded
}

function rawVolume(keyword: string): number {
  const layer = peel(keyword)
  if (!layer) return coreVolume(keyword)
  return rawVolume(layer.inner) * layer.share * Math.exp(0.5 * normalHash(keyword, 'share'))
}

export function searchVolume(keyword: string): number {
  const list = words(keyword)
  const range = CORE[Math.min(list.length, CORE.length - 1)]!
  return nearestBucket(fold(rawVolume(list.join(' ')), range.min, range.max))
}

// ---------------------------------------------------------------------------------------------
// Intent, difficulty, CPC, competition

export type Intent = 'informational' | 'navigational' | 'commercial' | 'transactional'

const NAVIGATIONAL =
  /\b(login|log in|sign in|sign up|official site|official website|customer service|phone number)\b|\b[a-z0-9-]+\.(com|net|org|io|co)\b/
const BRAND_START = new RegExp(`^(${KNOWN_BRANDS.map((brand) => brand.replace('.', '\\.')).join('|')})\\b`)
const COMMERCIAL =
  /\b(best|top|top rated|vs|versus|review|reviews|compare|comparison|alternative|alternatives|brands|worth it|classes|agency)\b/
const TRANSACTIONAL =
  /\b(buy|price|prices|pricing|cheap|affordable|deal|deals|discount|coupon|promo code|order|for sale|sale|shop|cost|subscription|near me|delivery|wholesale|bulk|online|free|hire|quote|gift set)\b/
const INFORMATIONAL =
  /\b(guide|tutorial|tips|ideas|example|examples|meaning|definition|types|checklist|beginners|benefits|recipe|calories|caffeine|explained|history|statistics|course|template|strategy)\b/

export function intentOf(keyword: string): { label: Intent; probability: number } {
  const lower = words(keyword).join(' ')
  return { label: intentLabel(lower), probability: round(0.62 + 0.37 * unitHash(lower, 'intent'), 4) }
}

function intentLabel(keyword: string): Intent {
  if (NAVIGATIONAL.test(keyword)) return 'navigational'
  if (QUESTION_START.test(keyword)) {
    if (/^where to buy\b/.test(keyword)) return 'transactional'
    if (/^(what (is|are) the best|which)\b|\bworth it$/.test(keyword)) return 'commercial'
    return 'informational'
  }
  if (BRAND_START.test(keyword) && !COMMERCIAL.test(keyword) && !TRANSACTIONAL.test(keyword) && !INFORMATIONAL.test(keyword)) {
    return 'navigational'
  }
  if (COMMERCIAL.test(keyword)) return 'commercial'
  if (TRANSACTIONAL.test(keyword)) return 'transactional'
  if (INFORMATIONAL.test(keyword)) return 'informational'
  // A bare phrase naming something to buy or hire is researched before buying; anything else is learnt about.
  const kind = HEAD_KINDS[singular(words(keyword).at(-1) ?? '')]
  return kind && ['product', 'consumable', 'software', 'subscription', 'service', 'place'].includes(kind) ? 'commercial' : 'informational'
}

/** Typical cost per click of a topic's searches that are ready to buy, in USD. */
const TOPIC_CPC: Record<string, number> = { 'home services': 9, marketing: 6, software: 7, finance: 9, 'coffee gear': 1.4 }
const DOMAIN_CPC: Record<Domain, number> = {
  food: 1.1,
  home: 1.6,
  software: 6,
  health: 2,
  finance: 9,
  travel: 1.4,
  outdoor: 1.2,
  generic: 1.4,
}
const INTENT_CPC: Record<Intent, number> = { transactional: 1, commercial: 0.8, navigational: 0.35, informational: 0.22 }

export function cpc(keyword: string): number {
  const topic = topicOf(keyword)
  const base = (topic && TOPIC_CPC[topic.id]) ?? DOMAIN_CPC[topic?.domain ?? 'generic']
  const value = base * INTENT_CPC[intentOf(keyword).label] * Math.exp(0.4 * normalHash(keyword, 'cpc'))
  return Math.max(0.05, round(value, 2))
}

/** 0–100, as Google Ads' competition index: advertisers crowd searches that are ready to buy. */
export function competitionIndex(keyword: string): number {
  const { label } = intentOf(keyword)
  const base = label === 'transactional' ? 50 : label === 'commercial' ? 40 : label === 'navigational' ? 20 : 5
  const domain = topicOf(keyword)?.domain
  const lift = domain === 'software' || domain === 'finance' ? 10 : 0
  return Math.min(100, Math.round(base + lift + 45 * unitHash(keyword, 'competition')))
}

export const competitionLevel = (index: number) => (index < 34 ? 'LOW' : index < 67 ? 'MEDIUM' : 'HIGH')

/** 0–100: head terms 40–80, long tail 5–40, harder when searchers are ready to buy. */
export function keywordDifficulty(keyword: string): number {
  const volume = searchVolume(keyword)
  const count = words(keyword).length
  const { label } = intentOf(keyword)
  const value =
    6 +
    14 * (Math.log10(volume) - 1) +
    (count <= 2 ? 10 : count === 3 ? 4 : 0) +
    (label === 'commercial' || label === 'transactional' ? 8 : 0) +
    16 * (unitHash(keyword, 'difficulty') - 0.5)
  return Math.min(100, Math.max(0, Math.round(value)))
}

// ---------------------------------------------------------------------------------------------
// Monthly searches

/** The month searches peak, how far they swing and a December lift, from the keyword's topic and words. */
function seasonOf(keyword: string): { peak: number; swing: number; december: number } {
  const text = words(keyword).join(' ')
  if (/\b(christmas|stocking)\b/.test(text)) return { peak: 11, swing: 0.2, december: 1.2 }
  if (/\bgifts?\b/.test(text)) return { peak: 11, swing: 0.15, december: 0.7 }
  if (/\b(cold brew|iced|frappe|summer)\b/.test(text)) return { peak: 6.3, swing: 0.35, december: 0 }
  if (/\bhalloween\b/.test(text)) return { peak: 9.3, swing: 0.8, december: 0 }
  if (/\b(tax|taxes)\b/.test(text)) return { peak: 2.8, swing: 0.45, december: 0 }
  if (/\b(boiler|heating|radiator)\b/.test(text)) return { peak: 0, swing: 0.3, december: 0 }
  const topic = topicOf(text)
  if (topic) return { december: 0, ...topic.season }
  return { peak: unitHash(text, 'season') * 12, swing: 0.04 + 0.08 * unitHash(text, 'swing'), december: 0 }
}

/** The last 12 complete months, newest first as DataForSEO lists them, averaging to the volume. */
export function monthlySearches(keyword: string, now = new Date()) {
  const text = words(keyword).join(' ')
  const volume = searchVolume(text)
  const { peak, swing, december } = seasonOf(text)
  // A gentle drift over the year, from −12 % to +14 % between the oldest month and the newest.
  const drift = 0.26 * (unitHash(text, 'trend') - 0.46)
  const months = Array.from({ length: 12 }, (_, age) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - age, 1))
    const month = date.getUTCMonth()
    const season = 1 + swing * Math.cos(((month - peak) / 12) * 2 * Math.PI) + (month === 11 ? december : 0)
    const trend = 1 + drift * ((11 - age) / 11 - 0.5)
    const noise = 1 + 0.1 * (unitHash(text, `month-${date.getUTCFullYear()}-${month}`) - 0.5)
    return { year: date.getUTCFullYear(), month: month + 1, factor: season * trend * noise }
  })
  const mean = months.reduce((sum, item) => sum + item.factor, 0) / months.length
  return months.map(({ year, month, factor }) => ({ year, month, search_volume: nearestBucket(Math.max(10, (volume * factor) / mean)) }))
}

/** DataForSEO's search_volume_trend: percent change to the last month from the month, quarter and year before. */
export function searchVolumeTrend(keyword: string, now = new Date()) {
  const series = monthlySearches(keyword, now).map((item) => item.search_volume)
  const change = (older: number) => Math.round(((series[0]! - older) / older) * 100)
  return { monthly: change(series[1]!), quarterly: change(series[3]!), yearly: change(series[11]!) }
}

// ---------------------------------------------------------------------------------------------
// A competitor's ranked keywords

const NAME_DICTIONARY = new Set(
  [...KNOWN_WORDS, ...NAME_WORDS]
    .filter((word) => word.length >= 2 && /^[a-z]+$/.test(word))
    .flatMap((word) => [word, `${word}s`, /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : word]),
)

/** "bluebottlecoffee" → ["blue", "bottle", "coffee"]: fewest pieces, known words preferred, unknown runs kept whole. */
export function splitName(name: string): string[] {
  const text = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  const best: { cost: number; parts: string[] }[] = [{ cost: 0, parts: [] }]
  for (let end = 1; end <= text.length; end++) {
    let choice: { cost: number; parts: string[] } | undefined
    for (let start = 0; start < end; start++) {
      const piece = text.slice(start, end)
      const cost = best[start]!.cost + (NAME_DICTIONARY.has(piece) ? 1 : 3 + 0.3 * piece.length)
      if (!choice || cost < choice.cost) choice = { cost, parts: [...best[start]!.parts, piece] }
    }
    best.push(choice!)
  }
  // A made-up piece belongs to the name word beside it: "north" + "wind" → "northwind", "blue" + "bird" → "bluebird".
  const parts: string[] = []
  const known = (piece: string) => NAME_DICTIONARY.has(piece)
  const topical = (piece: string) => KNOWN_WORDS.has(singular(piece))
  for (const piece of best[text.length]!.parts) {
    const previous = parts.at(-1)
    if (previous !== undefined && (!known(piece) || !known(previous)) && !topical(piece) && !topical(previous))
      parts[parts.length - 1] = previous + piece
    else parts.push(piece)
  }
  return parts
}

/** Click-through rate of an organic position, for a keyword's estimated traffic. */
const ctrOf = (rank: number) => [0.28, 0.15, 0.1, 0.07, 0.05, 0.04, 0.03, 0.025, 0.02, 0.018][rank - 1] ?? (rank <= 20 ? 0.01 : 0.003)
const slugOf = (text: string) => text.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
const titleOf = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase())
const SHOP_WORDS =
  /\b(buy|cheap|online|price|prices|pricing|sale|for|near|me|shop|order|deals|affordable|wholesale|in|bulk|delivery|cost|quote)\b/g

export interface RankedKeyword {
  keyword: string
  rank: number
  url: string
  title: string
  etv: number
}

/**
 * What a site ranks for: its name first (it is first for its own name), then searches of the
 * topic its name belongs to ("bluebottlecoffee.com" → coffee), on pages whose paths come from the
 * keyword: guides under /blog, products or services for searches ready to buy.
 */
export function rankedFor(target: string, limit: number): RankedKeyword[] {
  const host = target.replace(/^https?:\/\//, '').replace(/\/.*$/, '')
  const label = host.replace(/^www\./, '').split('.')[0]!
  const brand = label
    .split(/[-_]+/)
    .filter(Boolean)
    .flatMap((part) => splitName(part))
    .join(' ')
  const topic = topicOf(brand)
  const brandHead = singular(brand.split(' ').at(-1) ?? '')
  const variant = LOCAL_HEADS.has(brandHead)
    ? `${brand} near me`
    : HEAD_KINDS[brandHead] === 'consumable'
      ? `${brand} subscription`
      : `${brand} reviews`
  const brandTerms = [brand, variant].filter((k) => isValidKeyword(k))

  const phrases = topic ? topic.siblings : [brand]
  const pool = [...new Set(phrases.flatMap((phrase) => [phrase, ...suggestionsFor(phrase, 8), ...relatedTo(phrase).slice(0, 3)]))].filter(
    (k) => !brandTerms.includes(k),
  )
  const chosen = pool.sort((a, b) => unitHash(a, host) - unitHash(b, host)).slice(0, Math.max(0, limit - brandTerms.length))

  const section = topic?.kind === 'service' ? 'services' : topic?.kind === 'software' ? 'features' : 'shop'
  const page = (keyword: string, rank: number) => {
    const { label: intent } = intentOf(keyword)
    const guide = intent === 'informational' || QUESTION_START.test(keyword) || /^(best|top) |\bvs\b|\breviews?\b/.test(keyword)
    const slug = guide ? slugOf(keyword) : slugOf(keyword.replace(SHOP_WORDS, ' ')) || slugOf(keyword)
    const url = `https://${host}/${guide ? 'blog' : section}/${slug}`
    return { keyword, rank, url, title: `${titleOf(keyword)} | ${titleOf(brand)}`, etv: round(searchVolume(keyword) * ctrOf(rank), 2) }
  }
  const own = brandTerms.map((keyword, i) => ({
    keyword,
    rank: i + 1,
    // The site's own name is answered by the page named after it.
    url: i === 0 ? `https://${host}/${slugOf(brand)}` : page(keyword, i + 1).url,
    title: titleOf(brand),
    etv: round(searchVolume(keyword) * ctrOf(i + 1), 2),
  }))
  const others = chosen
    .map((keyword) => page(keyword, 1 + Math.floor(50 * unitHash(keyword, `rank|${host}`) ** 1.3)))
    .sort((a, b) => b.etv - a.etv || a.keyword.localeCompare(b.keyword))
  return [...own, ...others].slice(0, limit)
}

// ---------------------------------------------------------------------------------------------
// Envelope helpers

/** An id shaped like DataForSEO task ids ("MMddHHmm-1535-0xxx-0000-…"), fixed for a seed. */
export function taskId(seed: string) {
  const hex = (salt: string, length: number) =>
    Math.floor(unitHash(seed, salt) * 16 ** length)
      .toString(16)
      .padStart(length, '0')
  return `${hex('a', 8)}-1535-0${hex('b', 3)}-0000-${hex('c', 6)}${hex('d', 6)}`
}

/** DataForSEO's timestamp format; a day's resolution keeps answers identical within a day. */
export const day = () => `${new Date().toISOString().slice(0, 10)} 00:00:00 +00:00`
