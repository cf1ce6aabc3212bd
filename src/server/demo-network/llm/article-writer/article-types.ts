import type { Outline } from '~/server/articles/prompts'
import { isArticleType, type ArticleType } from '~/shared/articles/article-types'
import type { Intent, WriterContext } from './brief'
import { type Casing, cased, lowerFirst } from './casing'
import { type ArticleMaterial, fieldOf } from './material'
import { capitalise } from './words'

// The outline in its article type's shape, and the headings a typed section writes to.

/** The prompt's `Article type: <id> (<label>)` line (src/server/articles/prompts.ts); a guide without one. */
export function articleTypeOf(material: ArticleMaterial): ArticleType {
  const id = fieldOf(material, 'articleType')?.split(/\s+/)[0]?.toLowerCase()
  return isArticleType(id) ? id : 'guide'
}

/** What a typed heading adds to the outline's own heading: "1. ", "Step 2: ", a question's frame. */
const ITEM_PREFIX = /^(?:\d{1,2}\.|Step \d{1,2}:)\s+/
const QUESTION_FRAME = /^What should you know about (.+)\?$/
const HOW_DO_YOU = /^How do you (.+)\?$/
const ASKED = /^(?:how|what|why|when|where|which|who)\s+(?:is|are|do|does|did|can|could|should|will|would|was|were|much|many|long|often)\b/i
/** A closing recap restates the steps: it is no step of its own. */
const RECAP = /\b(?:recap|summary)$/i

/** The heading as the outline planned it, before its type shaped it: what the section writer writes to. */
export function plainHeading(heading: string, casing: Casing): string {
  const unprefixed = heading.replace(ITEM_PREFIX, '')
  const framed = QUESTION_FRAME.exec(unprefixed)
  if (framed) return capitalise(cased(framed[1], casing))
  const howTo = HOW_DO_YOU.exec(unprefixed)
  return howTo ? `How to ${howTo[1]}` : unprefixed
}

/** An outline heading as a question, for a questions-and-answers article. */
function asQuestion(heading: string, casing: Casing): string {
  if (heading.endsWith('?')) return heading
  if (ASKED.test(heading)) return `${heading}?`
  const howTo = /^how to (.+)$/i.exec(heading)
  if (howTo) return `How do you ${howTo[1]}?`
  return `What should you know about ${lowerFirst(heading, casing)}?`
}

export const comparisonHeadings = (intent: Intent, casing: Casing) => {
  const [a, b] = intent.kind === 'versus' ? [cased(intent.a, casing), cased(intent.b, casing)] : ['the options', '']
  return {
    glance: b ? `${capitalise(a)} and ${b} at a glance` : 'The options at a glance',
    verdict: b ? `Verdict: ${a} or ${b}?` : 'Verdict: which should you choose?',
  }
}

/**
 * The outline in its article type's shape (src/shared/articles/article-types.ts): a listicle's and
 * a review's h2s numbered "1. …", a how-to's "Step 1: …" (a question stays the reader's question),
 * a comparison's table section second and a "Verdict" last, a questions-and-answers article's h2s
 * asked as questions. A guide keeps the outline as planned.
 */
export function typedOutline(outline: Outline, type: ArticleType, context: WriterContext): Outline {
  const { casing } = context
  const h2s = outline.sections.filter((section) => section.level === 'h2')
  const numbered = (label: (index: number) => string, keep: (heading: string) => boolean = () => false) => {
    let index = 0
    return outline.sections.map((section) =>
      section.level === 'h2' && !keep(section.heading) ? { ...section, heading: `${label(++index)}${section.heading}` } : section,
    )
  }
  switch (type) {
    case 'guide':
      return outline
    case 'listicle':
      return { ...outline, sections: numbered((index) => `${index}. `) }
    case 'review': {
      const { verdict } = comparisonHeadings(context.intent, casing)
      const points = h2s.slice(0, 3).map((section) => lowerFirst(section.heading, casing))
      return { ...outline, sections: [...numbered((index) => `${index}. `), { heading: verdict, level: 'h2', points }] }
    }
    case 'how-to': {
      // The reader's questions stay questions, and a recap a recap, while at least three steps remain.
      const aside = (heading: string) => heading.endsWith('?') || RECAP.test(heading)
      const steps = h2s.filter((section) => !aside(section.heading)).length
      return {
        ...outline,
        sections: numbered(
          (index) => `Step ${index}: `,
          (heading) => steps >= 3 && aside(heading),
        ),
      }
    }
    case 'question-answer':
      return {
        ...outline,
        sections: outline.sections.map((section) =>
          section.level === 'h2' ? { ...section, heading: asQuestion(section.heading, casing) } : section,
        ),
      }
    case 'comparison': {
      const { glance, verdict } = comparisonHeadings(context.intent, casing)
      // The templated closing ("… or …: which should you choose?") is the verdict's question.
      const sections = outline.sections.filter((section) => !/which should you choose\?$/i.test(section.heading))
      const first = sections.findIndex((section, index) => index > 0 && section.level === 'h2')
      const at = first > 0 ? first : sections.length
      const subjects = sections.filter((section) => section.level === 'h2').map((section) => lowerFirst(section.heading, casing))
      return {
        ...outline,
        sections: [
          ...sections.slice(0, at),
          { heading: glance, level: 'h2', points: subjects.slice(0, 3) },
          ...sections.slice(at),
          { heading: verdict, level: 'h2', points: subjects.slice(0, 2) },
        ],
      }
    }
  }
}
