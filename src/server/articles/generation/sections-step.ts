import { foldThinSections, type WrittenSection } from '../assemble'
import { scrubCta } from '../banned-phrases'
import { SEO_LIMITS } from '~/shared/articles/seo-score'
import { ARTICLE_SCHEMAS, ctaPrompt, ctaSchema } from '../prompts'
import { createImages, findVideo } from './media'
import { createSectionWriter } from './section-writer'
import type { GenerationState, SectionsResult } from './state'

/** A heading that closes an article: sections added for length go before it. */
const CLOSING_HEADING = /\b(?:conclusion|summary|final thoughts|wrapping up|bottom line|verdict|takeaways?|recap|next steps?)\b/i

/**
 * The introduction and the sections, then sections added for length. What needs only the outline
 * runs beside them: the call to action (its LLM call shares the limit with theirs), the video
 * search and the two images.
 */
export async function writeSections(state: Pick<GenerationState, 'run' | 'sources' | 'outline'>): Promise<SectionsResult> {
  const { run, outline } = state
  const { business, focus, profile, banned, job } = run
  run.step('sections', `${outline.sections.length} sections; the video, call to action and images alongside`)
  const { writeSection, extendToTarget, bodyWords } = createSectionWriter(state)
  const inlineHeading = outline.headings[Math.min(2, outline.headings.length - 1)] ?? outline.title
  const [{ parts, extra, usage }, ctaAnswer, video, [featured, inline]] = await Promise.all([
    Promise.all([null, ...outline.sections].map((section) => writeSection(section))).then(extendToTarget),
    business.addCta ? run.llm(ARTICLE_SCHEMAS.cta, ctaSchema, ctaPrompt({ keyword: focus, profile, title: outline.title })) : null,
    business.addYoutubeVideo ? findVideo(job.providers, focus, banned) : null,
    createImages(job.providers, { business, title: outline.title, keyword: focus, inlineHeading, businessName: profile.name }),
  ])
  const [introduction, ...written] = parts
  const outlined: WrittenSection[] = outline.sections.map((section, index) => ({
    heading: section.heading.trim(),
    level: section.level,
    blocks: written[index] ?? [],
  }))
  // Added sections go before a closing section, else last.
  const closes = outlined.length > 0 && CLOSING_HEADING.test(outlined.at(-1)!.heading)
  const sections = foldThinSections(
    closes ? [...outlined.slice(0, -1), ...extra, outlined.at(-1)!] : [...outlined, ...extra],
    SEO_LIMITS.minimumSectionWords,
    bodyWords,
  )
  return {
    introduction: introduction ?? [],
    sections,
    cta: ctaAnswer ? { ...scrubCta(ctaAnswer, banned), url: business.url } : null,
    video,
    featured,
    inline,
    inlineHeading,
    usage: { ...usage, extraSections: extra.length },
  }
}
