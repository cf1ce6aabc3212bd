import { normalisedWords } from '../keyword-rule'
import { SEO_LIMITS, type SerpTopics } from './checks'
import { fail, formatNumber, pass, type ArticleFacts, type Outcome } from './outcome'
import { stopWordsWith } from '../../text-kit'

// Topic coverage: the terms and questions of the top search results.

const STOP_WORDS = stopWordsWith(
  `been but if into may more most not so their them there they those up were while about also any each every other only all
  both just very should would could some such own same out over can't don't`,
)

/**
 * Words results use to sell the click rather than to name the topic ("The Complete Guide",
 * "12 Tips That Actually Work", "Everything You Need to Know"): never a term to cover.
 */
const SERP_BOILERPLATE = new Set(
  `guide guides complete ultimate definitive everything need know tips tip actually really work works best top options option
  compared explained explain explains advice example examples practical simple easy easiest learn started start updated review
  reviews beginner beginners things ways`.split(/\s+/),
)

/** A crude stem, so "roasters", "roaster" and "roasting" meet. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('es') && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

const contentStems = (text: string) =>
  new Set(
    normalisedWords(text)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
      .map(stem),
  )

/** The terms and questions of the search results an article should speak to. */
function serpTargets(
  serp: SerpTopics,
  keyword: string,
): { terms: Array<{ stem: string; word: string }>; questions: Array<{ text: string; stems: Set<string> }> } {
  const keywordStems = contentStems(keyword)
  const inResults = new Map<string, { times: number; word: string }>()
  for (const result of serp.results) {
    const seen = new Set<string>()
    for (const word of normalisedWords(`${result.title} ${result.snippet}`)) {
      if (word.length < 4 || STOP_WORDS.has(word) || SERP_BOILERPLATE.has(word) || /\d/.test(word)) continue
      const key = stem(word)
      if (keywordStems.has(key) || seen.has(key)) continue
      seen.add(key)
      const known = inResults.get(key)
      inResults.set(key, { times: (known?.times ?? 0) + 1, word: known?.word ?? word })
    }
  }
  const terms = [...inResults]
    .filter(([, entry]) => entry.times >= SEO_LIMITS.coverageTermMinResults)
    .sort((a, b) => b[1].times - a[1].times || a[0].localeCompare(b[0]))
    .slice(0, SEO_LIMITS.coverageMaxTerms)
    .map(([key, entry]) => ({ stem: key, word: entry.word }))
  const questions = serp.questions
    .map((text) => ({ text: text.trim(), stems: new Set([...contentStems(text)].filter((key) => !keywordStems.has(key))) }))
    .filter((question) => question.stems.size > 0)
  return { terms, questions }
}

export function topicCoverage({ input, blocks }: ArticleFacts): Outcome {
  const serp = input.serp
  const targets = serp ? serpTargets(serp, input.keyword) : { terms: [], questions: [] }
  if (targets.terms.length + targets.questions.length === 0)
    return pass('Not measured: no search results are known for this article to compare with.')
  const article = contentStems(blocks.map((block) => block.text).join('\n'))
  const missingTerms = targets.terms.filter((term) => !article.has(term.stem))
  // A question is covered when the article uses most of its words beyond the keyword.
  const missingQuestions = targets.questions.filter(
    (question) => [...question.stems].filter((key) => article.has(key)).length / question.stems.size < 0.6,
  )
  const total = targets.terms.length + targets.questions.length
  const covered = total - missingTerms.length - missingQuestions.length
  const share = covered / total
  const detail = `Covers ${formatNumber(covered)} of the ${formatNumber(total)} terms and questions of the top results (${Math.round(share * 100)}%).`
  if (share >= SEO_LIMITS.coveragePass) return pass(detail)
  const parts = [
    missingTerms.length > 0
      ? `the terms ${missingTerms
          .slice(0, 6)
          .map((term) => term.word)
          .join(', ')}`
      : '',
    missingQuestions.length > 0
      ? `the questions ${missingQuestions
          .slice(0, 2)
          .map((question) => `"${question.text}"`)
          .join(' and ')}`
      : '',
  ].filter(Boolean)
  return fail(
    detail,
    `Cover what the top results cover (${Math.round(SEO_LIMITS.coveragePass * 100)}% or more passes): write about ${parts.join(' and ')}.`,
    share / SEO_LIMITS.coveragePass,
  )
}
