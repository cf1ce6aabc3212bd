import type { ArticleType } from '../article-types'

/**
 * The SEO score of an article: a fixed list of checks, each worth its weight in points. The
 * weights add up to 100, so the score is the sum of the points. A failing check may earn part of
 * its weight where the rule is a quantity (length, links, FAQ questions, readability); points are
 * whole numbers, rounded down, so only a passing check earns its full weight.
 *
 * Substance weighs most (docs/product/pipeline.md, "SEO score"): repetition, thin sections,
 * keyword stuffing, topic coverage and length are 46 of the 100 points, and the placement, markup
 * and article type checks together are 54, below the default floor of 70. Filler that gets every placement
 * right still fails a substance check, and an article failing repetition, thin sections or
 * keyword stuffing is capped at SUBSTANCE_CAP, below the default floor, whatever else it earns.
 *
 * Meta title length and meta description length are two checks: they are two separate fixes with
 * separate limits, and one should not hide the other.
 */
export const SEO_CHECKS = {
  keywordInTitle: { label: 'Keyword in title', weight: 5 },
  keywordInH1: { label: 'Keyword in H1', weight: 4 },
  keywordInIntroduction: { label: 'Keyword in introduction', weight: 5 },
  keywordInMeta: { label: 'Keyword in meta title and description', weight: 4 },
  metaTitleLength: { label: 'Meta title length', weight: 3 },
  metaDescriptionLength: { label: 'Meta description length', weight: 3 },
  contentLength: { label: 'Content length', weight: 8 },
  headingStructure: { label: 'Heading structure', weight: 5 },
  internalLinks: { label: 'Internal links', weight: 4 },
  externalLinks: { label: 'External links', weight: 4 },
  imageAltText: { label: 'Image alt text', weight: 3 },
  readability: { label: 'Readability', weight: 4 },
  faq: { label: 'FAQ', weight: 3 },
  structuredData: { label: 'Structured data', weight: 3 },
  articleType: { label: 'Article type’s structure', weight: 4 },
  repetition: { label: 'No repetition', weight: 14 },
  thinSections: { label: 'Sections with substance', weight: 8 },
  keywordStuffing: { label: 'No keyword stuffing', weight: 6 },
  topicCoverage: { label: 'Topic coverage', weight: 10 },
} as const satisfies Record<string, { label: string; weight: number }>

/** The checks whose failure caps the score at SUBSTANCE_CAP: filler fails them. */
export const SUBSTANCE_CHECKS = ['repetition', 'thinSections', 'keywordStuffing'] as const satisfies readonly SeoCheckId[]
/** The highest score of an article failing a substance check: ten points under the default floor (70). */
export const SUBSTANCE_CAP = 60

export type SeoCheckId = keyof typeof SEO_CHECKS
export const SEO_CHECK_IDS = Object.keys(SEO_CHECKS) as SeoCheckId[]

/** The limits the checks apply, for the UI to quote. */
export const SEO_LIMITS = {
  introductionWords: 100,
  metaTitleMaxCharacters: 60,
  metaDescriptionMinCharacters: 120,
  metaDescriptionMaxCharacters: 160,
  /** Share of the top results' median word count an article needs. */
  serpMedianShare: 0.9,
  /** The word count needed when the top results' median is unknown. */
  minimumWordsWithoutSerp: 1200,
  minimumH2: 3,
  defaultInternalLinkTarget: 3,
  minimumExternalLinks: 1,
  /** Average words per sentence (other languages): full points up to the first, none from the second. */
  sentenceWordsPass: 20,
  sentenceWordsCeiling: 30,
  minimumFaqQuestions: 3,
  /** A run of this many words said twice is repetition. */
  repeatedRunWords: 8,
  /**
   * Share of word trigram occurrences whose trigram occurs more than once, at most. Edited prose
   * repeats few (this project's own docs measure 2–8%: set phrases, names, the subject's terms);
   * templated filler repeats whole sentence frames and measures 30% and more.
   */
  repeatedTrigramShare: 0.1,
  /** Words of its own text (before its first subsection) every H2 section needs. */
  minimumSectionWords: 80,
  /** Keyword occurrences per 100 words, at most: beyond it the text reads stuffed. */
  keywordDensityCeiling: 3,
  /** Share of the search results' important terms and questions the article must cover. */
  coveragePass: 0.6,
  /** Terms taken from the search results: those that occur in at least this many results. */
  coverageTermMinResults: 2,
  coverageMaxTerms: 20,
} as const

/**
 * What the top search results talk about, for the coverage check: their titles and snippets and
 * the "people also ask" questions. Kept with the coverage check (SeoCheck.serp), so a rescore in
 * the editor measures against the same results.
 */
export interface SerpTopics {
  results: Array<{ title: string; snippet: string }>
  questions: string[]
}

export interface SeoScoreInput {
  /** The focus keyword. */
  keyword: string
  /** The article title (usually the H1 text too). */
  title: string
  metaTitle: string
  metaDescription: string
  /** The body as Markdown, starting with "# H1". */
  markdown: string
  /** The business's language, by name ("English") or code ("en-US"). */
  language: string
  /** Whom the business writes for (its target audiences): sets the reading level (reading-level.ts). */
  audiences?: readonly string[] | null
  /** The business's site: links to its host (with or without "www.") and relative links are internal. */
  siteUrl: string
  /** Median word count of the top search results; null when unknown. */
  serpMedianWordCount: number | null
  /** The article's target word count when it has one; it replaces the SERP median. */
  targetWordCount?: number | null
  /** The search results it was written from; null or absent when none are known. */
  serp?: SerpTopics | null
  /** The featured and inline images. */
  images: { alt: string }[]
  faqCount: number
  /** Parsed JSON-LD objects attached to the article. */
  structuredData: unknown[]
  /** The article's type (article-types.ts): its structure is checked; a guide when absent. */
  articleType?: ArticleType
}

export interface SeoScoreOptions {
  /** Internal links needed for full points; defaults to SEO_LIMITS.defaultInternalLinkTarget. */
  internalLinkTarget?: number
}

export interface SeoCheck {
  id: SeoCheckId
  label: string
  passed: boolean
  points: number
  maxPoints: number
  /** The measured value, in a sentence. */
  detail: string
  /** What to change to pass, with the numbers involved; null when the check passes. */
  hint: string | null
  /** On the topic coverage check: the search results it measured against. */
  serp?: SerpTopics
}

export interface SeoScore {
  /** 0–100, a whole number. */
  score: number
  checks: SeoCheck[]
  /** True when a failing substance check held the score at SUBSTANCE_CAP. */
  capped: boolean
}
