import type { Faq } from '~/server/articles/prompts'
import { articleSentences, isInformative } from './article-prose'
import { type WriterContext, readContext } from './brief'
import { cased } from './casing'
import { type ArticleMaterial, fieldOf, listOf } from './material'
import { phraseChunks, paraphrase } from './phrasing'
import {
  stemsOf,
  overlap,
  without,
  similarity,
  hasDigit,
  wordCount,
  capitalise,
  normalizedLine,
  splitSentences,
  joinList,
  isStatement,
  isPlural,
  rarity,
  weighedOverlap,
  focusOf,
} from './words'

// The FAQ: the questions people ask, answered from the article and its sources.

function fallbackQuestions({ intent, casing }: WriterContext): string[] {
  const subject = cased(intent.subject, casing)
  switch (intent.kind) {
    case 'best':
      return [`What should I look for in ${subject}?`, `How do I choose ${subject}?`, `Is it worth paying more for ${subject}?`]
    case 'how-to':
      return [
        `What do I need to ${subject}?`,
        `How long does it take to learn to ${subject}?`,
        `What are the most common mistakes when trying to ${subject}?`,
      ]
    case 'versus': {
      const [a, b] = [cased(intent.a, casing), cased(intent.b, casing)]
      return [`What is the difference between ${a} and ${b}?`, `Which is better, ${a} or ${b}?`, `Can I switch between ${a} and ${b}?`]
    }
    case 'question':
      return [
        `How do I get started with ${subject}?`,
        `What mistakes should I avoid with ${subject}?`,
        `Where can I learn more about ${subject}?`,
      ]
    case 'topic':
      return [
        `What ${isPlural(intent.subject) ? 'are' : 'is'} ${subject}?`,
        `How do I choose the right ${subject}?`,
        `What mistakes should I avoid with ${subject}?`,
      ]
  }
}

export function writeFaq(material: ArticleMaterial): { questions: Faq } {
  const context = readContext(material)
  const asked = (listOf(material, 'peopleAlsoAsk') ?? []).map((question) => capitalise(question.trim())).filter((q) => q.endsWith('?'))
  const keywordStems = stemsOf(context.keyword)
  // Two questions are the same question when they ask the same thing about the topic: the topic's
  // own words are left out of the comparison, or every question about a long keyword would match.
  const asks = (question: string) => without(stemsOf(question), keywordStems)
  const questions: string[] = []
  for (const question of [...asked, ...fallbackQuestions(context)]) {
    const stems = asks(question)
    if (
      questions.length < 6 &&
      (questions.length < 3 || asked.includes(question)) &&
      questions.every((q) => q.toLowerCase() !== question.toLowerCase() && similarity(asks(q), stems) < 0.6)
    )
      questions.push(question)
  }
  const sentences = articleSentences(fieldOf(material, 'article') ?? '').filter((sentence) => isInformative(sentence, context))
  const stems = sentences.map(stemsOf)
  const weights = rarity(stems.map((sentenceStems) => ({ stems: sentenceStems })))
  const ownFocus = questions.map((question) => without(stemsOf(question), keywordStems))
  const speaksToAsked = (sentenceStems: ReadonlySet<string>) =>
    ownFocus.some((focus) => focus.size > 0 && overlap(sentenceStems, focus) > 0)
  const ranked = questions.map((question, questionIndex) => {
    const focus = focusOf(question, keywordStems)
    const general = ownFocus[questionIndex]!.size === 0
    return stems
      .map((sentenceStems, index) => {
        // A question that asks the keyword itself ("What are the best espresso beans?") is answered
        // by what the article says about the keyword and no other question asks about.
        const relevance = general
          ? speaksToAsked(sentenceStems)
            ? 0
            : overlap(sentenceStems, keywordStems) / keywordStems.size
          : weighedOverlap(sentenceStems, focus, weights)
        return { index, relevance, score: relevance + overlap(sentenceStems, keywordStems) * 0.1 }
      })
      .filter(({ relevance }) => relevance > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
  })
  // A sentence answers one question only (the same answer twice reads as filler): each question
  // first takes its best match, then the answers grow with what is left. The best match leads.
  const used = new Set<number>()
  const chosen = ranked.map((candidates) => {
    const best = candidates.find(({ index }) => !used.has(index))
    if (best) used.add(best.index)
    return best ? [best] : []
  })
  ranked.forEach((candidates, questionIndex) => {
    const answer = chosen[questionIndex]
    for (const candidate of candidates) {
      if (used.has(candidate.index) || answer.length === 0) continue
      const enough = answer.length >= 3 || candidate.score < answer[0].score * (answer.length === 2 ? 0.75 : 0.5)
      if (!enough && answer.every(({ index }) => similarity(stems[index], stems[candidate.index]) < 0.6)) {
        answer.push(candidate)
        used.add(candidate.index)
      }
    }
  })
  // What the source pages say that the article does not: plain statements without figures, each
  // told in one answer only, those sharing most of the question's words first.
  const articleText = normalizedLine(fieldOf(material, 'article') ?? '')
  const fromSources = material.pages
    .filter((page) => page.role.startsWith('source'))
    .flatMap((page) => {
      const headings = new Set(page.headings.map(normalizedLine))
      return splitSentences(page.text).filter((text) => isStatement(text) && !hasDigit(text) && !headings.has(normalizedLine(text)))
    })
    .map((text) => paraphrase(text, '', context.casing))
    .filter(
      (text, index, all) =>
        !articleText.includes(normalizedLine(text)) && all.findIndex((other) => normalizedLine(other) === normalizedLine(text)) === index,
    )
  const sourceStems = fromSources.map(stemsOf)
  // Each source statement answers the one question whose own words (beyond the keyword) it shares
  // most, as a share of them, ties to the earlier question; a question that asks the keyword itself takes only what
  // speaks to the keyword and to no other question.
  const focuses = questions.map((question) => without(stemsOf(question), keywordStems))
  const general = focuses.findIndex((focus) => focus.size === 0)
  const claims = sourceStems.map((sentenceStems) => {
    const shared = focuses.map((focus) => (focus.size === 0 ? 0 : overlap(sentenceStems, focus) / focus.size))
    const most = Math.max(0, ...shared)
    if (most > 0) return { question: shared.indexOf(most), score: most * 2 + overlap(sentenceStems, keywordStems) }
    return { question: overlap(sentenceStems, keywordStems) > 0 ? general : -1, score: overlap(sentenceStems, keywordStems) }
  })
  const sourceAnswer = (questionIndex: number): string[] =>
    claims
      .map((claim, index) => ({ ...claim, index }))
      .filter((claim) => claim.question === questionIndex)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, 3)
      .map(({ index }) => fromSources[index]!)
  const answered = questions.map((question, questionIndex) => {
    const own = chosen[questionIndex].map(({ index }) => sentences[index])
    // An answer gives the gist of the article's sentences in a few words each, so the body's
    // sentences are not told twice, then what the sources add.
    // One short chunk of each sentence (its main clause when short enough), never two of the same sentence.
    const gist = own
      .flatMap((sentence) =>
        phraseChunks(sentence, context.casing)
          .filter((chunk) => wordCount(chunk) <= 7)
          .slice(0, 1),
      )
      .slice(0, 5)
    const sourced = sourceAnswer(questionIndex)
    const told = [...(gist.length > 0 ? [`In short, ${joinList(gist)}.`] : []), ...sourced]
    return { question, answer: told.join(' ') }
  })
  // A question neither the article nor its sources answer is left out rather than answered with
  // general advice: a FAQ of fewer than three is reported by the score's FAQ check.
  return { questions: answered.filter((entry) => entry.answer !== '') }
}
