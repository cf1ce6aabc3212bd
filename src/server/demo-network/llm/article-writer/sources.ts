import { stableHash } from '~/server/demo-network/llm/prompt-material'
import { DEMO_WEB_PATH } from '~/server/demo-network/web/demo-web'
import type { MaterialPage } from './material'
import { stemsOf, overlap, without, normalizedLine } from './words'

// Source pages as citations, and the one section each source sentence belongs to.

/**
 * A citation's link text: the site's name ("jamieoliver.com"), short, so citing one page in two
 * sections repeats no passage. A demo web page is named by the site it simulates.
 */
export function sourceLabel(page: MaterialPage): string {
  try {
    const url = new URL(page.url)
    const simulated = url.pathname.startsWith(DEMO_WEB_PATH) ? url.pathname.slice(DEMO_WEB_PATH.length).split('/')[0] : undefined
    return (simulated || url.hostname).replace(/^www\./, '')
  } catch {
    return page.title || page.url
  }
}
export const markdownLinkText = (text: string) => text.replace(/[[\]]/g, (bracket) => (bracket === '[' ? '(' : ')'))

export interface SourceSentence {
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
export function ownerOf(stems: ReadonlySet<string>, headings: string[], keywordStems: Set<string>): string | undefined {
  let owner: { heading: string; score: number; tie: number } | undefined
  const key = [...stems].sort().join(' ')
  for (const heading of headings) {
    const score = overlap(stems, without(stemsOf(heading), keywordStems))
    const tie = stableHash(`${normalizedLine(heading)}\n${key}`)
    if (!owner || score > owner.score || (score === owner.score && tie < owner.tie)) owner = { heading, score, tie }
  }
  return owner?.heading
}
