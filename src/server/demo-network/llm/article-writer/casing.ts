import { WORD, FIRST_WORD, URLS, capitalise, splitSentences } from './words'

// How the material writes each word (acronyms, brands, names), and the title and sentence case built on it.

/** Lower-cased word → how the material writes it: acronyms and brands ("CRM", "AeroPress"), names inside sentences ("Ethiopia"). */
export type Casing = ReadonlyMap<string, string>

const isAcronymLike = (word: string) => /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u.test(word)

export function learnCasing(prose: string[], labels: string[]): Casing {
  const forms = new Map<string, string>()
  const names = new Map<string, string>()
  const lowered = new Set<string>()
  for (const text of prose)
    for (const sentence of splitSentences(text.replace(URLS, ' '))) {
      for (const [index, [word]] of [...sentence.matchAll(WORD)].entries()) {
        const lower = word.toLowerCase()
        if (word === lower) lowered.add(lower)
        else if (isAcronymLike(word)) forms.set(lower, forms.get(lower) ?? word)
        // A capital inside a sentence marks a name ("from Ethiopia"); at its start it marks nothing.
        else if (index > 0) names.set(lower, names.get(lower) ?? word)
      }
    }
  for (const text of labels) {
    if (text === text.toUpperCase()) continue
    for (const [word] of text.replace(URLS, ' ').matchAll(WORD)) {
      if (isAcronymLike(word)) forms.set(word.toLowerCase(), forms.get(word.toLowerCase()) ?? word)
    }
  }
  for (const [lower, name] of names) if (!lowered.has(lower) && !forms.has(lower)) forms.set(lower, name)
  return forms
}

export const cased = (text: string, casing: Casing) => text.replace(WORD, (word) => casing.get(word.toLowerCase()) ?? word)

/** "How To Choose The Right CRM" → "How to choose the right CRM". */
export function sentenceCase(text: string, casing: Casing): string {
  const shouting = text === text.toUpperCase()
  return capitalise(
    text.replace(WORD, (word) => casing.get(word.toLowerCase()) ?? (!shouting && isAcronymLike(word) ? word : word.toLowerCase())),
  )
}

/** Two or more words, every word but the small ones capitalised. */
export function isTitleCased(text: string): boolean {
  const words = text.match(WORD) ?? []
  const significant = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()))
  return words.length >= 2 && significant.length >= 2 && significant.every((word) => /^\p{Lu}/u.test(word))
}

/** Lower-cases the first word unless it is a name or an acronym, to continue a sentence with it. */
export function lowerFirst(text: string, casing: Casing): string {
  return text.replace(
    FIRST_WORD,
    (word) => casing.get(word.toLowerCase()) ?? (isAcronymLike(word) || word === 'I' ? word : word.toLowerCase()),
  )
}

const SMALL_WORDS = new Set('a an and as at but by for in nor of on or per the to vs via with from into'.split(' '))

export function titleCase(text: string, casing: Casing): string {
  let first = true
  return text.replace(/\S+/g, (token) => {
    const [, before = '', core = '', after = ''] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(token) ?? []
    const small = !first && SMALL_WORDS.has(core.toLowerCase())
    first = /[:?!]$/.test(token)
    const word =
      casing.get(core.toLowerCase()) ??
      (isAcronymLike(core) ? core : small ? core.toLowerCase() : core.toLowerCase().split('-').map(capitalise).join('-'))
    return before + word + after
  })
}
