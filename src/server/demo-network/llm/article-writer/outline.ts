import type { Outline } from '~/server/articles/prompts'
import { stableHash } from '~/server/demo-network/llm/prompt-material'
import { articleTypeOf, typedOutline } from './article-types'
import { type Intent, type WriterContext, readContext } from './brief'
import { type Casing, cased, sentenceCase, lowerFirst, titleCase } from './casing'
import { type ArticleMaterial, fieldOf, listOf } from './material'
import { type HeadingCandidate, headingCandidates, parentOf } from './outline-headings'
import { phraseChunks } from './phrasing'
import { ownerOf } from './sources'
import {
  stemsOf,
  overlap,
  without,
  similarity,
  capitalise,
  normalizedLine,
  pick,
  splitSentences,
  FIRST_PERSON,
  isPlural,
  rarity,
  weighedOverlap,
  focusOf,
} from './words'

// The outline: a title, headings planned from the results and the questions people ask, each with its points.

function outlineTitle({ display, intent, casing, seed }: WriterContext): string {
  const keyword = titleCase(display, casing)
  const question = keyword.endsWith('?') ? keyword : `${keyword}?`
  const templates: Record<Intent['kind'], string[]> = {
    best: [
      `${keyword}: How to Choose (and What to Avoid)`,
      `${keyword}: What to Look For Before You Buy`,
      `${keyword}: An Honest Buyer's Guide`,
    ],
    'how-to': [`${keyword}: A Step-by-Step Guide`, `${keyword} (Without the Guesswork)`, `${keyword}: What Actually Works`],
    question: [`${question} A Clear, Practical Answer`, `${question} Here's What You Need to Know`],
    versus: [`${keyword}: Key Differences and Which to Choose`, `${keyword}: Which Is Right for You?`],
    topic: [
      `${keyword}: The Complete Guide`,
      `${keyword} Explained: What It Is and How to Get It Right`,
      `A Practical Guide to ${keyword}`,
      `${keyword}: Everything You Need to Know`,
    ],
  }
  return pick(templates[intent.kind], seed)
}

/** Headings for a brief whose results give too little to plan from, and the closing heading. */
function templateHeadings({ intent, casing, seed }: WriterContext): { fillers: string[]; closing: string } {
  const subject = cased(intent.subject, casing)
  switch (intent.kind) {
    case 'best':
      return {
        fillers: [
          `What to look for in ${subject}`,
          `How to compare ${subject}`,
          `Common mistakes when buying ${subject}`,
          `How to get the most from ${subject}`,
        ],
        closing: `Choosing the right ${subject}`,
      }
    case 'how-to':
      return {
        fillers: [
          'What you need before you start',
          `How to ${subject}, step by step`,
          'Common mistakes to avoid',
          'How to tell it is working',
        ],
        closing: `How to ${subject}: a quick recap`,
      }
    case 'versus': {
      const [a, b] = [cased(intent.a, casing), cased(intent.b, casing)]
      return {
        fillers: [`How ${a} and ${b} differ`, `When ${a} is the better choice`, `When ${b} is the better choice`, 'Costs and trade-offs'],
        closing: `${capitalise(a)} or ${b}: which should you choose?`,
      }
    }
    case 'question':
      return {
        fillers: ['The short answer', 'What to consider', 'Common misconceptions', 'Where to go from here'],
        closing: `Making sense of ${subject}`,
      }
    case 'topic':
      return {
        fillers: [
          isPlural(intent.subject) ? `What ${subject} are and why they matter` : `What ${subject} is and why it matters`,
          `How to get started with ${subject}`,
          `Common mistakes with ${subject}`,
          `How to measure progress with ${subject}`,
        ],
        closing: pick([`Getting ${subject} right`, `Making the most of ${subject}`], seed),
      }
  }
}

interface PointPool {
  /** Result headings not planned as sections. */
  headings: HeadingCandidate[]
  /** The results' sentences. */
  sentences: string[]
  keywordStems: Set<string>
  casing: Casing
}

/**
 * Two to four points per heading. Each phrase of the results — a heading not planned as a section,
 * a piece of a sentence — goes to the one heading it fits best, so no two sections cover the same
 * ground; a heading left short takes phrases about the keyword:  only what the results say.
 */
function assignPoints(headings: string[], pool: PointPool): string[][] {
  const phrases: Array<{ text: string; stems: Set<string>; bonus: number }> = []
  const candidates = [
    ...pool.headings.map((candidate) => ({ text: lowerFirst(candidate.text.replace(/\?$/, ''), pool.casing), bonus: 0.25 })),
    ...pool.sentences.flatMap((sentence) => phraseChunks(sentence, pool.casing)).map((text) => ({ text, bonus: 0 })),
  ]
  for (const { text, bonus } of candidates) {
    const stems = stemsOf(text)
    if ([...headings, ...phrases.map((phrase) => phrase.text)].every((other) => similarity(stemsOf(other), stems) < 0.5))
      phrases.push({ text, stems, bonus })
  }
  const weights = rarity(phrases)
  const focuses = headings.map((heading) => focusOf(heading, pool.keywordStems))
  const assigned = headings.map((): Array<{ text: string; score: number }> => [])
  const leftovers: string[] = []
  for (const phrase of phrases) {
    // Divided by the breadth of the heading, so a phrase about dark roast goes to "Is dark roast better?" rather than to "Roast level: light, medium or dark?".
    const scores = focuses.map((focus) => weighedOverlap(phrase.stems, focus, weights) / Math.sqrt(focus.size))
    const best = scores.indexOf(Math.max(...scores))
    // A phrase that shares only the article's commonest words with a heading is not about it.
    if (weighedOverlap(phrase.stems, focuses[best] ?? new Set(), weights) >= 0.3)
      assigned[best].push({ text: phrase.text, score: scores[best] + phrase.bonus })
    else if (overlap(phrase.stems, pool.keywordStems) > 0) leftovers.push(phrase.text)
  }
  return headings.map((heading, index) => {
    const target = 2 + (stableHash(heading) % 3)
    const points = assigned[index]
      .sort((a, b) => b.score - a.score)
      .slice(0, target)
      .map((point) => point.text)
    // Points come from the results only: a heading they say little about gets fewer points, never
    // a generic one ("what it depends on") that would read the same in every article.
    while (points.length < 2 && leftovers.length > 0) points.push(leftovers.shift()!)
    return points
  })
}

/** Words of a question's frame ("how does … work", "the easiest way to …"): they name no subject a source could speak to. */
const QUESTION_FRAME_STEMS = stemsOf('work works way ways easy easiest')

export function writeOutline(material: ArticleMaterial): Outline {
  const context = readContext(material)
  const results = material.pages.filter((page) => page.role.startsWith('result'))
  const keywordStems = stemsOf(context.keyword)
  const candidates = headingCandidates(results, context, keywordStems)
  const questions = (listOf(material, 'peopleAlsoAsk') ?? []).filter((question) => question.endsWith('?'))

  // Four or five h2s from the results, one or two from the questions people ask, then h3s and a closing h2: five to eight in all;
  // when the prompt asks for more sections (its `Sections` line, for a longer target), as near that as the results allow.
  // Fewer are never planned: this writer's sections run shorter than the prompt's words per section.
  const wanted = Number.parseInt(fieldOf(material, 'sections') ?? '', 10) || 0
  const main = candidates.slice(0, Math.max(4 + (context.seed % 2), wanted - 2))
  const resultSentences = results.flatMap((page) => splitSentences(page.text)).filter((sentence) => !FIRST_PERSON.test(sentence))
  const resultStems = resultSentences.map(stemsOf)
  // A question becomes a section only when the results say enough about what it asks (beyond the
  // keyword) for a section of its own, six distinct sentences or more (sites repeat each other word
  // for word); a question they say little about is left to the FAQ rather than written as filler.
  const answerable = (question: string) => {
    const focus = without(without(stemsOf(question), keywordStems), QUESTION_FRAME_STEMS)
    // A sentence another planned heading speaks to more (ownerOf) is told there, so it does not count.
    const headings = [question, ...main.map((candidate) => candidate.text)]
    const own = resultSentences.filter((_, index) => {
      if (overlap(resultStems[index]!, focus) === 0) return false
      const owner = ownerOf(resultStems[index]!, headings, keywordStems)
      return owner === undefined || owner === question
    })
    return focus.size > 0 && new Set(own.map(normalizedLine)).size >= 6
  }
  const asked = questions
    .map((question) => sentenceCase(question, context.casing))
    .filter((question) => main.every((candidate) => similarity(candidate.stems, stemsOf(question)) < 0.5) && answerable(question))
    .slice(0, main.length < 4 ? 2 : 1)
  const { fillers, closing } = templateHeadings(context)
  const filled = fillers.slice(0, Math.max(0, 4 - main.length - asked.length))
  const h3Room = Math.max(0, Math.min(3, Math.max(wanted, 7) - main.length - asked.length - filled.length))
  const children = candidates
    .filter((candidate) => !main.includes(candidate))
    .flatMap((candidate) => {
      const parent = parentOf(candidate, main)
      return parent ? [{ candidate, parent }] : []
    })
    .slice(0, h3Room)

  const planned: Array<{ heading: string; level: 'h2' | 'h3' }> = [...main]
    .sort((a, b) => a.position - b.position)
    .flatMap((parent) => [
      { heading: parent.text, level: 'h2' as const },
      ...children.filter((child) => child.parent === parent).map((child) => ({ heading: child.candidate.text, level: 'h3' as const })),
    ])
  for (const question of asked) {
    // A "what" or "why" question sets the scene, so it comes second; any other comes last.
    const secondH2 = planned.findIndex((entry, index) => index > 0 && entry.level === 'h2')
    const at = /^(?:what|why)\b/i.test(question) && secondH2 > 0 ? secondH2 : planned.length
    planned.splice(at, 0, { heading: question, level: 'h2' })
  }
  planned.push(...filled.map((heading) => ({ heading, level: 'h2' as const })))

  const pool: PointPool = {
    headings: candidates.filter((candidate) => !main.includes(candidate) && !children.some((child) => child.candidate === candidate)),
    sentences: resultSentences,
    keywordStems,
    casing: context.casing,
  }
  const points = assignPoints(
    planned.map((entry) => entry.heading),
    pool,
  )
  const recap = planned.filter((entry) => entry.level === 'h2' && !entry.heading.endsWith('?')).slice(0, 2)
  // A closing recap only where the results gave too few sections: it restates, it adds nothing.
  const sections: Outline['sections'] = [
    ...planned.map((entry, index) => ({ ...entry, points: points[index] })),
    ...(planned.length < 5
      ? [{ heading: closing, level: 'h2' as const, points: recap.map((entry) => lowerFirst(entry.heading, context.casing)) }]
      : []),
  ]
  return typedOutline({ title: outlineTitle(context), sections }, articleTypeOf(material), context)
}
