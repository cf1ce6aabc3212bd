import type { ArticlePromptLabel } from '~/server/articles/prompt-labels'
import { stableHash } from '~/server/demo-network/llm/prompt-material'
import { type Casing, learnCasing, cased } from './casing'
import { type ArticleMaterial, fieldOf } from './material'

// The brief every article part starts from: the keyword, its kind of search, the business's profile.

export type Intent =
  | { kind: 'how-to'; subject: string }
  | { kind: 'best'; subject: string }
  | { kind: 'versus'; subject: string; a: string; b: string }
  | { kind: 'question'; subject: string }
  | { kind: 'topic'; subject: string }

export const QUESTION_START = /^(?:what|why|when|where|which|who|how|can|does|do|is|are|should|will)\b/

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

export interface WriterContext {
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

export function readContext(material: ArticleMaterial): WriterContext {
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
