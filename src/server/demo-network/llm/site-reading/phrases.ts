import { hostOf, type PageContent, type PromptMaterial } from '../prompt-material'
import { NAVIGATION, NOT_AN_OFFER_START, FIRST_NAMES, MONTHS, WEEKDAYS, PHRASE_BREAKS, AUDIENCE_TAIL, NOT_AUDIENCE } from './lexicon'
import { words, lower, capitalise, stem, stems } from './text'

// Names and phrases read off a site's pages: its brand, its offerings, its search phrases and its audiences.

export const TITLE_SEPARATOR = /\s+[|–—·•:-]\s+|\s*\|\s*/

/** The brand: the title segment the site's pages share, else the shortest segment of the first title. */
export function siteName(material: PromptMaterial, pages: PageContent[]): string {
  const named = material.fields.get('site name')
  if (named) return named
  const segments = pages.map((page) =>
    page.title
      .split(TITLE_SEPARATOR)
      .map((part) => part.trim())
      .filter(Boolean),
  )
  const first = segments[0] ?? []
  if (first.length > 1) {
    const shared = (segment: string) => segments.filter((parts) => parts.some((part) => lower(part) === lower(segment))).length
    return [...first].sort((a, b) => shared(b) - shared(a) || words(a).length - words(b).length)[0]!
  }
  const host = (material.url && hostOf(material.url)) || ''
  if (/[a-z]/.test(host.split('.')[0] ?? '')) return host.split('.')[0]!.split('-').map(capitalise).join(' ')
  // One title with no separator: its first clause if short, else the proper name it opens with.
  const clause = (first[0] ?? '').split(/[.:;!?]\s/)[0]!.trim()
  if (clause && words(clause).length <= 5) return clause
  const proper = /^(?:\p{Lu}[\p{L}'&-]*\s+){1,3}\p{Lu}[\p{L}'&-]*/u.exec(clause)?.[0].trim()
  return proper ?? ''
}

function looksLikePerson(text: string, allText: string) {
  const parts = words(text)
  if (parts.length < 2 || parts.length > 3 || !parts.every((part) => /^\p{Lu}[\p{L}'-]+$/u.test(part))) return false
  return FIRST_NAMES.has(lower(parts[0]!)) || new RegExp(`\\bby ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(allText)
}

/** A heading that names something offered: a short noun phrase, not navigation, a question, a date or a person. */
export function offerLike(text: string, name: string, allText: string) {
  const count = words(text).length
  const first = lower(words(text)[0] ?? '')
  return (
    count >= 1 &&
    count <= 6 &&
    text.length <= 60 &&
    !/[?!:|]|\d/.test(text) &&
    !NAVIGATION.has(lower(text).replace(/[.\s]+$/, '')) &&
    !NOT_AN_OFFER_START.has(first) &&
    !(MONTHS.test(text) && count <= 2) &&
    !WEEKDAYS.test(text) &&
    lower(text) !== lower(name) &&
    !looksLikePerson(text, allText)
  )
}

/**
 * Drops a phrase whose words are all in one already kept; with `longer`, a phrase that holds all
 * the words of a kept one replaces it ("agencies" gives way to "marketing and design agencies").
 */
export function distinct(phrases: string[], longer = false): string[] {
  const kept: Array<{ text: string; words: Set<string> }> = []
  for (const phrase of phrases) {
    const own = stems(phrase)
    if (own.size === 0) continue
    const within = (a: Set<string>, b: Set<string>) => [...a].every((word) => b.has(word))
    const wider = kept.findIndex((other) => within(other.words, own))
    if (longer && wider >= 0 && !within(own, kept[wider]!.words)) kept[wider] = { text: phrase, words: own }
    else if (!kept.some((other) => within(own, other.words) || within(other.words, own))) kept.push({ text: phrase, words: own })
  }
  return kept.map((entry) => entry.text)
}

/** Search phrases: runs of two to four content words, scored by how often and how prominently the pages use them. */
export function seedPhrases(sources: Array<{ text: string; weight: number }>, name: string): string[] {
  // The brand is not a search phrase a new customer types: its mentions break the runs.
  const brand = name ? new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') : undefined
  const scores = new Map<string, { score: number; order: number }>()
  let order = 0
  for (const { text, weight } of sources) {
    for (const chunk of (brand ? text.replace(brand, ' | ') : text).split(/[.,;:!?()"“”‘’|–—/…·•&+]|\s-\s|'s\b/)) {
      const run: string[] = []
      const flush = () => {
        for (let size = Math.min(4, run.length); size >= 2; size--) {
          for (let start = 0; start + size <= run.length; start++) {
            const phrase = run.slice(start, start + size).join(' ')
            const entry = scores.get(phrase) ?? { score: 0, order: order++ }
            // Whole runs count in full; windows inside a longer run count less.
            entry.score += weight * (size === run.length ? 1 : 0.5)
            scores.set(phrase, entry)
          }
        }
        run.length = 0
      }
      let previous = ''
      for (const [i, token] of chunk.split(/\s+/).entries()) {
        const word = token.replace(/^['’-]+|['’-]+$/g, '').toLowerCase()
        const verbLike =
          (word.length > 4 && /ed$/.test(word) && !/eed$/.test(word)) ||
          (word.length > 4 && /ly$/.test(word) && !/(family|supply|reply|assembly)$/.test(word)) ||
          // "in Leeds baking sourdough": an -ing word after a name mid-sentence is a verb.
          (/ing$/.test(word) && i > 1 && /^\p{Lu}/u.test(previous))
        if (!word || !/^[\p{L}][\p{L}'’-]*$/u.test(word) || word.length < 2 || PHRASE_BREAKS.has(word) || verbLike) flush()
        else run.push(word)
        previous = token
      }
      flush()
    }
  }
  // Phrases the pages use twice (or once where it counts) first; single mentions only to reach five.
  const byScore = [...scores.entries()]
    .filter(([phrase]) => !NAVIGATION.has(phrase) && !MONTHS.test(phrase) && !WEEKDAYS.test(phrase))
    .sort((a, b) => b[1].score - a[1].score || words(a[0]).length - words(b[0]).length || a[1].order - b[1].order)
  // People the pages name ("By Tom Baxter", "I'm Tom") are not what customers search for.
  const people = new Set(
    sources.flatMap(({ text }) =>
      [...text.matchAll(/\b(?:[Bb]y|I'm|I am|[Mm]y name is)\s+(\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+){0,2})/gu)].map((match) => lower(match[1]!)),
    ),
  )
  const kept: string[] = []
  for (const [phrase, { score }] of byScore) {
    if (kept.length === 10 || (score < 2 && kept.length >= 5)) break
    if ([...people].some((person) => phrase.includes(person) || person.includes(phrase))) continue
    const key = words(phrase).map(stem).join(' ')
    if (kept.some((other) => words(other).map(stem).join(' ') === key || other.includes(phrase) || phrase.includes(other))) continue
    kept.push(phrase)
  }
  return kept
}

/** "for small teams", "for cafés and restaurants": who the pages say they are for. */
export function audiencePhrases(texts: string[]): string[] {
  const found: string[] = []
  for (const text of texts) {
    for (const match of text.matchAll(/\bfor\s+(?:the\s+|a\s+|an\s+)?((?:[\p{L}][\p{L}'’-]*\s+){0,3}[\p{L}][\p{L}'’-]*)/giu)) {
      const taken: string[] = []
      for (const word of words(match[1]!)) {
        const bare = lower(word)
        if (PHRASE_BREAKS.has(bare) && !(bare === 'and' && taken.length > 0)) break
        taken.push(word)
      }
      while (taken.length && lower(taken.at(-1)!) === 'and') taken.pop()
      const phrase = lower(taken.join(' '))
      const last = lower(taken.at(-1) ?? '')
      if (!phrase || !AUDIENCE_TAIL.test(last) || /ss$/.test(last) || NOT_AUDIENCE.has(last) || NAVIGATION.has(phrase)) continue
      found.push(capitalise(phrase))
    }
  }
  return distinct(found, true).slice(0, 5)
}
