import { stableHash } from '~/server/demo-network/llm/prompt-material'
import { sourceQuote } from '../demo-quote'
import { readContext, type WriterContext } from './brief'
import { lowerFirst } from './casing'
import { type ArticleMaterial, type MaterialPage, fieldOf, listOf } from './material'
import {
  paraphrase,
  CONNECTORS,
  CITED_CONNECTORS,
  FOLLOW_UPS,
  LIST_LEAD_INS,
  CLOSERS,
  openingSentence,
  profileMention,
  introductionOpening,
  hasSentenceShape,
  pointSentence,
} from './phrasing'
import { sourceLabel, markdownLinkText, type SourceSentence, ownerOf } from './sources'
import {
  stemsOf,
  overlap,
  without,
  hasDigit,
  wordCount,
  capitalise,
  normalizedLine,
  withoutEndPunctuation,
  splitSentences,
  joinList,
  isStatement,
  rarity,
  weighedOverlap,
} from './words'

// A section (or the introduction): the source sentences it owns, told in the writer's words, its points and one cited figure.

const VERDICT_SECTION = /which should you choose\?$/i
const DECIDES = /\b(?:choos\w*|choice|prefer\w*|suits?|ideal|better for|best for)\b/i

/** The owner of the source sentences the introduction tells (no section heading is empty). */
const INTRODUCTION_OWNER = ''

/** What a section's prompt asks of it: its heading and points, their subject, and its place among the article's headings. */
interface SectionBrief {
  context: WriterContext
  heading: string
  points: string[]
  seed: number
  keywordStems: Set<string>
  headingFocus: Set<string>
  pointFocus: Set<string>
  focus: Set<string>
  others: Set<string>[]
  isIntroduction: boolean
  sectionHeadings: string[]
  rank: number
  /** The set phrase of this section's place among the headings, if there is one. */
  phrase: (options: readonly string[]) => string | undefined
}

function readSectionBrief(material: ArticleMaterial): SectionBrief {
  const context = readContext(material)
  const heading = fieldOf(material, 'sectionHeading') ?? context.display
  // A point cut from a source's sentence is told by whichever section owns that sentence: it is
  // neither listed nor told again here.
  const sourceText = normalizedLine(
    material.pages
      .filter((page) => page.role.startsWith('source'))
      .map((page) => page.text)
      .join(' '),
  )
  const points = (listOf(material, 'sectionPoints') ?? [])
    .map(withoutEndPunctuation)
    .filter((point) => point && !hasDigit(point) && !(wordCount(point) >= 5 && sourceText.includes(normalizedLine(point))))
  const seed = stableHash(`${context.keyword}\n${heading}`)
  const keywordStems = stemsOf(context.keyword)
  const headingFocus = without(stemsOf(heading), keywordStems)
  const pointFocus = without(stemsOf(points.join(' ')), new Set([...keywordStems, ...headingFocus]))
  const focus = new Set([...headingFocus, ...pointFocus])
  const otherHeadings = listOf(material, 'otherSections') ?? []
  const others = otherHeadings.map((other) => without(stemsOf(other), keywordStems))
  // The introduction (headed by the title) leaves every source sentence to the sections but the
  // figures about the keyword as a whole (INTRODUCTION_OWNER), of which it cites one; a section tells only the sentences it owns (ownerOf), and its place among the headings picks
  // the set phrases it may use, so no two sections use the same one.
  const isIntroduction = heading === fieldOf(material, 'articleTitle')
  const sectionHeadings = isIntroduction ? otherHeadings : [heading, ...otherHeadings]
  const rank = isIntroduction
    ? -1
    : [...sectionHeadings].sort((a, b) => normalizedLine(a).localeCompare(normalizedLine(b))).indexOf(heading)
  const phrase = (options: readonly string[]) => (rank >= 0 && rank < options.length ? options[rank] : undefined)
  return {
    context,
    heading,
    points,
    seed,
    keywordStems,
    headingFocus,
    pointFocus,
    focus,
    others,
    isIntroduction,
    sectionHeadings,
    rank,
    phrase,
  }
}

/** A plain statement of a source page, and the section that tells it (INTRODUCTION_OWNER: the introduction). */
interface OwnedStatement {
  text: string
  page: MaterialPage
  stems: Set<string>
  owner: string | undefined
}

/** Every source page's plain statements, each with the one section that tells it. */
function ownedStatements(material: ArticleMaterial, { sectionHeadings, keywordStems }: SectionBrief): OwnedStatement[] {
  // A comparison's verdict ("… which should you choose?") tells what the sources say about choosing.
  const verdictHeading = sectionHeadings.find((candidate) => VERDICT_SECTION.test(candidate))
  return material.pages
    .filter((page) => page.role.startsWith('source'))
    .flatMap((page) => {
      // A page's headings are in its text as lines of their own: they name a subject, they say nothing about it.
      const headings = new Set(page.headings.map(normalizedLine))
      // A sentence under a page heading that one of the article's sections carries belongs to that
      // section, as a writer takes a subject's facts from the part of a page about it.
      const underHeading = (text: string) => {
        const at = page.text.indexOf(text)
        const before = page.headings
          .map((pageHeading) => ({ pageHeading, position: at < 0 ? -1 : page.text.lastIndexOf(pageHeading, at) }))
          .filter(({ position }) => position >= 0)
          .sort((a, b) => b.position - a.position)[0]?.pageHeading
        if (!before) return undefined
        return { section: sectionHeadings.find((candidate) => normalizedLine(candidate) === normalizedLine(before)) }
      }
      return splitSentences(page.text)
        .filter((text) => isStatement(text) && !headings.has(normalizedLine(text)))
        .map((text) => ({ text, page, stems: stemsOf(text) }))
        .map((statement) => {
          const placed = underHeading(statement.text)
          // A figure under a page heading no section carries ("How popular is …?") is about the
          // keyword as a whole: the introduction cites it.
          const owner =
            placed?.section ??
            (verdictHeading && DECIDES.test(statement.text) && !hasDigit(statement.text)
              ? verdictHeading
              : placed && hasDigit(statement.text)
                ? INTRODUCTION_OWNER
                : ownerOf(statement.stems, sectionHeadings, keywordStems))
          return { ...statement, owner }
        })
    })
}

/** The statements a section owns, ranked by how much they speak to its own subject (its heading first, then its points). */
function rankedSentences(statements: OwnedStatement[], { headingFocus, pointFocus, others, keywordStems }: SectionBrief): SourceSentence[] {
  const weights = rarity(statements)
  return statements
    .map(({ text, page, stems }, order) => {
      const relevance = weighedOverlap(stems, headingFocus, weights) * 2 + weighedOverlap(stems, pointFocus, weights)
      // A sentence that speaks more to another section's heading is left to that section.
      const rival = Math.max(0, ...others.map((other) => weighedOverlap(stems, other, weights) * 2))
      const score = rival > relevance ? 0 : relevance + overlap(stems, keywordStems) * 0.25
      return { text, page, relevance, score, order }
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
}

/** A section's blocks, and how many source sentences it owned (none: its prose only frames its points). */
export function writeSectionParts(material: ArticleMaterial): { blocks: string[]; owned: number } {
  const brief = readSectionBrief(material)
  const { context, heading, points, seed, focus, isIntroduction, rank, phrase } = brief
  const allStatements = ownedStatements(material, brief)
  // What another section tells is not listed here either, so no passage is said twice.
  const mine = isIntroduction ? INTRODUCTION_OWNER : heading
  const toldElsewhere = allStatements.filter(({ owner }) => owner !== mine).map(({ text }) => normalizedLine(text))
  const statements = allStatements
    .filter(({ owner }) => owner === mine)
    // Sites repeat each other word for word; a sentence is told once, from the first page that has it.
    .filter((statement, index, all) => all.findIndex((other) => normalizedLine(other.text) === normalizedLine(statement.text)) === index)
  const sentences = rankedSentences(statements, brief)
  // Only a figure about this section's own subject is worth citing here; the keyword alone is every section's subject.
  // A sentence with a stop inside ("approx. 25 s", "93 °C… then") is left out: the grounding check may cut it there, away from its link.
  const cited = sentences.find(
    (sentence) =>
      hasDigit(sentence.text) &&
      (isIntroduction || (sentence.relevance > 0 && sentence.score > 0)) &&
      wordCount(sentence.text) <= 35 &&
      !/[.!?…]["'”’)\]]*\s/.test(sentence.text),
  )
  // Now and then a source's own words, quoted and cited (demo-quote.ts), instead of told in ours.
  const quoted = sourceQuote(sentences, rank, sourceLabel)
  const quote = quoted?.markdown
  // What the section owns of the sources (ownerOf), those speaking to its subject first, up to
  // eight sentences: a sentence no heading speaks to is still about the keyword, and no other
  // section may tell it.
  const owned = sentences.filter((sentence) => sentence !== quoted?.from && !hasDigit(sentence.text))
  const plain = [...owned.filter((sentence) => sentence.relevance > 0), ...owned.filter((sentence) => sentence.relevance === 0)].slice(0, 8)
  // The business is mentioned in one section only.
  const mention = rank === 1 ? profileMention(context, focus, 1) : undefined
  const citation = cited
    ? `${paraphrase(withoutEndPunctuation(cited.text), phrase(CITED_CONNECTORS) ?? '', context.casing)} ([${markdownLinkText(sourceLabel(cited.page))}](${cited.page.url})).`
    : undefined
  // A connector is a set phrase too: one per section, each section its own, so none recurs in the article.
  const said = plain.map((sentence, index) => paraphrase(sentence.text, index === 1 ? (phrase(CONNECTORS) ?? '') : '', context.casing))
  // A point the prose already tells is not listed again, so no passage is said twice.
  const prose = normalizedLine([...said, citation ?? ''].join(' '))
  // A section lists only what its own sources say (another section's sources may tell the rest).
  const ownText = statements.map(({ text }) => normalizedLine(text))
  const listed = points.filter(
    (point) =>
      !prose.includes(normalizedLine(point)) &&
      !toldElsewhere.some((sentence) => sentence.includes(normalizedLine(point))) &&
      (!hasSentenceShape(point) || ownText.some((sentence) => sentence.includes(normalizedLine(point)))),
  )
  // The introduction says in one sentence what the article covers; a section tells its points.
  const covered = points.slice(0, 4).map((point) => lowerFirst(point.replace(/\?+$/, ''), context.casing))
  const told = isIntroduction
    ? covered.length > 0
      ? [`This article covers ${joinList(covered)}.`]
      : []
    : points.map((point, index) => pointSentence(point, index, context.casing))

  // A list needs prose around it; without source sentences the points are told in the paragraphs instead.
  const withList = said.length > 0 && (listed.length >= 3 || (listed.length === 2 && seed % 2 === 1))
  const firstBody = said.length > 0 ? said.slice(0, withList ? 1 : 2) : told.slice(0, 1)
  const leadIn = withList ? phrase(LIST_LEAD_INS) : undefined
  // The introduction opens on the keyword itself (its first 100 words must carry it); a section
  // takes the frame its place gives it, so no frame is used twice.
  const opening = isIntroduction ? introductionOpening(context) : openingSentence(heading, rank, context.casing)
  const first = [
    ...(opening ? [opening] : firstBody.length === 0 ? [openingSentence(heading, 0, context.casing)!] : []),
    ...firstBody,
    ...(leadIn ? [leadIn] : []),
  ]
  // The points are told in the prose only where they are not listed.
  const next =
    said.length > firstBody.length
      ? said.slice(firstBody.length, firstBody.length + 6)
      : withList
        ? []
        : told.slice(said.length > 0 ? 0 : 1, said.length > 0 ? 1 : 2)
  const more = withList ? [] : said.slice(firstBody.length + 6)
  const followUp = phrase(FOLLOW_UPS)
  const last = [
    ...more,
    ...(citation ? [citation, ...(followUp ? [followUp] : [])] : []),
    ...(quote ? [quote] : []),
    ...(mention ? [mention] : []),
  ]

  // A number the keyword or the heading carries ("espresso question 2") is no claim (the grounding
  // check lets it stand too); any other needs the citation.
  const ownNumbers = new Set(`${context.keyword} ${heading}`.match(/\d+/g) ?? [])
  const onlyOwnNumbers = (sentence: string) => (sentence.match(/\d+/g) ?? []).every((number) => ownNumbers.has(number))
  const paragraphs = [first, ...(next.length > 0 ? [next] : []), ...(last.length > 0 ? [last] : [])].map((paragraph) =>
    paragraph.filter((sentence) => sentence === citation || sentence === quote || onlyOwnNumbers(sentence)),
  )
  // A paragraph the material left at one sentence takes this section's closer, if it has one.
  const closer = phrase(CLOSERS)
  const short = paragraphs.findLast((paragraph) => paragraph.length < 2)
  if (short && closer) short.push(closer)
  const [lead, ...rest] = paragraphs.map((paragraph) => paragraph.join(' ')).filter(Boolean)
  const list = listed.map((point) => `- ${capitalise(point)}`).join('\n')
  // A section the material leaves nothing to say returns no block (never an empty one).
  const blocks = [lead, ...(withList ? [list] : []), ...rest].filter((block): block is string => Boolean(block))
  return { blocks, owned: statements.length }
}
