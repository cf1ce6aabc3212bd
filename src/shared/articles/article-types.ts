import { getDefaults, Lexer, type MarkedToken, type Token } from 'marked'

/**
 * Article types (docs/product/pipeline.md, "Article types"): the shape an article takes, chosen per
 * keyword from the keyword's wording, its search intent and the titles ranking on its results page.
 * Each type has its outline rules (the writing prompts state them) and its structure check (the SEO
 * score's "Article type's structure").
 */
export const ARTICLE_TYPES = ['guide', 'how-to', 'listicle', 'comparison', 'review', 'question-answer'] as const
export type ArticleType = (typeof ARTICLE_TYPES)[number]

export const isArticleType = (value: unknown): value is ArticleType => ARTICLE_TYPES.includes(value as ArticleType)

export const ARTICLE_TYPE_LABELS: Record<ArticleType, string> = {
  guide: 'Guide',
  'how-to': 'How-to',
  listicle: 'Listicle',
  comparison: 'Comparison',
  review: 'Review / roundup',
  'question-answer': 'Questions and answers',
}

export const ARTICLE_TYPE_DESCRIPTIONS: Record<ArticleType, string> = {
  guide: 'Explains a topic section by section.',
  'how-to': 'Numbered steps the reader follows in order.',
  listicle: 'Numbered items, one section each.',
  comparison: 'Two or more options side by side in a table, then a verdict.',
  review: 'One section per product or option with its pros and cons, then a pick.',
  'question-answer': 'Sections phrased as the questions people ask, each answered in its first sentence.',
}

/** What the outline prompt asks of each type: its sections' shape and headings. */
export const ARTICLE_TYPE_OUTLINE_RULES: Record<ArticleType, string> = {
  guide: 'Article type: guide. Plan sections that explain the topic in a logical order, from the basics to the details.',
  'how-to':
    'Article type: how-to. Plan the task as numbered steps in the order the reader does them: one h2 per step, headed "Step 1: …", "Step 2: …" (at least three steps), after a section on what is needed before starting.',
  listicle:
    'Article type: listicle. Plan numbered items: one h2 per item, headed "1. …", "2. …" (at least three items), each item one idea, tip or option.',
  comparison:
    'Article type: comparison. Plan a section that compares the options in a Markdown table (one row per criterion, one column per option), sections on where each option is stronger, and a closing h2 headed "Verdict" that says which to choose and when.',
  review:
    'Article type: review or roundup. Plan one h2 per product or option, numbered "1. …", each covering its pros and cons, then a closing h2 "Verdict" naming the best pick for each kind of reader.',
  'question-answer':
    'Article type: questions and answers. Plan every h2 as a question people ask (ending with "?"), at least three, each section answering its question directly in its first sentence.',
}

/** What a section prompt adds for the type, when the section needs it. */
export const ARTICLE_TYPE_SECTION_RULES: Record<ArticleType, string> = {
  guide: '',
  'how-to': 'The article is a how-to: describe this step as actions the reader takes, in order.',
  listicle: 'The article is a listicle: this section covers its one item.',
  comparison:
    'The article is a comparison: a section that compares the options gives a Markdown table (one row per criterion, one column per option); the verdict says which to choose and when.',
  review: 'The article is a review or roundup: a section about one product or option ends with its pros and cons.',
  'question-answer': 'The article answers questions: answer the section’s question directly in its first sentence.',
}

/** The reason a type the user chose carries. */
export const USER_CHOSEN_TYPE_REASON = 'You chose this type.'

export interface ArticleTypeChoice {
  type: ArticleType
  /** Why, in a sentence a user reads in the keyword's why-panel and on the article. */
  reason: string
}

export interface ArticleTypeSignals {
  keyword: string
  /** The keyword's search intent (informational, commercial, …); null or '' when unknown. */
  intent?: string | null
  /**
   * Titles of the top organic results, best first; empty when the results page is not known yet.
   * ("People also ask" questions are not weighed: nearly every results page has some.)
   */
  serpTitles: readonly string[]
}

/** How many of the top results a title pattern is counted over, and how many must show it. */
export const SERP_TITLES_COUNTED = 8
export const SERP_PATTERN_MINIMUM = 3

/** A number of items in a title ("12 tips", "7 Best …", "Top 10"), not a year. */
const NUMBERED_TITLE = /(?:^|[\s(—–-])(?:top\s+)?\d{1,2}\+?\s+(?:[a-z]+\s+){0,2}[a-z]+/i
const VERSUS = /\b(?:vs\.?|versus|compared\s+(?:to|with)|comparison)\b/i
const HOW_TO = /\bhow\s+(?:to|do\s+(?:i|you)|can\s+(?:i|you))\b/i
const REVIEW = /\b(?:reviews?|reviewed|tested|hands-on)\b/i
const BEST = /\b(?:best|top)\b/i
const QUESTION_KEYWORD = /^(?:what|why|when|where|which|who|is|are|can|does|do|should|will)\b/i

const quoted = (title: string, words = 5) => {
  const all = title.trim().split(/\s+/)
  return `“${all.slice(0, words).join(' ')}${all.length > words ? ' …' : ''}”`
}

/**
 * The article type for a keyword, and why. The keyword's own wording decides first ("vs" →
 * comparison, "how to" → how-to, "best"/"top" → listicle, or review when the results are reviews, a
 * question → questions and answers); otherwise what the top results are (numbered lists, how-tos,
 * comparisons, reviews: SERP_PATTERN_MINIMUM of the top SERP_TITLES_COUNTED); otherwise a guide.
 */
export function chooseArticleType({ keyword, intent, serpTitles }: ArticleTypeSignals): ArticleTypeChoice {
  const text = keyword.trim().toLowerCase()
  const top = serpTitles.slice(0, SERP_TITLES_COUNTED)
  const matching = (pattern: RegExp) => top.filter((title) => pattern.test(title))
  const ofTop = (titles: string[], what: string) => `${titles.length} of the top ${top.length} results are ${what} (${quoted(titles[0]!)})`

  const versus = VERSUS.exec(text)
  if (versus) return { type: 'comparison', reason: `The keyword compares two things (“${versus[0]}”).` }
  if (HOW_TO.test(text)) return { type: 'how-to', reason: 'The keyword asks how to do something (“how to”).' }
  const best = BEST.exec(text)
  if (best) {
    const reviews = matching(REVIEW)
    const commercial = intent === 'commercial' || intent === 'transactional' ? `, with ${intent} intent` : ''
    if (reviews.length >= 2)
      return { type: 'review', reason: `The keyword asks for the ${best[0]} options${commercial}, and ${ofTop(reviews, 'reviews')}.` }
    return {
      type: 'listicle',
      reason: `The keyword asks for the ${best[0]} options (“${best[0]} …”)${commercial}: a numbered list answers it.`,
    }
  }
  if (QUESTION_KEYWORD.test(text) || text.endsWith('?'))
    return {
      type: 'question-answer',
      reason: `The keyword is a question (“${text.split(/\s+/)[0]} …”): the article answers it and those that follow.`,
    }

  const patterns: Array<{ type: ArticleType; titles: string[]; what: string }> = [
    { type: 'listicle', titles: matching(NUMBERED_TITLE), what: 'numbered lists' },
    { type: 'how-to', titles: matching(HOW_TO), what: 'how-tos' },
    { type: 'comparison', titles: matching(VERSUS), what: 'comparisons' },
    { type: 'review', titles: matching(REVIEW), what: 'reviews' },
  ]
  const strongest = patterns
    .filter((pattern) => pattern.titles.length >= SERP_PATTERN_MINIMUM)
    .sort((a, b) => b.titles.length - a.titles.length)[0]
  if (strongest) return { type: strongest.type, reason: `${ofTop(strongest.titles, strongest.what)}.` }
  return {
    type: 'guide',
    reason:
      top.length > 0
        ? `No one format leads the top ${top.length} results, and the keyword names a topic: a guide covers it.`
        : 'The keyword names a topic: a guide covers it (the results page is read when the article is written).',
  }
}

/**
 * A planned keyword's type columns: chosen from its wording and intent (research reads no results
 * page per keyword; the article's generation chooses again with the results, unless the user chose).
 */
export function plannedArticleType(keyword: string, intent: string | null): { articleType: ArticleType; articleTypeReason: string } {
  const { type, reason } = chooseArticleType({ keyword, intent, serpTitles: [] })
  return { articleType: type, articleTypeReason: reason }
}

// ---------------------------------------------------------------------------------------------
// The structure each type needs (the SEO score's "Article type's structure" check)

/** Items, steps or questions a listicle, how-to, review or questions-and-answers article needs. */
export const MINIMUM_TYPE_ITEMS = 3

interface Shape {
  headings: Array<{ depth: number; text: string }>
  orderedItems: number
  tables: number
  text: string
}

function shapeOf(markdown: string): Shape {
  const shape: Shape = { headings: [], orderedItems: 0, tables: 0, text: '' }
  const visit = (tokens: Token[]) => {
    for (const token of tokens as MarkedToken[]) {
      if (token.type === 'heading') shape.headings.push({ depth: token.depth, text: token.text.trim() })
      else if (token.type === 'table') shape.tables++
      else if (token.type === 'list') {
        if (token.ordered) shape.orderedItems = Math.max(shape.orderedItems, token.items.length)
        for (const item of token.items) visit(item.tokens)
      } else if (token.type === 'paragraph' || token.type === 'text') shape.text += `${token.text}\n`
    }
  }
  visit(Lexer.lex(markdown, getDefaults()))
  return shape
}

const NUMBERED_HEADING = /^(?:#?\d{1,2}[.):]|\d{1,2}\s+[–—-])\s*\S/
const STEP_HEADING = /^step\s+\d{1,2}\b/i
export const VERDICT_HEADING = /\b(?:verdict|conclusion|bottom line|which (?:one )?(?:should|to)\b|winner|our pick|final thoughts)/i
/** A "Pros" label opening a paragraph or list item ("**Pros:** …"): one per reviewed item. */
const PROS_LABEL = /(?:^|\n)\s*(?:\*\*|__)?(?:pros|advantages)\b/gi
/** Headings the article's own parts carry, never an item: the FAQ and the call to action's. */
const FAQ_HEADING = /^frequently asked questions$/i

export interface TypeStructure {
  passed: boolean
  /** What was found, in a sentence. */
  detail: string
  /** What to change to pass; null when it passes. */
  hint: string | null
}

/** Whether the Markdown has its type's structure (ARTICLE_TYPE_OUTLINE_RULES), and what it has. */
export function checkTypeStructure(type: ArticleType, markdown: string): TypeStructure {
  const shape = shapeOf(markdown)
  const sections = shape.headings.filter((heading) => (heading.depth === 2 || heading.depth === 3) && !FAQ_HEADING.test(heading.text))
  const h2 = sections.filter((heading) => heading.depth === 2)
  const numbered = sections.filter((heading) => NUMBERED_HEADING.test(heading.text)).length
  const min = MINIMUM_TYPE_ITEMS
  const result = (passed: boolean, detail: string, hint: string): TypeStructure => ({ passed, detail, hint: passed ? null : hint })
  switch (type) {
    case 'guide':
      return { passed: true, detail: 'A guide needs no structure beyond its headings.', hint: null }
    case 'listicle': {
      const items = Math.max(numbered, shape.orderedItems)
      return result(
        items >= min,
        `${items} numbered item${items === 1 ? '' : 's'} (numbered headings or an ordered list).`,
        `A listicle numbers its items: head at least ${min} sections "1. …", "2. …" (it has ${items}).`,
      )
    }
    case 'how-to': {
      const steps = Math.max(sections.filter((heading) => STEP_HEADING.test(heading.text)).length, numbered, shape.orderedItems)
      return result(
        steps >= min,
        `${steps} numbered step${steps === 1 ? '' : 's'}.`,
        `A how-to gives numbered steps: head at least ${min} sections "Step 1: …", or list the steps as an ordered list (it has ${steps}).`,
      )
    }
    case 'comparison': {
      const verdict = h2.some((heading) => VERDICT_HEADING.test(heading.text))
      const missing = [shape.tables === 0 ? 'a Markdown table comparing the options' : '', verdict ? '' : 'a "Verdict" section'].filter(
        Boolean,
      )
      return result(
        missing.length === 0,
        `${shape.tables} table${shape.tables === 1 ? '' : 's'}, ${verdict ? 'a' : 'no'} verdict section.`,
        `A comparison needs ${missing.join(' and ')}.`,
      )
    }
    case 'review': {
      const items = Math.max(numbered, shape.text.match(PROS_LABEL)?.length ?? 0)
      return result(
        items >= min,
        `${items} per-item section${items === 1 ? '' : 's'}.`,
        `A review gives each product or option its own section: at least ${min}, numbered "1. …" (it has ${items}).`,
      )
    }
    case 'question-answer': {
      const questions = h2.filter((heading) => heading.text.endsWith('?')).length
      return result(
        questions >= min,
        `${questions} H2 question${questions === 1 ? '' : 's'}.`,
        `A questions-and-answers article heads at least ${min} H2 sections with the questions people ask, each ending with "?" (it has ${questions}).`,
      )
    }
  }
}
