import { INTRODUCTION_WORDS, isShortOfTarget, MAX_EXTRA_SECTIONS, WORDS_PER_SECTION } from '~/shared/articles/length-target'
import { countWords } from '~/shared/articles/readability'
import type { WrittenSection } from '../assemble'
import { askAvoidingBanned, findBanned, scrubBlock } from '../banned-phrases'
import { htmlToText, markdownToSafeHtml } from '../html'
import { extraSubjects, keepsSubstance, MIN_NEW_WORDS, newMaterialWords, sentenceKeys } from '../length'
import { ARTICLE_SCHEMAS, sectionPrompt, sectionSchema } from '../prompts'
import { sourcesForSection } from './ranking'
import { withInstruction } from './setup'
import type { GenerationState } from './state'

type Planned = { heading: string; points: string[] }

/** Writes the introduction and the sections of one outline, and sections added for length. */
export function createSectionWriter({ run, sources, outline }: Pick<GenerationState, 'run' | 'sources' | 'outline'>) {
  const { focus, profile, banned } = run
  const { serp, target } = sources
  const siteUrl = run.business.url
  const sourcesFor = (heading: string) => sourcesForSection(serp.pages, heading, focus)
  // Each section's share of the target once the introduction's is taken.
  const sectionWords = Math.max(WORDS_PER_SECTION / 2, Math.round((target - INTRODUCTION_WORDS) / outline.sections.length))
  const sectionRequest = (section: Planned | null, allHeadings: string[] = outline.headings) =>
    section
      ? sectionPrompt({
          keyword: focus,
          profile,
          title: outline.title,
          heading: section.heading,
          points: section.points,
          otherHeadings: allHeadings.filter((heading) => heading !== section.heading),
          sources: sourcesFor(section.heading),
          articleType: sources.articleType.type,
          words: sectionWords,
        })
      : sectionPrompt({
          keyword: focus,
          profile,
          title: outline.title,
          heading: outline.title,
          // The introduction says what the article covers.
          points: outline.sections.slice(0, 3).map((section) => section.heading),
          otherHeadings: allHeadings,
          sources: sourcesFor(focus),
          words: INTRODUCTION_WORDS,
        })
  // A section holding a banned phrase is written again (BANNED_REWRITE_TRIES), then loses the sentences holding one.
  const writeSection = async (section: Planned | null, allHeadings?: string[]) => {
    const { answer } = await askAvoidingBanned(
      withInstruction(sectionRequest(section, allHeadings), run.instruction),
      banned,
      (request) => run.llm(ARTICLE_SCHEMAS.section, sectionSchema, request),
      (written) => written.blocks.join('\n\n'),
    )
    return answer.blocks.map((block) => scrubBlock(block.trim(), banned)).filter(Boolean)
  }
  const bodyWords = (blocks: string[]) => countWords(htmlToText(markdownToSafeHtml(blocks.join('\n\n'), { siteUrl })))

  // An article short of its target by more than SHORTFALL_SHARE gets sections on subjects the
  // pages and "people also ask" raise that the outline left out: at most MAX_EXTRA_SECTIONS calls,
  // as many at once as the shortfall needs, and none kept (nor any more asked for) once the writer
  // has nothing new to say (docs/product/pipeline.md "Length").
  const extendToTarget = async (parts: string[][]) => {
    const extra: WrittenSection[] = []
    const draft = () => ({
      keyword: focus,
      title: outline.title,
      language: run.business.language,
      siteUrl,
      introduction: parts[0] ?? [],
      sections: [
        ...outline.sections.map((section, index) => ({
          heading: section.heading.trim(),
          level: section.level,
          blocks: parts[index + 1] ?? [],
        })),
        ...extra,
      ],
    })
    const usage = { calls: 0, rounds: 0 }
    const known = sentenceKeys(parts.flat())
    const subjects = extraSubjects(
      { keyword: focus, headings: [outline.title, ...outline.headings], questions: serp.questions, pages: serp.pages },
      MAX_EXTRA_SECTIONS,
    ).filter((subject) => findBanned(subject, banned).length === 0)
    let exhausted = false
    while (!exhausted && usage.calls < MAX_EXTRA_SECTIONS && subjects.length > 0) {
      const words = bodyWords([...parts.flat(), ...extra.flatMap((section) => section.blocks)])
      if (!isShortOfTarget(words, target)) break
      const batch = subjects.splice(0, Math.min(MAX_EXTRA_SECTIONS - usage.calls, Math.ceil((target - words) / sectionWords)))
      usage.calls += batch.length
      usage.rounds++
      const allHeadings = [...outline.headings, ...extra.map((section) => section.heading), ...batch]
      // An added section is optional: one whose call fails is left out like one with nothing new.
      const answers = await Promise.all(
        batch.map((heading) =>
          writeSection({ heading, points: [] }, allHeadings).catch((error: unknown) => {
            if (run.job.signal.aborted) throw error
            return []
          }),
        ),
      )
      answers.forEach((blocks, index) => {
        const section: WrittenSection = { heading: batch[index]!.trim(), level: 'h2', blocks }
        // Nothing new, or a repetition the score would hold against the article: the writer has no more to say.
        if (newMaterialWords(blocks, known) < MIN_NEW_WORDS || !keepsSubstance(draft(), section)) {
          exhausted = true
          return
        }
        for (const key of sentenceKeys(blocks)) known.add(key)
        extra.push(section)
      })
    }
    return { parts, extra, usage }
  }

  return { writeSection, extendToTarget, bodyWords }
}
