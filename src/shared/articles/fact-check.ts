import type { ArticleFactCheck } from './article'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * The record of the checks after writing (ArticleFactCheck), one line per check, as the article page
 * shows it: "2 quotes checked, 1 removed: not found in Espresso Brewing Guide". `spelling` only when
 * the spelling check left words: "2 possible misspellings left as written: crema, portafilter".
 */
export function factCheckSummary(check: ArticleFactCheck): { numbers: string; quotes: string; proofreading: string; spelling?: string } {
  const unknown = check.unknownWords ?? []
  const reasons = [...new Set(check.quotes.removed.map((quote) => quote.reason))]
  return {
    numbers: `${plural(check.numbers.checked, 'sentence with a number', 'sentences with numbers')} checked, ${check.numbers.removed} removed`,
    quotes: `${plural(check.quotes.checked, 'quote', 'quotes')} checked, ${check.quotes.removed.length} removed${
      reasons.length > 0 ? `: ${reasons.join('; ')}` : ''
    }`,
    proofreading: plural(check.proofreading.length, 'proofreading fix', 'proofreading fixes'),
    ...(unknown.length > 0 && {
      spelling: `${plural(unknown.length, 'possible misspelling', 'possible misspellings')} left as written: ${unknown.join(', ')}`,
    }),
  }
}
