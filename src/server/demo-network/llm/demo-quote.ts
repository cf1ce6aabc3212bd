/**
 * The demo writer's quotations (article-writer/): now and then a section quotes a source's own
 * sentence word for word, cited with a Markdown link to that source, so the quote check
 * (src/server/articles/quotes.ts) finds it on the page and the article's fact check shows
 * "1 quote checked". Only a sentence the prompt carried whole is quoted: the check compares it with
 * the page's text, so a quote the writer made up, cut or reworded would be removed.
 */

export interface QuotableSentence {
  text: string
  page: { url: string; title: string }
  /** How much the sentence speaks to the section's own subject (0: not at all). */
  relevance: number
  score: number
}

/** Sections that quote: one in three, by the section's place among the article's headings (the second, fifth, …). */
const QUOTE_EVERY = 3
const MIN_WORDS = 8
const MAX_WORDS = 30
const LEADS = ['One guide puts it plainly:', 'In the words of one source:', 'As one guide has it:']

/**
 * The quotation sentence for a section and the source sentence it quotes (which the section then
 * does not paraphrase as well), or none, its link text named by `label` (the page's title unless told
 * otherwise): the most relevant sentence of the section's sources that has no digit (numbers are cited as paraphrases), no stop or quotation mark inside
 * (the checks read sentences whole) and 8–30 words, quoted with its source linked.
 */
export function sourceQuote<T extends QuotableSentence>(
  candidates: readonly T[],
  place: number,
  label: (page: T['page']) => string = (page) => page.title || page.url,
): { from: T; markdown: string } | undefined {
  if (place < 0 || place % QUOTE_EVERY !== 1) return undefined
  const chosen = candidates.find((sentence) => {
    const body = sentence.text.trim().replace(/[.!]$/, '')
    const words = body.split(/\s+/).filter(Boolean).length
    return (
      sentence.relevance > 0 &&
      sentence.score > 0 &&
      words >= MIN_WORDS &&
      words <= MAX_WORDS &&
      !/\d/.test(body) &&
      !/[.!?…;]\s|["“”‘’«»„]|\[|\]/.test(body)
    )
  })
  if (!chosen) return undefined
  const body = chosen.text.trim().replace(/[.!]$/, '')
  const linkText = label(chosen.page).replace(/[[\]]/g, (bracket) => (bracket === '[' ? '(' : ')'))
  const lead = LEADS[Math.floor(place / QUOTE_EVERY) % LEADS.length]
  return { from: chosen, markdown: `${lead} “${body}” ([${linkText}](${chosen.page.url})).` }
}
