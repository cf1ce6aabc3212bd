import type { SeoCheck } from './seo-score'

/**
 * Articles as both sides see them (docs/product/pipeline.md §4).
 *
 * Status: `draft` written and waiting (for approval in review mode, for its day in autopilot);
 * `held` written but below the business's SEO score floor, so it waits for review with its failing
 * checks listed; `approved` cleared by a person, published on its day; `published`; `archived`.
 */
export const ARTICLE_STATUSES = ['draft', 'held', 'approved', 'published', 'archived'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Draft',
  held: 'Needs review',
  approved: 'Approved',
  published: 'Published',
  archived: 'Archived',
}

/** Articles are written this many days before their publishing day unless settings say otherwise. */
export const DEFAULT_ARTICLE_LEAD_DAYS = 3
/** Below this SEO score an article is held for review, in autopilot too. */
export const DEFAULT_SEO_SCORE_FLOOR = 70

export interface ArticleImage {
  url: string
  alt: string
  /** What the image model was asked for. */
  prompt: string
  kind: 'featured' | 'inline' | 'infographic'
  width: number
  height: number
}

export interface ArticleCitation {
  url: string
  title: string
  /** The passage of the fetched page that holds the cited number. */
  passage: string
  fetchedAt: string
}

export interface ArticleInternalLink {
  url: string
  anchor: string
  /** Where the target comes from: the sitemap, the best articles in settings, or one of our published articles. */
  kind: 'sitemap' | 'best' | 'article'
}

export interface ArticleVideo {
  id: string
  title: string
  channel: string
}

/**
 * What the checks after writing found and did (docs/product/pipeline.md §4, citations and
 * proofreading): numbers against their cited pages, quotations and attributed statements against
 * theirs, and the proofreading fixes. Shown on the article; kept with each version.
 */
export interface ArticleFactCheck {
  /** Sentences stating a number, and those removed for a number no cited page holds. */
  numbers: { checked: number; removed: number }
  quotes: {
    checked: number
    /** The quotations on their page: the quote and where. */
    found: Array<{ quote: string; url: string; title: string }>
    /** The quotations removed with their sentence, and why ("not found in Espresso Brewing Guide"). */
    removed: Array<{ quote: string; reason: string }>
  }
  /** The proofreading fixes, each with the text before and after (spelling corrections among them). */
  proofreading: Array<{ rule: string; before: string; after: string }>
  /**
   * Words the spelling check did not know and left as written, a few at most (possible
   * misspellings). Absent in records made before spelling was checked.
   */
  unknownWords?: string[]
}

export interface ArticleContent {
  title: string
  slug: string
  metaTitle: string
  metaDescription: string
  outline: Array<{ heading: string; level: 'h2' | 'h3' }>
  markdown: string
  html: string
  images: ArticleImage[]
  video: ArticleVideo | null
  faq: Array<{ question: string; answer: string }>
  jsonLd: Record<string, unknown>[]
  citations: ArticleCitation[]
  internalLinks: ArticleInternalLink[]
  wordCount: number
  seoChecks: SeoCheck[]
  /** Absent in versions written before the checks were recorded. */
  factCheck?: ArticleFactCheck | null
}

/**
 * The generation's steps, in the order the progress line shows them. The video, the call to action
 * and the images are made while the sections are written, so they are done when the sections are.
 */
export const ARTICLE_STEPS = [
  { id: 'serp', label: 'Researching the search results' },
  { id: 'outline', label: 'Outlining' },
  { id: 'sections', label: 'Writing the sections' },
  { id: 'video', label: 'Finding a video' },
  { id: 'cta', label: 'Writing the call to action' },
  { id: 'images', label: 'Creating images' },
  { id: 'links', label: 'Adding internal links' },
  { id: 'citations', label: 'Checking facts against sources' },
  { id: 'infographic', label: 'Drawing the infographic' },
  { id: 'faq', label: 'Writing the FAQ' },
  { id: 'meta', label: 'Writing the meta title and description' },
  { id: 'schema', label: 'Adding structured data' },
  { id: 'score', label: 'Scoring' },
] as const
export type ArticleStep = (typeof ARTICLE_STEPS)[number]['id']
