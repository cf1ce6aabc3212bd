import { checkTypeStructure } from '../article-types'
import { SEO_LIMITS } from './checks'
import { count, fail, pass, type ArticleFacts, type Outcome } from './outcome'

// The outline: heading levels and the article type's structure.

export function headingStructure({ blocks, h1 }: ArticleFacts): Outcome {
  const headings = blocks.filter((block) => block.kind === 'heading')
  const h2Count = headings.filter((heading) => heading.depth === 2).length
  let skip: { from: number; to: number; text: string } | null = null
  let previous = 1
  for (const heading of headings) {
    if (heading.depth > previous + 1 && !skip) skip = { from: previous, to: heading.depth, text: heading.text.trim() }
    previous = heading.depth
  }
  const hints: string[] = []
  if (h1.length !== 1) hints.push(`Use exactly one H1 (it has ${h1.length}).`)
  else if (blocks[0] !== h1[0]) hints.push('Put the H1 first, before any other heading or text.')
  if (h2Count < SEO_LIMITS.minimumH2) {
    const more = SEO_LIMITS.minimumH2 - h2Count
    hints.push(`Add ${count(more, 'more H2 section')} (it has ${h2Count}; ${SEO_LIMITS.minimumH2} or more pass).`)
  }
  if (skip) hints.push(`Use H${skip.from + 1} instead of H${skip.to} for "${skip.text}": levels must not be skipped.`)
  const detail = `${count(h1.length, 'H1')}, ${count(h2Count, 'H2')}, ${skip ? `a jump from H${skip.from} to H${skip.to}` : 'no skipped level'}.`
  if (hints.length === 0) return pass(detail)
  return fail(detail, hints.join(' '), (3 - hints.length) / 3)
}

export function articleType({ input }: ArticleFacts): Outcome {
  const { passed, detail, hint } = checkTypeStructure(input.articleType ?? 'guide', input.markdown)
  return passed ? pass(detail) : fail(detail, hint ?? '')
}
