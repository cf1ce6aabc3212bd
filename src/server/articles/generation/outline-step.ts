import { JobError } from '~/server/jobs/errors'
import { MAX_SECTIONS, plannedSections } from '~/shared/articles/length-target'
import { askAvoidingBanned, outlineText, scrubOutline } from '../banned-phrases'
import { ARTICLE_SCHEMAS, outlinePrompt, outlineSchema } from '../prompts'
import { withInstruction } from './setup'
import type { GenerationState, OutlineResult } from './state'

/** The outline: the title and at most MAX_SECTIONS sections; fewer than three fails the job. */
export async function writeOutline({ run, sources }: Pick<GenerationState, 'run' | 'sources'>): Promise<OutlineResult> {
  const { serp, target } = sources
  run.step('outline', `${serp.results.length} results, ${serp.pages.length} pages read; about ${target} words`)
  const outlineRequest = outlinePrompt({
    keyword: run.focus,
    profile: run.profile,
    results: serp.pages,
    questions: serp.questions,
    articleType: sources.articleType.type,
    length: { words: target, sections: plannedSections(target) },
  })
  // Brand voice: an outline holding a banned phrase is asked for once more, then the phrase is taken out.
  const outline = scrubOutline(
    (
      await askAvoidingBanned(
        withInstruction(outlineRequest, run.instruction),
        run.banned,
        (request) => run.llm(ARTICLE_SCHEMAS.outline, outlineSchema, request),
        outlineText,
        1,
      )
    ).answer,
    run.banned,
  )
  const sections = outline.sections.filter((section) => section.heading.trim()).slice(0, MAX_SECTIONS)
  if (sections.length < 3) throw new JobError('The outline came back with fewer than three sections. Try generating again.')
  return { title: outline.title, sections, headings: sections.map((section) => section.heading) }
}
