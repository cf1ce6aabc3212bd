import type { ArticleFactCheck } from '~/shared/articles/article'
import { checkGrounding, dropSentences, dropUngrounded, type GroundingReport, type GroundingSource } from './grounding'
import { proofread } from './proofread'
import { checkQuotes, missingReason, type QuoteReport } from './quotes'
import { MAX_UNKNOWN_WORDS } from './spelling'

/** Fixes kept in the record: enough to show what proofreading did without storing a long list. */
const MAX_RECORDED_FIXES = 30

/** The words a check may take as spelled right: the article's material (spelling.ts). */
const materialText = (input: { sources: GroundingSource[]; trusted: string[] }) => [
  ...input.trusted,
  ...input.sources.flatMap((source) => [source.title, source.text]),
]

const distinctWords = (...lists: Array<string[] | undefined>) =>
  [...new Set(lists.flatMap((list) => list ?? []))].slice(0, MAX_UNKNOWN_WORDS)

/**
 * The checks a written draft goes through, in order (docs/product/pipeline.md §4): quotations and
 * attributed statements against the pages they cite (quotes.ts), then numbers (grounding.ts) on
 * what is left, each failing sentence removed; then the proofreading pass (proofread.ts). Returns
 * the checked Markdown, the number report (its citations and claims feed the sources list and the
 * infographic) and the record the article shows.
 */
export function checkDraft(input: { markdown: string; sources: GroundingSource[]; trusted: string[]; language: string }): {
  markdown: string
  grounding: GroundingReport
  factCheck: ArticleFactCheck
} {
  const quotes = checkQuotes({ markdown: input.markdown, sources: input.sources })
  const quoted = dropSentences(
    input.markdown,
    quotes.missing.flatMap((finding) => finding.sentences),
  )
  const grounding = checkGrounding({ markdown: quoted, sources: input.sources, trusted: input.trusted })
  const grounded = grounding.ungrounded.length > 0 ? dropUngrounded(quoted, grounding.ungrounded) : quoted
  const proofreading = proofread(grounded, input.language, { knownText: materialText(input) })
  return {
    markdown: proofreading.markdown,
    grounding,
    factCheck: {
      numbers: { checked: grounding.claims.length, removed: grounding.ungrounded.length },
      quotes: quoteRecord(quotes),
      proofreading: proofreading.fixes.slice(0, MAX_RECORDED_FIXES),
      unknownWords: proofreading.unknownWords,
    },
  }
}

function quoteRecord(quotes: QuoteReport): ArticleFactCheck['quotes'] {
  return {
    checked: quotes.checked.length,
    found: quotes.checked.flatMap((finding) =>
      finding.found ? [{ quote: finding.quote, url: finding.found.url, title: finding.found.title }] : [],
    ),
    removed: quotes.missing.map((finding) => ({ quote: finding.quote, reason: missingReason(finding) })),
  }
}

/** Two records as one: a rewritten section's checks added to the article's. */
export function mergeFactChecks(base: ArticleFactCheck | null | undefined, added: ArticleFactCheck): ArticleFactCheck {
  if (!base) return added
  return {
    numbers: { checked: base.numbers.checked + added.numbers.checked, removed: base.numbers.removed + added.numbers.removed },
    quotes: {
      checked: base.quotes.checked + added.quotes.checked,
      found: [...base.quotes.found, ...added.quotes.found],
      removed: [...base.quotes.removed, ...added.quotes.removed],
    },
    proofreading: [...base.proofreading, ...added.proofreading].slice(0, MAX_RECORDED_FIXES),
    unknownWords: distinctWords(base.unknownWords, added.unknownWords),
  }
}

/**
 * The FAQ's answers through the same quote check and proofreading (the FAQ is written after the
 * article's checks, from the checked text): a sentence quoting what no fetched page holds is
 * removed, a question left without an answer goes, and the record grows by what was done.
 */
export function checkFaq(
  faq: Array<{ question: string; answer: string }>,
  input: { sources: GroundingSource[]; trusted: string[]; language: string; record: ArticleFactCheck },
): { faq: Array<{ question: string; answer: string }>; factCheck: ArticleFactCheck } {
  let record = input.record
  const knownText = materialText(input)
  const checked = faq.flatMap((item) => {
    const quotes = checkQuotes({ markdown: item.answer, sources: input.sources })
    const answer = proofread(
      dropSentences(
        item.answer,
        quotes.missing.flatMap((finding) => finding.sentences),
      ),
      input.language,
      { knownText },
    )
    record = mergeFactChecks(record, {
      numbers: { checked: 0, removed: 0 },
      quotes: quoteRecord(quotes),
      proofreading: answer.fixes,
      unknownWords: answer.unknownWords,
    })
    const text = answer.markdown.trim()
    return text ? [{ question: item.question, answer: text }] : []
  })
  return { faq: checked, factCheck: record }
}
