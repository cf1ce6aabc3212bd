import { DEMO_WEB_PATH } from '~/server/demo-network/web/demo-web'
import { findBanned, scrubArticlePart } from '~/server/articles/banned-phrases'
import { ARTICLE_SCHEMAS, type CallToAction, type Faq, type Outline } from '~/server/articles/prompts'
import { isArticleType, type ArticleType } from '~/shared/articles/article-types'
import { stableHash } from '~/server/demo-network/llm/prompt-material'
import { articlePromptKey, type ArticlePromptLabel } from '~/server/articles/prompt-labels'
import { sourceQuote } from './demo-quote'
import { stopWordsWith } from '~/shared/text-kit'

/**
 * The demo LLM's article writer: the answer to each article prompt (src/server/articles/prompts.ts),
 * written only from the content the user message carries — the profile, the keyword, the search
 * results, the fetched sources, the article so far — and never from the instructions.
 *
 * It reads the prompts' labelled format: `Label: value` lines, `Label:` followed by `- item` lines,
 * and `Page: <url> (<role>)` blocks with Title, Headings and Text. Any other line is an instruction
 * and is ignored. Choices vary with a stable hash of the input, never with randomness.
 *
 * The grounding rule holds by construction: a section states a number only in a sentence taken from
 * a source's text (numbers untouched) that ends with a Markdown link to that source; every other
 * sentence it writes has no digit at all.
 */

/** A page the prompt carries: a search result (`result N`) or a citable source (`source N`). */
export interface MaterialPage {
  url: string
  role: string
  title: string
  headings: string[]
  text: string
}

export interface ArticleMaterial {
  /** `Label: value` lines outside pages, keyed by the lower-cased label. */
  fields: Map<string, string>
  /** `Label:` lines followed by `- item` lines, outside pages. */
  lists: Map<string, string[]>
  pages: MaterialPage[]
}

const LABEL_LINE = /^([A-Z][A-Za-z ]{0,40}):(?:\s+(.*))?$/
const ITEM_LINE = /^-\s+(.+)$/
const PAGE_VALUE = /^(\S+)\s+\(([^)]+)\)$/

/** Reads the labelled content of the prompts' user messages; free sentences (instructions) are skipped. */
export function parseArticleMaterial(text: string): ArticleMaterial {
  const material: ArticleMaterial = { fields: new Map(), lists: new Map(), pages: [] }
  let page: MaterialPage | undefined
  let list: string[] | undefined
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) {
      page = undefined
      list = undefined
      continue
    }
    const item = ITEM_LINE.exec(line)
    if (item && list) {
      list.push(item[1].trim())
      continue
    }
    list = undefined
    const labelled = LABEL_LINE.exec(line)
    if (!labelled) continue
    const label = labelled[1].trim().toLowerCase()
    const value = (labelled[2] ?? '').trim()
    if (label === articlePromptKey('page')) {
      const parts = PAGE_VALUE.exec(value)
      page = { url: parts?.[1] ?? value, role: parts?.[2].toLowerCase() ?? '', title: '', headings: [], text: '' }
      material.pages.push(page)
    } else if (page) {
      if (label === articlePromptKey('pageTitle')) page.title = value
      else if (label === articlePromptKey('pageText')) page.text = value
      else if (label === articlePromptKey('pageHeadings') && !value) list = page.headings
    } else if (value) {
      if (!material.fields.has(label)) material.fields.set(label, value)
    } else {
      list = []
      material.lists.set(label, list)
    }
  }
  return material
}

/** A `Label: value` of the prompt, by its name in the prompts' contract (articles/prompt-labels.ts). */
const fieldOf = (material: ArticleMaterial, label: ArticlePromptLabel) => material.fields.get(articlePromptKey(label))
/** A `Label:` list of the prompt, by its name in the prompts' contract. */
const listOf = (material: ArticleMaterial, label: ArticlePromptLabel) => material.lists.get(articlePromptKey(label))

// ————— Words and sentences —————

const STOP_WORDS = stopWordsWith(
  `been being but could did get gets got if into just may might more most much my no not off out should so such their them
  there they those too up us were while would yours about over very also any each every own same some other only all both`,
)
const WORD = /\p{L}[\p{L}\p{N}'’-]*/gu
const FIRST_WORD = /\p{L}[\p{L}\p{N}'’-]*/u
const URLS = /https?:\/\/\S+|www\.\S+/g
const HAS_URL = /https?:\/\/|www\./

/** A crude stem, enough to match "roasted", "roasting" and "roasts", or "store" and "storing". */
function stemOf(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '')
  if (w.length > 6 && w.endsWith('ness')) w = w.slice(0, -4)
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 5 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`
  else if (w.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(w)) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w
}

function stemsOf(text: string): Set<string> {
  const words = text.replace(URLS, ' ').toLowerCase().match(WORD) ?? []
  return new Set(words.filter((word) => word.length > 2 && !STOP_WORDS.has(word)).map(stemOf))
}

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((stem) => b.has(stem)).length
const without = (a: ReadonlySet<string>, b: ReadonlySet<string>) => new Set([...a].filter((stem) => !b.has(stem)))
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = overlap(a, b)
  return shared === 0 ? 0 : shared / (a.size + b.size - shared)
}

const hasDigit = (text: string) => /\d/.test(text)
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length
const capitalise = (text: string) => text.replace(/\p{L}/u, (letter) => letter.toUpperCase())
/** A line compared without case, markup prefixes ("H2:") or punctuation. */
const normalizedLine = (text: string) =>
  text
    .replace(/^h[1-6]:\s*/i, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
const withoutEndPunctuation = (text: string) => text.trim().replace(/[\s.,;:!]+$/, '')
const pick = <T>(options: readonly T[], seed: number, salt = 0): T => options[(seed + salt * 7919) % options.length]

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

const possessive = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`)

function joinList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

const FIRST_PERSON = /\b(?:i|we|we're|we've|our|ours|us|my|me)\b/i
const BOILERPLATE =
  /\b(?:click|subscribe|sign up|cookies?|newsletter|log in|cart|checkout|comments?|affiliate|read more|below|above|this (?:article|post|guide|page|review))\b/i

/** A sentence a page states about the topic in its own right: whole, impersonal, free of site chrome. */
function isStatement(sentence: string): boolean {
  const words = wordCount(sentence)
  return (
    words >= 6 &&
    words <= 40 &&
    /^["“‘(]?[\p{Lu}\p{N}]/u.test(sentence) &&
    /[.!]["”’)]?$/.test(sentence) &&
    !FIRST_PERSON.test(sentence) &&
    !BOILERPLATE.test(sentence) &&
    !HAS_URL.test(sentence)
  )
}

// ————— Casing —————

/** Lower-cased word → how the material writes it: acronyms and brands ("CRM", "AeroPress"), names inside sentences ("Ethiopia"). */
type Casing = ReadonlyMap<string, string>

const isAcronymLike = (word: string) => /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u.test(word)

function learnCasing(prose: string[], labels: string[]): Casing {
  const forms = new Map<string, string>()
  const names = new Map<string, string>()
  const lowered = new Set<string>()
  for (const text of prose)
    for (const sentence of splitSentences(text.replace(URLS, ' '))) {
      for (const [index, [word]] of [...sentence.matchAll(WORD)].entries()) {
        const lower = word.toLowerCase()
        if (word === lower) lowered.add(lower)
        else if (isAcronymLike(word)) forms.set(lower, forms.get(lower) ?? word)
        // A capital inside a sentence marks a name ("from Ethiopia"); at its start it marks nothing.
        else if (index > 0) names.set(lower, names.get(lower) ?? word)
      }
    }
  for (const text of labels) {
    if (text === text.toUpperCase()) continue
    for (const [word] of text.replace(URLS, ' ').matchAll(WORD)) {
      if (isAcronymLike(word)) forms.set(word.toLowerCase(), forms.get(word.toLowerCase()) ?? word)
    }
  }
  for (const [lower, name] of names) if (!lowered.has(lower) && !forms.has(lower)) forms.set(lower, name)
  return forms
}

const cased = (text: string, casing: Casing) => text.replace(WORD, (word) => casing.get(word.toLowerCase()) ?? word)

/** "How To Choose The Right CRM" → "How to choose the right CRM". */
function sentenceCase(text: string, casing: Casing): string {
  const shouting = text === text.toUpperCase()
  return capitalise(
    text.replace(WORD, (word) => casing.get(word.toLowerCase()) ?? (!shouting && isAcronymLike(word) ? word : word.toLowerCase())),
  )
}

/** Two or more words, every word but the small ones capitalised. */
function isTitleCased(text: string): boolean {
  const words = text.match(WORD) ?? []
  const significant = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()))
  return words.length >= 2 && significant.length >= 2 && significant.every((word) => /^\p{Lu}/u.test(word))
}

/** Lower-cases the first word unless it is a name or an acronym, to continue a sentence with it. */
function lowerFirst(text: string, casing: Casing): string {
  return text.replace(
    FIRST_WORD,
    (word) => casing.get(word.toLowerCase()) ?? (isAcronymLike(word) || word === 'I' ? word : word.toLowerCase()),
  )
}

const SMALL_WORDS = new Set('a an and as at but by for in nor of on or per the to vs via with from into'.split(' '))

function titleCase(text: string, casing: Casing): string {
  let first = true
  return text.replace(/\S+/g, (token) => {
    const [, before = '', core = '', after = ''] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(token) ?? []
    const small = !first && SMALL_WORDS.has(core.toLowerCase())
    first = /[:?!]$/.test(token)
    const word =
      casing.get(core.toLowerCase()) ??
      (isAcronymLike(core) ? core : small ? core.toLowerCase() : core.toLowerCase().split('-').map(capitalise).join('-'))
    return before + word + after
  })
}

// ————— The brief —————

type Intent =
  | { kind: 'how-to'; subject: string }
  | { kind: 'best'; subject: string }
  | { kind: 'versus'; subject: string; a: string; b: string }
  | { kind: 'question'; subject: string }
  | { kind: 'topic'; subject: string }

const QUESTION_START = /^(?:what|why|when|where|which|who|how|can|does|do|is|are|should|will)\b/

/** What kind of search the keyword is, and what it is about ("best coffee beans" → best, "coffee beans"). */
function intentOf(keyword: string): Intent {
  const howTo = /^how to (.+)$/.exec(keyword)
  if (howTo) return { kind: 'how-to', subject: howTo[1] }
  const versus = /^(.+?)\s+(?:vs\.?|versus)\s+(.+)$/.exec(keyword)
  if (versus) return { kind: 'versus', subject: keyword, a: versus[1], b: versus[2] }
  const best = /^(?:best|top)\s+(.+)$/.exec(keyword)
  if (best) return { kind: 'best', subject: best[1] }
  if (QUESTION_START.test(keyword) || keyword.endsWith('?')) {
    const subject = keyword
      .replace(/\?$/, '')
      .replace(/^(?:what|why|when|where|which|who|how)(?:\s+(?:is|are|do|does|can|should|much|many|long))?(?:\s+(?:i|you|we))?\s+/, '')
      .replace(/^(?:can|does|do|is|are|should|will)\s+/, '')
      .replace(/^(?:a|an|the)\s+/, '')
    return { kind: 'question', subject: subject || keyword }
  }
  return { kind: 'topic', subject: keyword }
}

interface WriterContext {
  /** The keyword as searched, lower case. */
  keyword: string
  /** The keyword as prose writes it ("crm for startups" → "CRM for startups"). */
  display: string
  intent: Intent
  /** The business's name, or "our team" when the profile gives none. */
  business: string
  hasBusinessName: boolean
  description: string
  valueProposition: string
  services: string[]
  audiences: string[]
  casing: Casing
  seed: number
}

const splitList = (value: string) =>
  value
    .split(/\s*,\s*/)
    .map((item) => item.trim())
    .filter(Boolean)

function readContext(material: ArticleMaterial): WriterContext {
  const field = (label: ArticlePromptLabel) => fieldOf(material, label) ?? ''
  const keyword = (field('keyword') || field('articleTitle') || 'this topic').replace(/\s+/g, ' ').trim().toLowerCase()
  const prose = [
    ...material.pages.map((page) => page.text),
    field('description'),
    field('valueProposition'),
    field('introduction'),
    field('article'),
  ]
  const labels = [
    ...material.pages.flatMap((page) => [page.title, ...page.headings]),
    field('business'),
    field('services'),
    field('audience'),
    field('articleTitle'),
  ]
  const casing = learnCasing(prose, labels)
  // A writer addresses the reader: a searcher's "near me" reads "near you" in the article (the
  // exact keyword is then missing, which the SEO score reports, as it would for any writer).
  const phrased = keyword.replace(/\bnear me\b/g, 'near you')
  return {
    keyword,
    display: cased(phrased, casing),
    intent: intentOf(phrased),
    business: field('business') || 'our team',
    hasBusinessName: Boolean(field('business')),
    description: field('description'),
    valueProposition: field('valueProposition'),
    services: splitList(field('services')),
    audiences: splitList(field('audience')),
    casing,
    seed: stableHash(keyword),
  }
}

// ————— Outline —————

interface HeadingCandidate {
  text: string
  stems: Set<string>
  places: Array<{ page: number; index: number }>
  /** Mean relative position in the pages that carry it (0 = top). */
  position: number
  score: number
}

const NUMBERING = /^(?:(?:step|tip|part|chapter)\s*\d+\s*[:.)–-]?\s*|#?\d+\s*[.):–-]\s*)/i
const NAVIGATION =
  /^(?:home|blog|contact(?: us)?|menu|about(?: us)?|shop|cart|search|log ?in|sign up|subscribe|privacy policy|terms.*|follow us|share.*|read more|related (?:posts|articles)|recent posts|categories|tags|comments?|leave a (?:comment|reply))$/i
const NOT_A_SECTION =
  /\b(?:conclusion|summary|final thoughts|wrapping up|faqs?|frequently asked questions|table of contents|about the author|methodology|disclosure|newsletter)\b/i
const IMPERATIVE_START =
  /^(?:choose|pick|select|buy|store|use|check|avoid|find|compare|measure|track|keep|set up|plan|build|look for|try|start)\s/i
const REPHRASINGS: Array<[RegExp, string]> = [
  [/^the importance of (.+)$/i, 'why $1 matters'],
  [/^(?:the |a )?(?:complete |ultimate |beginner'?s |quick )?guide to (.+)$/i, '$1: the essentials'],
  [/^(?:everything )?(?:you need to know|what to know) about (.+)$/i, '$1: what to know'],
  [/^tips (?:for|on) (.+)$/i, 'practical tips for $1'],
  [/^understand(?:ing)? (.+)$/i, 'making sense of $1'],
]
const AUXILIARIES = new Set('is are was were do does did can could should will would much many long often makes make'.split(' '))
/** Words a heading may add to the keyword and still say nothing more ("The best espresso beans: a guide"). */
const EMPTY_ADDITIONS = new Set(['best', 'top', 'guide', 'complete', 'ultimate', 'review', 'essential', 'what', 'know'])

/** A result's heading as our section heading: numbering and chrome gone, sentence case, lightly rephrased. */
function rephraseHeading(raw: string, casing: Casing): string {
  let text = raw
    .replace(NUMBERING, '')
    .replace(/[\s.:;,–-]+$/, '')
    .trim()
  for (const [pattern, replacement] of REPHRASINGS) text = text.replace(pattern, replacement)
  if (IMPERATIVE_START.test(text)) text = `how to ${text}`
  const [first = '', second = ''] = text.toLowerCase().split(/\s+/)
  if (!text.endsWith('?') && QUESTION_START.test(first) && AUXILIARIES.has(second)) text += '?'
  return sentenceCase(text, casing)
}

/** Names no section may carry: the business's and the ranking sites' ("… | Bean Review", beanreview.example). */
function brandNames(business: string, results: MaterialPage[]): string[] {
  const brands = results.flatMap((page) => {
    const segments = page.title.split(/\s[|–—-]\s/)
    const host = /^https?:\/\/(?:www\.)?([^./]+)/i.exec(page.url)?.[1]
    return [...(segments.length > 1 ? [segments.at(-1)!] : []), ...(host ? [host] : [])]
  })
  return [business, ...brands].map((name) => name.trim().toLowerCase()).filter((name) => name.length > 2)
}

/** Stems the results share: the topic's vocabulary, so a heading about shipping or a newsletter falls away. */
function topicStems(results: MaterialPage[], keywordStems: Set<string>): Set<string> {
  const pagesWith = new Map<string, number>()
  for (const page of results)
    for (const stem of stemsOf([page.title, ...page.headings, page.text].join(' '))) pagesWith.set(stem, (pagesWith.get(stem) ?? 0) + 1)
  const shared = [...pagesWith].filter(([, count]) => count >= Math.min(2, results.length)).map(([stem]) => stem)
  return new Set([...keywordStems, ...shared])
}

const MIN_SECTION_STATEMENTS = 5

function headingCandidates(results: MaterialPage[], context: WriterContext, keywordStems: Set<string>): HeadingCandidate[] {
  const topic = topicStems(results, keywordStems)
  const brands = brandNames(context.business, results)
  const candidates: HeadingCandidate[] = []
  results.forEach((page, pageIndex) => {
    page.headings.forEach((raw, index) => {
      const text = rephraseHeading(raw, context.casing)
      const stems = stemsOf(text)
      const lower = text.toLowerCase()
      const words = wordCount(text)
      if (words < 2 || words > 12 || hasDigit(text) || NAVIGATION.test(raw.trim()) || NOT_A_SECTION.test(text)) return
      if (FIRST_PERSON.test(text) || brands.some((brand) => lower.includes(brand)) || overlap(stems, topic) === 0) return
      if ([...without(stems, keywordStems)].every((stem) => EMPTY_ADDITIONS.has(stem))) return
      const place = { page: pageIndex, index }
      const position = index / Math.max(1, page.headings.length)
      const same = candidates.find((candidate) => similarity(candidate.stems, stems) >= 0.5)
      if (same) {
        if (!same.places.some((known) => known.page === pageIndex))
          same.position = (same.position * same.places.length + position) / (same.places.length + 1)
        same.places.push(place)
      } else candidates.push({ text, stems, places: [place], position, score: 0 })
    })
  })
  // A heading is a section only where the results say enough under it for 80 words of substance:
  // five distinct plain statements (figures are cited once a section, so they do not count). A
  // heading over one figure ("How popular is …?") or two lines is left to the sections around it.
  const enough = (candidate: HeadingCandidate) => {
    const said = new Set<string>()
    let located = false
    // Headings merged for sharing the keyword ("Types of X", "How popular is X?") lend no text:
    // only those that ask the same beyond the keyword count.
    const own = without(candidate.stems, keywordStems)
    for (const { page, index } of candidate.places) {
      const source = results[page]!
      if (similarity(without(stemsOf(rephraseHeading(source.headings[index]!, context.casing)), keywordStems), own) < 0.5) continue
      const start = source.text.indexOf(source.headings[index]!)
      if (start < 0) continue
      located = true
      const from = start + source.headings[index]!.length
      const next = source.headings
        .slice(index + 1)
        .map((heading) => source.text.indexOf(heading, from))
        .filter((at) => at >= 0)
      const under = source.text.slice(from, next.length > 0 ? Math.min(...next) : undefined)
      for (const sentence of splitSentences(under)) if (isStatement(sentence) && !hasDigit(sentence)) said.add(normalizedLine(sentence))
    }
    // A page whose text does not carry its headings cannot tell what is under them: the heading stays.
    return !located || said.size >= MIN_SECTION_STATEMENTS
  }
  for (const candidate of candidates) {
    const pages = new Set(candidate.places.map((place) => place.page)).size
    candidate.score = pages * 3 + overlap(candidate.stems, keywordStems) + overlap(candidate.stems, topic) * 0.5 - candidate.position
  }
  return candidates.filter(enough).sort((a, b) => b.score - a.score || a.position - b.position)
}

/** The h2 a remaining heading belongs under: the nearest chosen one before it on the same page. */
function parentOf(candidate: HeadingCandidate, parents: HeadingCandidate[]): HeadingCandidate | undefined {
  let best: { parent: HeadingCandidate; distance: number } | undefined
  for (const place of candidate.places)
    for (const parent of parents)
      for (const at of parent.places) {
        const distance = place.index - at.index
        if (at.page === place.page && distance > 0 && distance <= 3 && (!best || distance < best.distance)) best = { parent, distance }
      }
  return best?.parent
}

function outlineTitle({ display, intent, casing, seed }: WriterContext): string {
  const keyword = titleCase(display, casing)
  const question = keyword.endsWith('?') ? keyword : `${keyword}?`
  const templates: Record<Intent['kind'], string[]> = {
    best: [
      `${keyword}: How to Choose (and What to Avoid)`,
      `${keyword}: What to Look For Before You Buy`,
      `${keyword}: An Honest Buyer's Guide`,
    ],
    'how-to': [`${keyword}: A Step-by-Step Guide`, `${keyword} (Without the Guesswork)`, `${keyword}: What Actually Works`],
    question: [`${question} A Clear, Practical Answer`, `${question} Here's What You Need to Know`],
    versus: [`${keyword}: Key Differences and Which to Choose`, `${keyword}: Which Is Right for You?`],
    topic: [
      `${keyword}: The Complete Guide`,
      `${keyword} Explained: What It Is and How to Get It Right`,
      `A Practical Guide to ${keyword}`,
      `${keyword}: Everything You Need to Know`,
    ],
  }
  return pick(templates[intent.kind], seed)
}

/** Headings for a brief whose results give too little to plan from, and the closing heading. */
function templateHeadings({ intent, casing, seed }: WriterContext): { fillers: string[]; closing: string } {
  const subject = cased(intent.subject, casing)
  switch (intent.kind) {
    case 'best':
      return {
        fillers: [
          `What to look for in ${subject}`,
          `How to compare ${subject}`,
          `Common mistakes when buying ${subject}`,
          `How to get the most from ${subject}`,
        ],
        closing: `Choosing the right ${subject}`,
      }
    case 'how-to':
      return {
        fillers: [
          'What you need before you start',
          `How to ${subject}, step by step`,
          'Common mistakes to avoid',
          'How to tell it is working',
        ],
        closing: `How to ${subject}: a quick recap`,
      }
    case 'versus': {
      const [a, b] = [cased(intent.a, casing), cased(intent.b, casing)]
      return {
        fillers: [`How ${a} and ${b} differ`, `When ${a} is the better choice`, `When ${b} is the better choice`, 'Costs and trade-offs'],
        closing: `${capitalise(a)} or ${b}: which should you choose?`,
      }
    }
    case 'question':
      return {
        fillers: ['The short answer', 'What to consider', 'Common misconceptions', 'Where to go from here'],
        closing: `Making sense of ${subject}`,
      }
    case 'topic':
      return {
        fillers: [
          isPlural(intent.subject) ? `What ${subject} are and why they matter` : `What ${subject} is and why it matters`,
          `How to get started with ${subject}`,
          `Common mistakes with ${subject}`,
          `How to measure progress with ${subject}`,
        ],
        closing: pick([`Getting ${subject} right`, `Making the most of ${subject}`], seed),
      }
  }
}

/** Short phrases of a sentence ("beans need a few days to degas") that can stand as a section point. */
function phraseChunks(sentence: string, casing: Casing): string[] {
  return (
    withoutEndPunctuation(sentence)
      // Commas split only before a new clause: "conversation, deal and task" is one list.
      .split(
        /\s*[;:()]\s*|,\s+(?=(?:and|but|so|because|while|which|although|whereas|since|if)\s)|\s+[–—]\s+|\s+(?:because|while|although|whereas|which|so that|but|since|if|as long as)\s+/i,
      )
      .map((chunk) => chunk.replace(/^(?:and|or|but|so|then|also|that|even|especially)\s+/i, '').trim())
      .filter(
        (chunk) =>
          wordCount(chunk) >= 3 &&
          wordCount(chunk) <= 12 &&
          !hasDigit(chunk) &&
          !FIRST_PERSON.test(chunk) &&
          !/^(?:it|its|this|that|they|these|those|he|she|there|which|who|because|while|although|whereas|not|as|since|when|if|unless|though)\b/i.test(
            chunk,
          ) &&
          !/\b(?:the|a|an|of|and|or|to|with|for|in)$/i.test(chunk),
      )
      .map((chunk) => lowerFirst(chunk, casing))
  )
}

interface PointPool {
  /** Result headings not planned as sections. */
  headings: HeadingCandidate[]
  /** The results' sentences. */
  sentences: string[]
  keywordStems: Set<string>
  casing: Casing
}

/** How telling each stem is: one over the number of phrases that use it, so a word every phrase shares weighs little. */
function rarity(phrases: Array<{ stems: Set<string> }>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const { stems } of phrases) for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1)
  return new Map([...counts].map(([stem, count]) => [stem, 1 / count]))
}

const weighedOverlap = (stems: ReadonlySet<string>, focus: ReadonlySet<string>, weights: ReadonlyMap<string, number>) =>
  [...stems].reduce((sum, stem) => sum + (focus.has(stem) ? (weights.get(stem) ?? 1) : 0), 0)

/**
 * What a heading is about beyond the keyword ("How to check the roast date" → check, roast, date);
 * with one word or none of its own ("Storing coffee beans at home"), the keyword words it uses count too.
 */
function focusOf(text: string, keywordStems: Set<string>): Set<string> {
  const stems = stemsOf(text)
  const own = without(stems, keywordStems)
  return own.size > 1 ? own : stems
}

/**
 * Two to four points per heading. Each phrase of the results — a heading not planned as a section,
 * a piece of a sentence — goes to the one heading it fits best, so no two sections cover the same
 * ground; a heading left short takes phrases about the keyword:  only what the results say.
 */
function assignPoints(headings: string[], pool: PointPool): string[][] {
  const phrases: Array<{ text: string; stems: Set<string>; bonus: number }> = []
  const candidates = [
    ...pool.headings.map((candidate) => ({ text: lowerFirst(candidate.text.replace(/\?$/, ''), pool.casing), bonus: 0.25 })),
    ...pool.sentences.flatMap((sentence) => phraseChunks(sentence, pool.casing)).map((text) => ({ text, bonus: 0 })),
  ]
  for (const { text, bonus } of candidates) {
    const stems = stemsOf(text)
    if ([...headings, ...phrases.map((phrase) => phrase.text)].every((other) => similarity(stemsOf(other), stems) < 0.5))
      phrases.push({ text, stems, bonus })
  }
  const weights = rarity(phrases)
  const focuses = headings.map((heading) => focusOf(heading, pool.keywordStems))
  const assigned = headings.map((): Array<{ text: string; score: number }> => [])
  const leftovers: string[] = []
  for (const phrase of phrases) {
    // Divided by the breadth of the heading, so a phrase about dark roast goes to "Is dark roast better?" rather than to "Roast level: light, medium or dark?".
    const scores = focuses.map((focus) => weighedOverlap(phrase.stems, focus, weights) / Math.sqrt(focus.size))
    const best = scores.indexOf(Math.max(...scores))
    // A phrase that shares only the article's commonest words with a heading is not about it.
    if (weighedOverlap(phrase.stems, focuses[best] ?? new Set(), weights) >= 0.3)
      assigned[best].push({ text: phrase.text, score: scores[best] + phrase.bonus })
    else if (overlap(phrase.stems, pool.keywordStems) > 0) leftovers.push(phrase.text)
  }
  return headings.map((heading, index) => {
    const target = 2 + (stableHash(heading) % 3)
    const points = assigned[index]
      .sort((a, b) => b.score - a.score)
      .slice(0, target)
      .map((point) => point.text)
    // Points come from the results only: a heading they say little about gets fewer points, never
    // a generic one ("what it depends on") that would read the same in every article.
    while (points.length < 2 && leftovers.length > 0) points.push(leftovers.shift()!)
    return points
  })
}

/** Words of a question's frame ("how does … work", "the easiest way to …"): they name no subject a source could speak to. */
const QUESTION_FRAME_STEMS = stemsOf('work works way ways easy easiest')

function writeOutline(material: ArticleMaterial): Outline {
  const context = readContext(material)
  const results = material.pages.filter((page) => page.role.startsWith('result'))
  const keywordStems = stemsOf(context.keyword)
  const candidates = headingCandidates(results, context, keywordStems)
  const questions = (listOf(material, 'peopleAlsoAsk') ?? []).filter((question) => question.endsWith('?'))

  // Four or five h2s from the results, one or two from the questions people ask, then h3s and a closing h2: five to eight in all;
  // when the prompt asks for more sections (its `Sections` line, for a longer target), as near that as the results allow.
  // Fewer are never planned: this writer's sections run shorter than the prompt's words per section.
  const wanted = Number.parseInt(fieldOf(material, 'sections') ?? '', 10) || 0
  const main = candidates.slice(0, Math.max(4 + (context.seed % 2), wanted - 2))
  const resultSentences = results.flatMap((page) => splitSentences(page.text)).filter((sentence) => !FIRST_PERSON.test(sentence))
  const resultStems = resultSentences.map(stemsOf)
  // A question becomes a section only when the results say enough about what it asks (beyond the
  // keyword) for a section of its own, six distinct sentences or more (sites repeat each other word
  // for word); a question they say little about is left to the FAQ rather than written as filler.
  const answerable = (question: string) => {
    const focus = without(without(stemsOf(question), keywordStems), QUESTION_FRAME_STEMS)
    // A sentence another planned heading speaks to more (ownerOf) is told there, so it does not count.
    const headings = [question, ...main.map((candidate) => candidate.text)]
    const own = resultSentences.filter((_, index) => {
      if (overlap(resultStems[index]!, focus) === 0) return false
      const owner = ownerOf(resultStems[index]!, headings, keywordStems)
      return owner === undefined || owner === question
    })
    return focus.size > 0 && new Set(own.map(normalizedLine)).size >= 6
  }
  const asked = questions
    .map((question) => sentenceCase(question, context.casing))
    .filter((question) => main.every((candidate) => similarity(candidate.stems, stemsOf(question)) < 0.5) && answerable(question))
    .slice(0, main.length < 4 ? 2 : 1)
  const { fillers, closing } = templateHeadings(context)
  const filled = fillers.slice(0, Math.max(0, 4 - main.length - asked.length))
  const h3Room = Math.max(0, Math.min(3, Math.max(wanted, 7) - main.length - asked.length - filled.length))
  const children = candidates
    .filter((candidate) => !main.includes(candidate))
    .flatMap((candidate) => {
      const parent = parentOf(candidate, main)
      return parent ? [{ candidate, parent }] : []
    })
    .slice(0, h3Room)

  const planned: Array<{ heading: string; level: 'h2' | 'h3' }> = [...main]
    .sort((a, b) => a.position - b.position)
    .flatMap((parent) => [
      { heading: parent.text, level: 'h2' as const },
      ...children.filter((child) => child.parent === parent).map((child) => ({ heading: child.candidate.text, level: 'h3' as const })),
    ])
  for (const question of asked) {
    // A "what" or "why" question sets the scene, so it comes second; any other comes last.
    const secondH2 = planned.findIndex((entry, index) => index > 0 && entry.level === 'h2')
    const at = /^(?:what|why)\b/i.test(question) && secondH2 > 0 ? secondH2 : planned.length
    planned.splice(at, 0, { heading: question, level: 'h2' })
  }
  planned.push(...filled.map((heading) => ({ heading, level: 'h2' as const })))

  const pool: PointPool = {
    headings: candidates.filter((candidate) => !main.includes(candidate) && !children.some((child) => child.candidate === candidate)),
    sentences: resultSentences,
    keywordStems,
    casing: context.casing,
  }
  const points = assignPoints(
    planned.map((entry) => entry.heading),
    pool,
  )
  const recap = planned.filter((entry) => entry.level === 'h2' && !entry.heading.endsWith('?')).slice(0, 2)
  // A closing recap only where the results gave too few sections: it restates, it adds nothing.
  const sections: Outline['sections'] = [
    ...planned.map((entry, index) => ({ ...entry, points: points[index] })),
    ...(planned.length < 5
      ? [{ heading: closing, level: 'h2' as const, points: recap.map((entry) => lowerFirst(entry.heading, context.casing)) }]
      : []),
  ]
  return typedOutline({ title: outlineTitle(context), sections }, articleTypeOf(material), context)
}

// ————— Section —————

const REWORDINGS: Array<[RegExp, string]> = [
  [/\byou should\b/gi, 'it pays to'],
  [/\bit is important to\b/gi, 'it pays to'],
  [/\bin order to\b/gi, 'to'],
  [/\ba lot of\b/gi, 'plenty of'],
  [/\bmake sure\b/gi, 'be sure'],
  [/\bvery /gi, ''],
]

/**
 * A source's sentence in our words: a connector in front, a few plain rewordings; numbers are left exactly as they are.
 * Connectors end in a comma, so they read as well before an instruction ("In practice, store…") as before a statement.
 */
function paraphrase(sentence: string, connector: string, casing: Casing): string {
  let text = sentence.replace(/^(?:and|but|so|also|however|still),?\s+/i, '')
  for (const [pattern, replacement] of REWORDINGS) text = text.replace(pattern, replacement)
  text = capitalise(text)
  return connector ? connector + lowerFirst(text, casing) : text
}

const CONNECTORS = ['In practice, ', 'As a rule, ', 'On top of that, ', 'In most cases, ', 'Just as important, ']
const CITED_CONNECTORS = ['As a rule of thumb, ', 'To put a figure on it, ', '']
const FOLLOW_UPS = [
  'Treat that as a starting point and adjust to your own results.',
  'It is a useful benchmark rather than a hard rule.',
  'Use it as a baseline, then fine-tune from there.',
]
const LIST_LEAD_INS = [
  'A few points deserve a closer look:',
  'Keep these points in mind:',
  'Here is what to pay attention to:',
  'The points that matter here:',
  'In short:',
]
const CLOSERS = [
  'Get the basics right first, and the finer details become much easier to judge.',
  'Small, deliberate adjustments tend to pay off more than sweeping changes.',
  'None of this needs to be complicated once the fundamentals are in place.',
]
/** A finite verb: the phrase is a clause ("robusta adds body") rather than a topic ("roast level"). */
const CLAUSE_VERB =
  /(?<!\bto )\b(?:is|are|was|were|can|could|should|will|would|may|might|must|does|do|has|have|(?:matter|make|need|affect|change|work|help|get|keep|add|give|take|bring|use|cost|save|let|mean|offer|provide|stay|hold|produce|taste|look|start|come|go|lead|require|depend|break)s?)(?=\s)/i
const isClause = (phrase: string) =>
  wordCount(phrase) >= 4 && CLAUSE_VERB.test(phrase) && !/^(?:how|what|which|when|where|who|why|whether)\s/i.test(phrase)

const GERUND_START =
  /^(?:choosing|getting|making|finding|using|building|picking|buying|storing|brewing|setting|starting|keeping|learning|planning|comparing|measuring|tracking|managing)\s/i

/**
 * The section's first sentence, shaped by its heading: a question, an embedded question, a clause
 * or a topic. `choice` picks the frame: a section passes its place among the headings, so no two
 * sections of an article open with the same frame; past the frames there are, none (undefined).
 */
function openingSentence(heading: string, choice: number, casing: Casing): string | undefined {
  const pick = <T>(options: readonly T[]): T | undefined => options[choice]
  const label = heading.split(/:\s/)[0].replace(/[.!]$/, '').trim()
  // A title-cased heading ("Coffee Roasters Near You") is written in sentence case inside a sentence.
  const core = isTitleCased(label) ? sentenceCase(label, casing) : label
  const lower = lowerFirst(core, casing)
  if (heading.endsWith('?') && !heading.includes(':'))
    return [heading, pick(['The answer is less complicated than it first seems.', 'It comes up often, and it has a practical answer.'])]
      .filter(Boolean)
      .join(' ')
  const why = /^why\s+(.+)$/i.exec(core)
  if (why)
    return pick([
      `${capitalise(why[1])}, and the reasons are practical rather than theoretical.`,
      `${capitalise(why[1])}, and it is worth seeing why.`,
    ])
  if (/^(?:how|what|which|when|where|who|whether)\s/i.test(core))
    return pick([`It helps to understand ${lower} before anything else.`, `Knowing ${lower} saves a lot of trial and error.`])
  if (isClause(core)) return pick([`${capitalise(core)}, and it is worth understanding why.`])
  if (GERUND_START.test(core))
    return pick([
      `${capitalise(core)} is easier than it looks once the basics are clear.`,
      `${capitalise(core)} comes down to a handful of decisions.`,
    ])
  return pick([
    `${capitalise(core)} can make a bigger difference than most people expect.`,
    `It pays to look closely at ${lower}.`,
    `Few choices shape the outcome as much as ${lower}.`,
  ])
}

/**
 * At most one sentence about the business, from its profile: about what it offers where the section
 * touches it, or now and then about whom it serves; in half the sections, none.
 */
function profileMention(context: WriterContext, focus: ReadonlySet<string>, seed: number): string | undefined {
  if (seed % 2 === 0) return undefined
  const { business, casing } = context
  // The offer itself is told once, in the call to action; a section names the service its subject touches.
  const service = context.services.find((candidate) => overlap(stemsOf(candidate), focus) > 0)
  const mention = service ? `It is the same care that goes into ${possessive(business)} ${lowerFirst(service, casing)}.` : undefined
  return mention && !hasDigit(mention) ? mention : undefined
}

/**
 * The introduction's first sentence: the keyword as searched (or the variant the shared keyword
 * rule accepts), in a frame for its kind of search, and no frame a section uses.
 */
function introductionOpening({ display, intent, casing }: WriterContext): string {
  const plural = isPlural(intent.subject)
  switch (intent.kind) {
    case 'question':
      return `${capitalise(display.replace(/\?$/, ''))}? The short answer depends on a few things, set out below.`
    case 'how-to':
      return `Learning ${lowerFirst(display, casing)} takes less time than most people think.`
    case 'versus':
      return `${capitalise(display)} is a common comparison, and the better choice depends on what you want from it.`
    case 'best':
      return `The ${lowerFirst(display, casing)} ${plural ? 'are' : 'is'} not the same for everyone, so it pays to know what sets them apart.`
    case 'topic':
      return `${capitalise(display)} ${plural ? 'are' : 'is'} easier to get right once you know what matters.`
  }
}

const VERDICT_SECTION = /which should you choose\?$/i
const DECIDES = /\b(?:choos\w*|choice|prefer\w*|suits?|ideal|better for|best for)\b/i

/** The owner of the source sentences the introduction tells (no section heading is empty). */
const INTRODUCTION_OWNER = ''

/** A point long enough to be a source's sentence cut short (eight words or more), not a short topic. */
const hasSentenceShape = (point: string) => wordCount(point) >= 8

/** A point in a sentence: a clause as it stands ("Robusta adds body."), a topic or a question in a frame. */
function pointSentence(point: string, index: number, casing: Casing): string {
  if (isClause(point) || IMPERATIVE_START.test(point)) return `${capitalise(point)}.`
  // A question as asked ("How popular is cold brew?") stays a question; "how to …" reads as a topic.
  if (/\?$/.test(point) || /^(?:how|what|which|when|where|why)\s+(?:\S+\s+)?(?:is|are|do|does|did|can|should|will)\s/i.test(point)) {
    const question = `${point.charAt(0).toLowerCase()}${point.slice(1).replace(/\?+$/, '')}?`
    return index === 0 ? `A question worth asking first: ${question}` : `Then there is the question: ${question}`
  }
  if (/^(?:how|what|which|when|where|why|whether)\s/i.test(point)) {
    const topic = `${point.charAt(0).toLowerCase()}${point.slice(1)}`
    return index === 0 ? `It helps to know ${topic}.` : `It is also worth knowing ${topic}.`
  }
  const topic = lowerFirst(point, casing)
  return index === 0 ? `A good place to start is ${topic}.` : `It is also worth thinking about ${topic}.`
}

/**
 * A citation's link text: the site's name ("jamieoliver.com"), short, so citing one page in two
 * sections repeats no passage. A demo web page is named by the site it simulates.
 */
function sourceLabel(page: MaterialPage): string {
  try {
    const url = new URL(page.url)
    const simulated = url.pathname.startsWith(DEMO_WEB_PATH) ? url.pathname.slice(DEMO_WEB_PATH.length).split('/')[0] : undefined
    return (simulated || url.hostname).replace(/^www\./, '')
  } catch {
    return page.title || page.url
  }
}
const markdownLinkText = (text: string) => text.replace(/[[\]]/g, (bracket) => (bracket === '[' ? '(' : ')'))

interface SourceSentence {
  text: string
  page: MaterialPage
  /** How much of the section's own subject (its heading and points, beyond the keyword) the sentence speaks to. */
  relevance: number
  score: number
  order: number
}

/**
 * The one section a source sentence belongs to: the heading sharing most of its words (beyond the
 * keyword), ties settled by a stable hash. Every section's call computes the same answer from the
 * same headings, so no two sections of an article tell the same sentence.
 */
function ownerOf(stems: ReadonlySet<string>, headings: string[], keywordStems: Set<string>): string | undefined {
  let owner: { heading: string; score: number; tie: number } | undefined
  const key = [...stems].sort().join(' ')
  for (const heading of headings) {
    const score = overlap(stems, without(stemsOf(heading), keywordStems))
    const tie = stableHash(`${normalizedLine(heading)}\n${key}`)
    if (!owner || score > owner.score || (score === owner.score && tie < owner.tie)) owner = { heading, score, tie }
  }
  return owner?.heading
}

/** A section's blocks, and how many source sentences it owned (none: its prose only frames its points). */
function writeSectionParts(material: ArticleMaterial): { blocks: string[]; owned: number } {
  const context = readContext(material)
  const heading = fieldOf(material, 'sectionHeading') ?? context.display
  // A point cut from a source's sentence is told by whichever section owns that sentence: it is
  // neither listed nor told again here.
  const sourceText = normalizedLine(
    material.pages
      .filter((page) => page.role.startsWith('source'))
      .map((page) => page.text)
      .join(' '),
  )
  const points = (listOf(material, 'sectionPoints') ?? [])
    .map(withoutEndPunctuation)
    .filter((point) => point && !hasDigit(point) && !(wordCount(point) >= 5 && sourceText.includes(normalizedLine(point))))
  const seed = stableHash(`${context.keyword}\n${heading}`)
  const keywordStems = stemsOf(context.keyword)
  const headingFocus = without(stemsOf(heading), keywordStems)
  const pointFocus = without(stemsOf(points.join(' ')), new Set([...keywordStems, ...headingFocus]))
  const focus = new Set([...headingFocus, ...pointFocus])
  const otherHeadings = listOf(material, 'otherSections') ?? []
  const others = otherHeadings.map((other) => without(stemsOf(other), keywordStems))
  // The introduction (headed by the title) leaves every source sentence to the sections but the
  // figures about the keyword as a whole (INTRODUCTION_OWNER), of which it cites one; a section tells only the sentences it owns (ownerOf), and its place among the headings picks
  // the set phrases it may use, so no two sections use the same one.
  const isIntroduction = heading === fieldOf(material, 'articleTitle')
  const sectionHeadings = isIntroduction ? otherHeadings : [heading, ...otherHeadings]
  const rank = isIntroduction
    ? -1
    : [...sectionHeadings].sort((a, b) => normalizedLine(a).localeCompare(normalizedLine(b))).indexOf(heading)
  const phrase = (options: readonly string[]) => (rank >= 0 && rank < options.length ? options[rank] : undefined)

  // A comparison's verdict ("… which should you choose?") tells what the sources say about choosing.
  const verdictHeading = sectionHeadings.find((candidate) => VERDICT_SECTION.test(candidate))
  const allStatements = material.pages
    .filter((page) => page.role.startsWith('source'))
    .flatMap((page) => {
      // A page's headings are in its text as lines of their own: they name a subject, they say nothing about it.
      const headings = new Set(page.headings.map(normalizedLine))
      // A sentence under a page heading that one of the article's sections carries belongs to that
      // section, as a writer takes a subject's facts from the part of a page about it.
      const underHeading = (text: string) => {
        const at = page.text.indexOf(text)
        const before = page.headings
          .map((pageHeading) => ({ pageHeading, position: at < 0 ? -1 : page.text.lastIndexOf(pageHeading, at) }))
          .filter(({ position }) => position >= 0)
          .sort((a, b) => b.position - a.position)[0]?.pageHeading
        if (!before) return undefined
        return { section: sectionHeadings.find((candidate) => normalizedLine(candidate) === normalizedLine(before)) }
      }
      return splitSentences(page.text)
        .filter((text) => isStatement(text) && !headings.has(normalizedLine(text)))
        .map((text) => ({ text, page, stems: stemsOf(text) }))
        .map((statement) => {
          const placed = underHeading(statement.text)
          // A figure under a page heading no section carries ("How popular is …?") is about the
          // keyword as a whole: the introduction cites it.
          const owner =
            placed?.section ??
            (verdictHeading && DECIDES.test(statement.text) && !hasDigit(statement.text)
              ? verdictHeading
              : placed && hasDigit(statement.text)
                ? INTRODUCTION_OWNER
                : ownerOf(statement.stems, sectionHeadings, keywordStems))
          return { ...statement, owner }
        })
    })
  // What another section tells is not listed here either, so no passage is said twice.
  const mine = isIntroduction ? INTRODUCTION_OWNER : heading
  const toldElsewhere = allStatements.filter(({ owner }) => owner !== mine).map(({ text }) => normalizedLine(text))
  const statements = allStatements
    .filter(({ owner }) => owner === mine)
    // Sites repeat each other word for word; a sentence is told once, from the first page that has it.
    .filter((statement, index, all) => all.findIndex((other) => normalizedLine(other.text) === normalizedLine(statement.text)) === index)
  const weights = rarity(statements)
  const sentences: SourceSentence[] = statements
    .map(({ text, page, stems }, order) => {
      const relevance = weighedOverlap(stems, headingFocus, weights) * 2 + weighedOverlap(stems, pointFocus, weights)
      // A sentence that speaks more to another section's heading is left to that section.
      const rival = Math.max(0, ...others.map((other) => weighedOverlap(stems, other, weights) * 2))
      const score = rival > relevance ? 0 : relevance + overlap(stems, keywordStems) * 0.25
      return { text, page, relevance, score, order }
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
  // Only a figure about this section's own subject is worth citing here; the keyword alone is every section's subject.
  // A sentence with a stop inside ("approx. 25 s", "93 °C… then") is left out: the grounding check may cut it there, away from its link.
  const cited = sentences.find(
    (sentence) =>
      hasDigit(sentence.text) &&
      (isIntroduction || (sentence.relevance > 0 && sentence.score > 0)) &&
      wordCount(sentence.text) <= 35 &&
      !/[.!?…]["'”’)\]]*\s/.test(sentence.text),
  )
  // Now and then a source's own words, quoted and cited (demo-quote.ts), instead of told in ours.
  const quoted = sourceQuote(sentences, rank, sourceLabel)
  const quote = quoted?.markdown
  // What the section owns of the sources (ownerOf), those speaking to its subject first, up to
  // eight sentences: a sentence no heading speaks to is still about the keyword, and no other
  // section may tell it.
  const owned = sentences.filter((sentence) => sentence !== quoted?.from && !hasDigit(sentence.text))
  const plain = [...owned.filter((sentence) => sentence.relevance > 0), ...owned.filter((sentence) => sentence.relevance === 0)].slice(0, 8)

  // The business is mentioned in one section only.
  const mention = rank === 1 ? profileMention(context, focus, 1) : undefined
  const citation = cited
    ? `${paraphrase(withoutEndPunctuation(cited.text), phrase(CITED_CONNECTORS) ?? '', context.casing)} ([${markdownLinkText(sourceLabel(cited.page))}](${cited.page.url})).`
    : undefined
  // A connector is a set phrase too: one per section, each section its own, so none recurs in the article.
  const said = plain.map((sentence, index) => paraphrase(sentence.text, index === 1 ? (phrase(CONNECTORS) ?? '') : '', context.casing))
  // A point the prose already tells is not listed again, so no passage is said twice.
  const prose = normalizedLine([...said, citation ?? ''].join(' '))
  // A section lists only what its own sources say (another section's sources may tell the rest).
  const ownText = statements.map(({ text }) => normalizedLine(text))
  const listed = points.filter(
    (point) =>
      !prose.includes(normalizedLine(point)) &&
      !toldElsewhere.some((sentence) => sentence.includes(normalizedLine(point))) &&
      (!hasSentenceShape(point) || ownText.some((sentence) => sentence.includes(normalizedLine(point)))),
  )
  // The introduction says in one sentence what the article covers; a section tells its points.
  const covered = points.slice(0, 4).map((point) => lowerFirst(point.replace(/\?+$/, ''), context.casing))
  const told = isIntroduction
    ? covered.length > 0
      ? [`This article covers ${joinList(covered)}.`]
      : []
    : points.map((point, index) => pointSentence(point, index, context.casing))

  // A list needs prose around it; without source sentences the points are told in the paragraphs instead.
  const withList = said.length > 0 && (listed.length >= 3 || (listed.length === 2 && seed % 2 === 1))
  const firstBody = said.length > 0 ? said.slice(0, withList ? 1 : 2) : told.slice(0, 1)
  const leadIn = withList ? phrase(LIST_LEAD_INS) : undefined
  // The introduction opens on the keyword itself (its first 100 words must carry it); a section
  // takes the frame its place gives it, so no frame is used twice.
  const opening = isIntroduction ? introductionOpening(context) : openingSentence(heading, rank, context.casing)
  const first = [
    ...(opening ? [opening] : firstBody.length === 0 ? [openingSentence(heading, 0, context.casing)!] : []),
    ...firstBody,
    ...(leadIn ? [leadIn] : []),
  ]
  // The points are told in the prose only where they are not listed.
  const next =
    said.length > firstBody.length
      ? said.slice(firstBody.length, firstBody.length + 6)
      : withList
        ? []
        : told.slice(said.length > 0 ? 0 : 1, said.length > 0 ? 1 : 2)
  const more = withList ? [] : said.slice(firstBody.length + 6)
  const followUp = phrase(FOLLOW_UPS)
  const last = [
    ...more,
    ...(citation ? [citation, ...(followUp ? [followUp] : [])] : []),
    ...(quote ? [quote] : []),
    ...(mention ? [mention] : []),
  ]

  // A number the keyword or the heading carries ("espresso question 2") is no claim (the grounding
  // check lets it stand too); any other needs the citation.
  const ownNumbers = new Set(`${context.keyword} ${heading}`.match(/\d+/g) ?? [])
  const onlyOwnNumbers = (sentence: string) => (sentence.match(/\d+/g) ?? []).every((number) => ownNumbers.has(number))
  const paragraphs = [first, ...(next.length > 0 ? [next] : []), ...(last.length > 0 ? [last] : [])].map((paragraph) =>
    paragraph.filter((sentence) => sentence === citation || sentence === quote || onlyOwnNumbers(sentence)),
  )
  // A paragraph the material left at one sentence takes this section's closer, if it has one.
  const closer = phrase(CLOSERS)
  const short = paragraphs.findLast((paragraph) => paragraph.length < 2)
  if (short && closer) short.push(closer)
  const [lead, ...rest] = paragraphs.map((paragraph) => paragraph.join(' ')).filter(Boolean)
  const list = listed.map((point) => `- ${capitalise(point)}`).join('\n')
  // A section the material leaves nothing to say returns no block (never an empty one).
  const blocks = [lead, ...(withList ? [list] : []), ...rest].filter((block): block is string => Boolean(block))
  return { blocks, owned: statements.length }
}

// ————— FAQ —————

/** The article's own sentences, with Markdown structure gone: a heading's line and list items are not sentences to reuse. */
function articleSentences(article: string): string[] {
  // Citations go with the sentence they close; link texts stay as words.
  const plain = article
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\s*\(\[[^\]]*\]\([^)]*\)\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
  return plain
    .split(/\s(?=#{1,6}\s)|\s(?=[-+*]\s)|\|/)
    .flatMap((segment) => {
      const sentences = splitSentences(segment.trim())
      return /^(?:#{1,6}|[-+*])\s/.test(segment.trim()) ? sentences.slice(1) : sentences
    })
    .filter(
      (sentence, index, all) =>
        wordCount(sentence) >= 5 && /[.!]$/.test(sentence) && !hasDigit(sentence) && all.indexOf(sentence) === index,
    )
}

/** The writer's own framing sentences: true of any subject, so they answer no question and describe no article. */
const FRAMING =
  /^(?:it|this|that|these|those|they|knowing|few choices|a good place to start|the answer)\b|^\p{L}+\s+(?:it|this|that|these|those|they)\b|worth (?:seeing|understanding) why|the short answer depends|takes less time than most people think|is a common comparison|not the same for everyone|easier to get right once|bigger difference than most people expect|easier than it looks|comes down to a handful|the reasons are practical/iu

/** A sentence that says something on its own: not a lead-in ("…: …"), not about the business, not leaning on the one before ("It…", "Treat that…"), not framing. */
function isInformative(sentence: string, context: WriterContext): boolean {
  return (
    !sentence.includes(':') &&
    !sentence.toLowerCase().includes(context.business.toLowerCase()) &&
    !FRAMING.test(sentence) &&
    ![...CLOSERS, ...FOLLOW_UPS].includes(sentence)
  )
}

/** Whether a noun phrase is plural, by its head noun: the last word before a preposition ("coffee beans for beginners"). */
function isPlural(phrase: string): boolean {
  const head =
    phrase
      .toLowerCase()
      .split(/\s+(?:for|in|with|to|of|near|from|on|at|by|vs)\s+/)[0]
      .trim()
      .split(/\s+/)
      .at(-1) ?? ''
  return head.length > 3 && head.endsWith('s') && !/(?:ss|us|is)$/.test(head)
}

function fallbackQuestions({ intent, casing }: WriterContext): string[] {
  const subject = cased(intent.subject, casing)
  switch (intent.kind) {
    case 'best':
      return [`What should I look for in ${subject}?`, `How do I choose ${subject}?`, `Is it worth paying more for ${subject}?`]
    case 'how-to':
      return [
        `What do I need to ${subject}?`,
        `How long does it take to learn to ${subject}?`,
        `What are the most common mistakes when trying to ${subject}?`,
      ]
    case 'versus': {
      const [a, b] = [cased(intent.a, casing), cased(intent.b, casing)]
      return [`What is the difference between ${a} and ${b}?`, `Which is better, ${a} or ${b}?`, `Can I switch between ${a} and ${b}?`]
    }
    case 'question':
      return [
        `How do I get started with ${subject}?`,
        `What mistakes should I avoid with ${subject}?`,
        `Where can I learn more about ${subject}?`,
      ]
    case 'topic':
      return [
        `What ${isPlural(intent.subject) ? 'are' : 'is'} ${subject}?`,
        `How do I choose the right ${subject}?`,
        `What mistakes should I avoid with ${subject}?`,
      ]
  }
}

function writeFaq(material: ArticleMaterial): { questions: Faq } {
  const context = readContext(material)
  const asked = (listOf(material, 'peopleAlsoAsk') ?? []).map((question) => capitalise(question.trim())).filter((q) => q.endsWith('?'))
  const keywordStems = stemsOf(context.keyword)
  // Two questions are the same question when they ask the same thing about the topic: the topic's
  // own words are left out of the comparison, or every question about a long keyword would match.
  const asks = (question: string) => without(stemsOf(question), keywordStems)
  const questions: string[] = []
  for (const question of [...asked, ...fallbackQuestions(context)]) {
    const stems = asks(question)
    if (
      questions.length < 6 &&
      (questions.length < 3 || asked.includes(question)) &&
      questions.every((q) => q.toLowerCase() !== question.toLowerCase() && similarity(asks(q), stems) < 0.6)
    )
      questions.push(question)
  }
  const sentences = articleSentences(fieldOf(material, 'article') ?? '').filter((sentence) => isInformative(sentence, context))
  const stems = sentences.map(stemsOf)
  const weights = rarity(stems.map((sentenceStems) => ({ stems: sentenceStems })))
  const ownFocus = questions.map((question) => without(stemsOf(question), keywordStems))
  const speaksToAsked = (sentenceStems: ReadonlySet<string>) =>
    ownFocus.some((focus) => focus.size > 0 && overlap(sentenceStems, focus) > 0)
  const ranked = questions.map((question, questionIndex) => {
    const focus = focusOf(question, keywordStems)
    const general = ownFocus[questionIndex]!.size === 0
    return stems
      .map((sentenceStems, index) => {
        // A question that asks the keyword itself ("What are the best espresso beans?") is answered
        // by what the article says about the keyword and no other question asks about.
        const relevance = general
          ? speaksToAsked(sentenceStems)
            ? 0
            : overlap(sentenceStems, keywordStems) / keywordStems.size
          : weighedOverlap(sentenceStems, focus, weights)
        return { index, relevance, score: relevance + overlap(sentenceStems, keywordStems) * 0.1 }
      })
      .filter(({ relevance }) => relevance > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
  })
  // A sentence answers one question only (the same answer twice reads as filler): each question
  // first takes its best match, then the answers grow with what is left. The best match leads.
  const used = new Set<number>()
  const chosen = ranked.map((candidates) => {
    const best = candidates.find(({ index }) => !used.has(index))
    if (best) used.add(best.index)
    return best ? [best] : []
  })
  ranked.forEach((candidates, questionIndex) => {
    const answer = chosen[questionIndex]
    for (const candidate of candidates) {
      if (used.has(candidate.index) || answer.length === 0) continue
      const enough = answer.length >= 3 || candidate.score < answer[0].score * (answer.length === 2 ? 0.75 : 0.5)
      if (!enough && answer.every(({ index }) => similarity(stems[index], stems[candidate.index]) < 0.6)) {
        answer.push(candidate)
        used.add(candidate.index)
      }
    }
  })
  // What the source pages say that the article does not: plain statements without figures, each
  // told in one answer only, those sharing most of the question's words first.
  const articleText = normalizedLine(fieldOf(material, 'article') ?? '')
  const fromSources = material.pages
    .filter((page) => page.role.startsWith('source'))
    .flatMap((page) => {
      const headings = new Set(page.headings.map(normalizedLine))
      return splitSentences(page.text).filter((text) => isStatement(text) && !hasDigit(text) && !headings.has(normalizedLine(text)))
    })
    .map((text) => paraphrase(text, '', context.casing))
    .filter(
      (text, index, all) =>
        !articleText.includes(normalizedLine(text)) && all.findIndex((other) => normalizedLine(other) === normalizedLine(text)) === index,
    )
  const sourceStems = fromSources.map(stemsOf)
  // Each source statement answers the one question whose own words (beyond the keyword) it shares
  // most, as a share of them, ties to the earlier question; a question that asks the keyword itself takes only what
  // speaks to the keyword and to no other question.
  const focuses = questions.map((question) => without(stemsOf(question), keywordStems))
  const general = focuses.findIndex((focus) => focus.size === 0)
  const claims = sourceStems.map((sentenceStems) => {
    const shared = focuses.map((focus) => (focus.size === 0 ? 0 : overlap(sentenceStems, focus) / focus.size))
    const most = Math.max(0, ...shared)
    if (most > 0) return { question: shared.indexOf(most), score: most * 2 + overlap(sentenceStems, keywordStems) }
    return { question: overlap(sentenceStems, keywordStems) > 0 ? general : -1, score: overlap(sentenceStems, keywordStems) }
  })
  const sourceAnswer = (questionIndex: number): string[] =>
    claims
      .map((claim, index) => ({ ...claim, index }))
      .filter((claim) => claim.question === questionIndex)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, 3)
      .map(({ index }) => fromSources[index]!)
  const answered = questions.map((question, questionIndex) => {
    const own = chosen[questionIndex].map(({ index }) => sentences[index])
    // An answer gives the gist of the article's sentences in a few words each, so the body's
    // sentences are not told twice, then what the sources add.
    // One short chunk of each sentence (its main clause when short enough), never two of the same sentence.
    const gist = own
      .flatMap((sentence) =>
        phraseChunks(sentence, context.casing)
          .filter((chunk) => wordCount(chunk) <= 7)
          .slice(0, 1),
      )
      .slice(0, 5)
    const sourced = sourceAnswer(questionIndex)
    const told = [...(gist.length > 0 ? [`In short, ${joinList(gist)}.`] : []), ...sourced]
    return { question, answer: told.join(' ') }
  })
  // A question neither the article nor its sources answer is left out rather than answered with
  // general advice: a FAQ of fewer than three is reported by the score's FAQ check.
  return { questions: answered.filter((entry) => entry.answer !== '') }
}

// ————— Meta —————

const META_TITLE_LIMIT = 60
const META_DESCRIPTION_RANGE = [120, 160] as const

/** The longest run of whole words within the limit, never ending on a small word. */
function trimToWords(text: string, limit: number): string {
  const words = text.split(/\s+/)
  let kept = ''
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word
    if (next.length > limit) break
    kept = next
  }
  return kept.replace(/(?:\s+(?:a|an|and|or|the|of|for|to|in|with|vs|:|–|-))+$/i, '').replace(/[\s:,–-]+$/, '')
}

function metaTitle(context: WriterContext, articleTitle: string): string {
  const keyword = titleCase(context.display, context.casing)
  const lead = context.display.toLowerCase()
  const startsWithKeyword = articleTitle.toLowerCase().startsWith(lead)
  const shortened = startsWithKeyword
    ? [
        articleTitle,
        ...[' (', ': ', ' – ', ' - '].flatMap((mark) =>
          articleTitle.lastIndexOf(mark) > 0 ? [articleTitle.slice(0, articleTitle.lastIndexOf(mark))] : [],
        ),
      ]
    : []
  const fitting = [...shortened, `${keyword}: A Practical Guide`, `${keyword}: What to Know`, keyword].find(
    (title) => title.length <= META_TITLE_LIMIT && title.toLowerCase().startsWith(lead),
  )
  const title = fitting ?? trimToWords(keyword, META_TITLE_LIMIT)
  const branded = `${title} | ${context.business}`
  return context.hasBusinessName && branded.length <= META_TITLE_LIMIT ? branded : title
}

function metaDescription(context: WriterContext, introduction: string): string {
  const { display, intent } = context
  const lead = {
    best: `Looking for the ${display}?`,
    'how-to': `Want to learn ${display}?`,
    versus: `Comparing ${display}?`,
    question: `${capitalise(display.replace(/\?$/, ''))}?`,
    topic: `A practical guide to ${display}.`,
  }[intent.kind]
  const body = [
    ...articleSentences(introduction).filter((sentence) => sentence.length <= 110 && isInformative(sentence, context)),
    {
      best: 'This guide explains what matters, what to avoid and how to choose with confidence.',
      'how-to': 'This step-by-step guide covers what you need, the common mistakes and how to get consistent results.',
      versus: 'See how they differ, where each one shines and which suits you best.',
      question: 'Get a clear answer, the details that matter and what to do next.',
      topic: 'Learn what matters most, the mistakes to avoid and how to get it right.',
    }[intent.kind],
    'Clear, practical advice you can use straight away.',
    `Practical tips from ${context.business}.`,
    'No jargon, just what works.',
  ]
  const [low, high] = META_DESCRIPTION_RANGE
  const combinations = [
    ...body.map((sentence) => [sentence]),
    ...body.flatMap((first, i) => body.filter((_, j) => j > i).map((second) => [first, second])),
  ]
  const fits = combinations.map((sentences) => [lead, ...sentences].join(' ')).find((text) => text.length >= low && text.length <= high)
  if (fits) return fits
  const longest = combinations
    .map((sentences) => [lead, ...sentences].join(' '))
    .filter((text) => text.length <= high)
    .sort((a, b) => b.length - a.length)[0]
  return longest ?? `${trimToWords(lead, high - 1)}.`
}

function writeMeta(material: ArticleMaterial): { metaTitle: string; metaDescription: string } {
  const context = readContext(material)
  return {
    metaTitle: metaTitle(context, fieldOf(material, 'articleTitle') ?? ''),
    metaDescription: metaDescription(context, fieldOf(material, 'introduction') ?? ''),
  }
}

// ————— Call to action —————

const BUTTONS: Array<[RegExp, string]> = [
  [/subscri/i, 'Start a subscription'],
  [/\b(?:saas|software|app|platform|crm|tool)\b|free trial/i, 'Start a free trial'],
  [/\bdemo\b/i, 'Book a demo'],
  [/consult|audit|strategy|coaching|advice/i, 'Book a consultation'],
  [/workshop/i, 'Book a workshop'],
  [/\b(?:class|classes|course|courses|lessons?)\b/i, 'Book a class'],
  [/wholesale/i, 'Ask about wholesale'],
  [/\b(?:shop|store|products?|beans|buy)\b/i, 'Shop now'],
]

function writeCta(material: ArticleMaterial): CallToAction {
  const context = readContext(material)
  const { intent, business, casing, display } = context
  const subject = cased(intent.subject, casing)
  const offer = lowerFirst(
    withoutEndPunctuation(splitSentences(context.valueProposition || context.description)[0] ?? joinList(context.services)),
    casing,
  )
  const heading =
    intent.kind === 'versus'
      ? `Still deciding between ${cased(intent.a, casing)} and ${cased(intent.b, casing)}?`
      : {
          best: `Looking for the ${display}?`,
          'how-to': `Ready to ${subject}?`,
          question: `Still have questions about ${subject}?`,
          topic: pick([`Want help with ${display}?`, `Ready to make the most of ${display}?`], context.seed),
        }[intent.kind]
  const lead = {
    best: `Now that you know what to look for in ${subject}, you can let ${business} take care of the rest`,
    'how-to': `Now that you know how to ${subject}, ${business} can make every step of it easier at home`,
    versus:
      intent.kind === 'versus'
        ? `Whichever of ${cased(intent.a, casing)} and ${cased(intent.b, casing)} you choose, ${business} can help you get the most from it`
        : '',
    question: `If you want to go further with ${subject} than one article can take you, ${business} can help`,
    topic: `If you would rather leave ${display} to people who work with it every day, ${business} can help`,
  }[intent.kind]
  const services = joinList(context.services.map((service) => lowerFirst(service, casing)))
  const audiences = joinList(context.audiences.map((audience) => lowerFirst(audience, casing)))
  const invitation = services
    ? `Take a look at our ${services}${audiences ? `, designed with ${audiences} in mind` : ''}.`
    : 'Get in touch to see how we can help.'
  const offering = `${context.services.join(' ')} ${context.description}`
  // What the business does, in its own words, when that says more than the offer.
  // A description whose sentences all carry a figure gives its first sentence up to the clause
  // with the figure (figures are told only where a source holds them).
  const whole = splitSentences(context.description).find((sentence) => !hasDigit(sentence) && !sentence.includes(offer))
  const first = splitSentences(context.description)[0] ?? ''
  const figureAt = first.search(/\d/)
  const beforeFigure = figureAt < 0 ? first : first.slice(0, figureAt)
  const cut = Math.max(beforeFigure.lastIndexOf(', '), beforeFigure.lastIndexOf(' and '))
  const clause = withoutEndPunctuation(figureAt < 0 ? first : cut > 0 ? first.slice(0, cut) : '')
  const about = whole ?? (clause && wordCount(clause) >= 6 ? `About ${business}: ${lowerFirst(clause, casing)}.` : '')
  return {
    heading: capitalise(heading),
    text: [offer ? `${lead}: ${offer}.` : `${lead}.`, about, invitation].filter(Boolean).join(' '),
    buttonLabel: BUTTONS.find(([pattern]) => pattern.test(offering))?.[1] ?? 'Get started',
  }
}

// ————— Article types —————

/** The prompt's `Article type: <id> (<label>)` line (src/server/articles/prompts.ts); a guide without one. */
function articleTypeOf(material: ArticleMaterial): ArticleType {
  const id = fieldOf(material, 'articleType')?.split(/\s+/)[0]?.toLowerCase()
  return isArticleType(id) ? id : 'guide'
}

/** What a typed heading adds to the outline's own heading: "1. ", "Step 2: ", a question's frame. */
const ITEM_PREFIX = /^(?:\d{1,2}\.|Step \d{1,2}:)\s+/
const QUESTION_FRAME = /^What should you know about (.+)\?$/
const HOW_DO_YOU = /^How do you (.+)\?$/
const ASKED = /^(?:how|what|why|when|where|which|who)\s+(?:is|are|do|does|did|can|could|should|will|would|was|were|much|many|long|often)\b/i
/** A closing recap restates the steps: it is no step of its own. */
const RECAP = /\b(?:recap|summary)$/i

/** The heading as the outline planned it, before its type shaped it: what the section writer writes to. */
function plainHeading(heading: string, casing: Casing): string {
  const unprefixed = heading.replace(ITEM_PREFIX, '')
  const framed = QUESTION_FRAME.exec(unprefixed)
  if (framed) return capitalise(cased(framed[1], casing))
  const howTo = HOW_DO_YOU.exec(unprefixed)
  return howTo ? `How to ${howTo[1]}` : unprefixed
}

/** An outline heading as a question, for a questions-and-answers article. */
function asQuestion(heading: string, casing: Casing): string {
  if (heading.endsWith('?')) return heading
  if (ASKED.test(heading)) return `${heading}?`
  const howTo = /^how to (.+)$/i.exec(heading)
  if (howTo) return `How do you ${howTo[1]}?`
  return `What should you know about ${lowerFirst(heading, casing)}?`
}

const comparisonHeadings = (intent: Intent, casing: Casing) => {
  const [a, b] = intent.kind === 'versus' ? [cased(intent.a, casing), cased(intent.b, casing)] : ['the options', '']
  return {
    glance: b ? `${capitalise(a)} and ${b} at a glance` : 'The options at a glance',
    verdict: b ? `Verdict: ${a} or ${b}?` : 'Verdict: which should you choose?',
  }
}

/**
 * The outline in its article type's shape (src/shared/articles/article-types.ts): a listicle's and
 * a review's h2s numbered "1. …", a how-to's "Step 1: …" (a question stays the reader's question),
 * a comparison's table section second and a "Verdict" last, a questions-and-answers article's h2s
 * asked as questions. A guide keeps the outline as planned.
 */
function typedOutline(outline: Outline, type: ArticleType, context: WriterContext): Outline {
  const { casing } = context
  const h2s = outline.sections.filter((section) => section.level === 'h2')
  const numbered = (label: (index: number) => string, keep: (heading: string) => boolean = () => false) => {
    let index = 0
    return outline.sections.map((section) =>
      section.level === 'h2' && !keep(section.heading) ? { ...section, heading: `${label(++index)}${section.heading}` } : section,
    )
  }
  switch (type) {
    case 'guide':
      return outline
    case 'listicle':
      return { ...outline, sections: numbered((index) => `${index}. `) }
    case 'review': {
      const { verdict } = comparisonHeadings(context.intent, casing)
      const points = h2s.slice(0, 3).map((section) => lowerFirst(section.heading, casing))
      return { ...outline, sections: [...numbered((index) => `${index}. `), { heading: verdict, level: 'h2', points }] }
    }
    case 'how-to': {
      // The reader's questions stay questions, and a recap a recap, while at least three steps remain.
      const aside = (heading: string) => heading.endsWith('?') || RECAP.test(heading)
      const steps = h2s.filter((section) => !aside(section.heading)).length
      return {
        ...outline,
        sections: numbered(
          (index) => `Step ${index}: `,
          (heading) => steps >= 3 && aside(heading),
        ),
      }
    }
    case 'question-answer':
      return {
        ...outline,
        sections: outline.sections.map((section) =>
          section.level === 'h2' ? { ...section, heading: asQuestion(section.heading, casing) } : section,
        ),
      }
    case 'comparison': {
      const { glance, verdict } = comparisonHeadings(context.intent, casing)
      // The templated closing ("… or …: which should you choose?") is the verdict's question.
      const sections = outline.sections.filter((section) => !/which should you choose\?$/i.test(section.heading))
      const first = sections.findIndex((section, index) => index > 0 && section.level === 'h2')
      const at = first > 0 ? first : sections.length
      const subjects = sections.filter((section) => section.level === 'h2').map((section) => lowerFirst(section.heading, casing))
      return {
        ...outline,
        sections: [
          ...sections.slice(0, at),
          { heading: glance, level: 'h2', points: subjects.slice(0, 3) },
          ...sections.slice(at),
          { heading: verdict, level: 'h2', points: subjects.slice(0, 2) },
        ],
      }
    }
  }
}

/** What options are usually compared on, each with the words a sentence about it uses. */
const CRITERIA: Array<[string, string[]]> = [
  ['Taste', ['taste', 'tastes', 'flavour', 'flavours', 'flavor', 'flavors', 'acidity', 'sweet', 'sweetness', 'bitter', 'notes']],
  ['Body and texture', ['body', 'crema', 'sediment', 'oils', 'texture', 'mouthfeel']],
  ['Ease of use', ['easy', 'easier', 'forgiving', 'simple', 'practice', 'skill', 'beginners', 'effort', 'steady']],
  ['Cleaning and care', ['cleaning', 'maintenance', 'descale', 'descaling']],
  ['Cost', ['cost', 'costs', 'price', 'prices', 'expensive', 'budget', 'afford']],
  ['Time', ['time', 'quick', 'quickly', 'fast', 'faster', 'slow', 'slower', 'minutes', 'wait']],
  ['Equipment', ['kettle', 'filter', 'filters', 'gear', 'equipment', 'tools', 'timer']],
  ['Grind', ['grind', 'grinder', 'grinding', 'ground', 'grounds']],
  ['Caffeine and strength', ['caffeine', 'strong', 'stronger', 'strength']],
  ['Freshness', ['fresh', 'freshness', 'stale', 'staling']],
  ['Durability', ['lasts', 'durable', 'sturdy', 'years']],
  ['Size', ['size', 'capacity', 'large', 'compact']],
  ['Health', ['health', 'healthy', 'healthier']],
]

/** A source sentence a table cell may tell. */
interface CellSource {
  text: string
  page: MaterialPage
}

/**
 * A table cell from a source sentence carrying one of the words, told whole. A sentence with a
 * number cites its page, as every figure of the article does (the grounding check holds it to
 * that page); one holding a banned phrase of the business's voice is never told.
 */
function cellFrom({ text, page }: CellSource, words: readonly string[], banned: readonly string[]): string | undefined {
  const whole = withoutEndPunctuation(text)
  const has = (whole.toLowerCase().match(WORD) ?? []).some((word) => words.includes(word))
  if (!has || /["“”|[\]]/.test(whole) || wordCount(whole) < 5 || wordCount(whole) > 22 || findBanned(whole, banned).length > 0)
    return undefined
  return hasDigit(whole) ? `${capitalise(whole)} ([${markdownLinkText(sourceLabel(page))}](${page.url}))` : capitalise(whole)
}

/**
 * A comparison's table (src/shared/articles/article-types.ts): one column per option of "A vs B",
 * one row per criterion (CRITERIA) both options' source sentences speak to, each cell a source
 * sentence about that option (rows only where both have one). Without two named options, or
 * sources describing each apart, the rows are the criteria the sources speak to, with what they
 * say. Undefined when the sources give no row.
 */
function comparisonTable(material: ArticleMaterial, context: WriterContext): string | undefined {
  const sentences: CellSource[] = material.pages
    .filter((page) => page.role.startsWith('source'))
    .flatMap((page) => splitSentences(page.text).map((text) => ({ text, page })))
    .filter(({ text }) => isStatement(text))
    .filter((sentence, index, all) => all.findIndex((other) => other.text === sentence.text) === index)
    // A cell without a figure first: it needs no citation.
    .sort((a, b) => Number(hasDigit(a.text)) - Number(hasDigit(b.text)))
  const banned = listOf(material, 'bannedPhrases') ?? []
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`
  const used = new Set<string>()
  const cellOf = (pool: CellSource[], words: readonly string[]) => {
    const cell = pool.map((sentence) => cellFrom(sentence, words, banned)).find((text) => text !== undefined && !used.has(text))
    if (cell) used.add(cell)
    return cell
  }
  if (context.intent.kind === 'versus') {
    const options = [context.intent.a, context.intent.b]
    const mentions = (sentence: CellSource, option: string) => {
      const stems = stemsOf(option)
      return overlap(stemsOf(sentence.text), stems) === stems.size
    }
    // A sentence about one option only describes it; one naming both is left to the prose.
    const [a, b] = options.map((option, index) =>
      sentences.filter((sentence) => mentions(sentence, option) && !mentions(sentence, options[1 - index])),
    )
    const rows = CRITERIA.flatMap(([label, words]) => {
      const cellA = cellOf(a, words)
      const cellB = cellA ? cellOf(b, words) : undefined
      if (cellA && !cellB) used.delete(cellA)
      return cellA && cellB ? [row([label, cellA, cellB])] : []
    }).slice(0, 6)
    const head = options.map((option) => capitalise(cased(option, context.casing)))
    // Sources that describe neither option on its own still give the criteria table below.
    if (rows.length > 0) return [row(['', ...head]), row(['---', '---', '---']), ...rows].join('\n')
  }
  const rows = CRITERIA.flatMap(([label, words]) => {
    const cell = cellOf(sentences, words)
    return cell ? [row([label, cell])] : []
  }).slice(0, 6)
  return rows.length > 0 ? [row(['Criterion', 'What the sources say']), row(['---', '---']), ...rows].join('\n') : undefined
}

/**
 * A section of a typed article: written to the heading the outline planned (its type's numbering
 * or question frame taken off, so it reads as any section), and a comparison's table section opens
 * with the table.
 */
function writeTypedSection(material: ArticleMaterial): { blocks: string[] } {
  const type = articleTypeOf(material)
  if (type === 'guide') return { blocks: writeSectionParts(material).blocks }
  const context = readContext(material)
  const heading = fieldOf(material, 'sectionHeading') ?? ''
  const fields = new Map(material.fields)
  const lists = new Map(material.lists)
  const { glance, verdict } = comparisonHeadings(context.intent, context.casing)
  const plain = (text: string) =>
    normalizedLine(text) === normalizedLine(verdict) && context.intent.kind === 'versus'
      ? `${capitalise(cased(context.intent.a, context.casing))} or ${cased(context.intent.b, context.casing)}: which should you choose?`
      : plainHeading(text, context.casing)
  if (heading) fields.set(articlePromptKey('sectionHeading'), plain(heading))
  lists.set(articlePromptKey('otherSections'), (listOf(material, 'otherSections') ?? []).map(plain))
  const written = writeSectionParts({ ...material, fields, lists })
  // Casing is learned from each prompt's pages, so headings are compared as normalised lines.
  const isGlance = type === 'comparison' && normalizedLine(heading) === normalizedLine(glance)
  const table = isGlance ? comparisonTable(material, context) : undefined
  if (!table) return written
  // The table is the section's substance: prose the section owns no source sentence for would only
  // name the other sections again, so a short lead takes its place.
  if (written.owned === 0) return { blocks: [table] }
  // The table opens the section, so the opening frame naming the heading goes.
  const [lead, ...rest] = written.blocks
  const [opening, ...afterOpening] = splitSentences(lead ?? '')
  const opens = opening !== undefined && normalizedLine(opening).includes(normalizedLine(plain(heading)))
  return { blocks: [table, ...(opens ? [afterOpening.join(' ')].filter(Boolean) : lead ? [lead] : []), ...rest] }
}

// ————— Entry —————

const WRITERS = new Map<string, (material: ArticleMaterial) => unknown>([
  [ARTICLE_SCHEMAS.outline, writeOutline],
  [ARTICLE_SCHEMAS.section, writeTypedSection],
  [ARTICLE_SCHEMAS.faq, writeFaq],
  [ARTICLE_SCHEMAS.meta, writeMeta],
  [ARTICLE_SCHEMAS.cta, writeCta],
])

/** The mock's answer for an article schema name, from the user messages' text (system messages excluded); undefined for any other schema name. */
export function writeArticlePart(schemaName: string, userText: string): unknown | undefined {
  const writer = WRITERS.get(schemaName)
  const material = parseArticleMaterial(userText)
  // The business's banned phrases (its brand voice) never leave the writer: like a careful writer, it leaves them out.
  return scrubArticlePart(schemaName, writer?.(material), listOf(material, 'bannedPhrases') ?? [])
}
