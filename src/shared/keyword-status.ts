import type { ArticleStatus } from './articles/article'
import type { KeywordStatus } from './keywords'

/**
 * One status model (docs/product/entities.md "Keyword status"): a keyword with an article shows its
 * article's state, so the Keywords screen and the Content screen tell the same story. Waiting for
 * review (draft, or held below the score floor) is a draft; approved and waiting for its day is
 * scheduled; published and archived are themselves.
 */
export const KEYWORD_STATUS_OF_ARTICLE: Record<ArticleStatus, KeywordStatus> = {
  draft: 'draft',
  held: 'draft',
  approved: 'scheduled',
  published: 'published',
  archived: 'archived',
}

export interface KeywordStatusInput {
  /** The keyword's article's status; null when it has no article. */
  articleStatus: ArticleStatus | null
  /** The status stored on the keyword: without an article, its place in the plan. */
  status: KeywordStatus
  scheduledAt: Date | null
}

/**
 * The status a keyword shows. Without an article it is its own place in the plan: pending (not
 * planned), scheduled (planned for a day), archived (taken off the plan), or published (its article
 * went live and was removed since); "draft" needs an article waiting for review, so without one the
 * keyword is scheduled when it has a day, else pending.
 */
export function keywordStatusFor(input: KeywordStatusInput): KeywordStatus {
  if (input.articleStatus) return KEYWORD_STATUS_OF_ARTICLE[input.articleStatus]
  if (input.status === 'draft') return input.scheduledAt ? 'scheduled' : 'pending'
  return input.status
}

/** Why a status change by hand on the Keywords screen is refused (the messages: src/server/keywords/keywords.errors.ts). */
export type HandStatusRefusal =
  'KEYWORD_STATUS_PUBLISHED' | 'KEYWORD_PUBLISHED_STAYS' | 'KEYWORD_STATUS_FOLLOWS_ARTICLE' | 'KEYWORD_DRAFT_NEEDS_ARTICLE'

/**
 * A status chosen by hand (the Keywords screen's Change status and Archive) for one keyword; null
 * when allowed. Published follows the article's publication, and a published keyword is never set
 * back (only archived). A keyword with an article follows the article: archiving it archives the
 * article too, any other status is set on the Content screen (approve, publish). Without an
 * article, pending, scheduled and archived are the user's choice; draft needs an article.
 */
export function handStatusRefusal(target: KeywordStatus, current: KeywordStatusInput): HandStatusRefusal | null {
  const shown = keywordStatusFor(current)
  if (target === shown) return null
  if (target === 'published') return 'KEYWORD_STATUS_PUBLISHED'
  if (shown === 'published' && target !== 'archived') return 'KEYWORD_PUBLISHED_STAYS'
  if (target === 'archived') return null
  if (current.articleStatus) return 'KEYWORD_STATUS_FOLLOWS_ARTICLE'
  if (target === 'draft') return 'KEYWORD_DRAFT_NEEDS_ARTICLE'
  return null
}
