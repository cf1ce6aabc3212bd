import type { WrittenSection } from '../assemble'

/** Fetched pages a section may cite. */
export const SOURCES_PER_SECTION = 4

const wordSet = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  )

/** Items sorted by how many of the query's words (longer than two letters) their text shares. */
export function rankByWords<T>(items: T[], text: (item: T) => string, query: string): T[] {
  const wanted = wordSet(query)
  const score = (item: T) => [...wordSet(text(item))].filter((word) => wanted.has(word)).length
  return [...items].sort((a, b) => score(b) - score(a))
}

export function rankSources<T extends { title: string; headings: string[]; text: string }>(pages: T[], query: string): T[] {
  return rankByWords(pages, (page) => `${page.title} ${page.headings.join(' ')} ${page.text.slice(0, 3000)}`, query)
}

/** The fetched pages a section (or, by the keyword as its heading, the introduction or the FAQ) may cite. */
export function sourcesForSection<T extends { title: string; headings: string[]; text: string }>(
  pages: T[],
  heading: string,
  keyword: string,
): T[] {
  return rankSources(pages, `${heading} ${keyword}`).slice(0, SOURCES_PER_SECTION)
}

/** The section that mentions the labels most (the first when none does). */
export function sectionMentioning(sections: WrittenSection[], labels: string[]): number {
  const ranked = rankByWords(
    sections.map((section, index) => ({ index, text: `${section.heading} ${section.blocks.join(' ')}` })),
    (item) => item.text,
    labels.join(' '),
  )
  return ranked[0]?.index ?? 0
}

const comparable = (url: string) =>
  url
    .replace(/[#?].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase()

/** Two addresses of one page: the same but for the query, fragment, trailing slashes and case. */
export const sameUrl = (a: string, b: string) => comparable(a) === comparable(b)

export function dedupeBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>()
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)))
}
