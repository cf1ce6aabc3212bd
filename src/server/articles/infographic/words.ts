/** Words of the sentences an infographic is drawn from: their plain text, function words and shortening. */

export const AUXILIARIES = new Set([
  ...['is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'will', 'would', 'can', 'could', 'may', 'might'],
  ...['should', 'must', 'does', 'do', 'did', 'typically', 'usually', 'often', 'generally', 'now', 'still', 'only', 'roughly', 'already'],
])
export const PREPOSITIONS = new Set([
  'of',
  'for',
  'in',
  'from',
  'with',
  'at',
  'on',
  'across',
  'among',
  'by',
  'during',
  'per',
  'to',
  'within',
])
export const DETERMINERS = new Set('a an the this that these those each every most many some one its their'.split(' '))
export const CONNECTIVES = new Set(['up', 'down', 'and', 'or', 'then', 'than', 'compared', 'against', 'versus', 'vs', 'which', 'who'])
export const isFunctionWord = (word: string) => {
  const lower = word.toLowerCase()
  return PREPOSITIONS.has(lower) || DETERMINERS.has(lower) || CONNECTIVES.has(lower) || AUXILIARIES.has(lower)
}
export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()
export const splitWords = (text: string) => collapse(text).split(' ').filter(Boolean)
export const singular = (word: string) => {
  const lower = word.toLowerCase().replace(/['’]s$/, '')
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower
}
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Markdown links and emphasis, reference marks ("[1]") and odd spaces removed. */
export function plainSentence(sentence: string): string {
  return collapse(
    sentence
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[\^?\w{1,4}\]/g, '')
      .replace(/[*`]/g, '')
      .replace(/[\u00a0\u2009\u202f]/g, ' '),
  )
}
/** Cuts at a word boundary and adds an ellipsis so the text fits in `budget` characters. */
export function truncateWords(text: string, budget: number): string {
  if (text.length <= budget) return text
  const tokens = splitWords(text)
  while (tokens.length > 1 && tokens.join(' ').length + 1 > budget) tokens.pop()
  while (tokens.length > 1 && isFunctionWord(tokens.at(-1)!)) tokens.pop()
  const kept = tokens.join(' ')
  return `${kept.length + 1 > budget ? kept.slice(0, budget - 1) : kept}…`
}
export function hostname(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return collapse(url)
  }
}
