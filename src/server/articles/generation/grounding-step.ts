import { addInternalLinks, assembleMarkdown, type WrittenSection } from '../assemble'
import { checkDraft } from '../fact-check'
import { internalLinkTargets } from './internal-links'
import { dedupeBy } from './ranking'
import { trustedTexts } from './setup'
import type { GenerationState, GroundedResult } from './state'

/**
 * Internal links, then the draft's checks: quotes, then numbers, against the pages they cite;
 * then proofreading (fact-check.ts). Every number must be on a page we fetched and the sentence
 * cites; the rest is dropped. The grounded passages become the article's citations.
 */
export async function linkAndGround({ run, sources, outline, written }: Omit<GenerationState, 'grounded'>): Promise<GroundedResult> {
  const { business, planned, job } = run
  const { serp } = sources
  run.step('links')
  const targets = await internalLinkTargets(job.db, business, planned.id)
  const internalLinks = addInternalLinks(written.sections, targets, business.internalLinks)

  run.step('citations')
  const checkSources = serp.pages.map((page) => ({ url: page.url, title: page.title, text: page.fullText }))
  const trusted = trustedTexts(run.focus, outline.title, run.profile)
  const draftBody = assembleMarkdown({
    title: outline.title,
    introduction: written.introduction,
    sections: written.sections,
    featured: null,
    figures: [],
    cta: null,
    faq: [],
  })
  const { markdown, grounding, factCheck } = checkDraft({
    markdown: draftBody,
    sources: checkSources,
    trusted,
    language: business.language,
  })
  const checked = splitBody(markdown, outline.title)
  const fetchedAt = new Map(serp.pages.map((page) => [page.url, page.fetchedAt]))
  const citations = dedupeBy(
    grounding.grounded.map((citation) => ({
      url: citation.url,
      title: citation.title,
      passage: citation.passage,
      fetchedAt: fetchedAt.get(citation.url) ?? new Date().toISOString(),
    })),
    (citation) => `${citation.url}\n${citation.passage}`,
  )
  return { ...checked, internalLinks, citations, grounding, factCheck, sources: checkSources, trusted }
}

/** The article Markdown (without figures) back into its introduction and sections. */
function splitBody(markdown: string, title: string): { introduction: string[]; sections: WrittenSection[] } {
  const blocks = markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
  const introduction: string[] = []
  const sections: WrittenSection[] = []
  for (const block of blocks) {
    const heading = /^(#{1,3}) (.+)$/.exec(block)
    if (heading && heading[1] === '#' && heading[2] === title) continue
    if (heading && heading[1] !== '#') {
      sections.push({ heading: heading[2]!, level: heading[1] === '##' ? 'h2' : 'h3', blocks: [] })
      continue
    }
    if (sections.length === 0) introduction.push(block)
    else sections.at(-1)!.blocks.push(block)
  }
  return { introduction, sections }
}
