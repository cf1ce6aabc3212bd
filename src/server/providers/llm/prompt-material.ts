/**
 * What the mocked LLM knows about a request: the subject, names, lists and sentences found in
 * its messages. The mock builds every answer from this, so a business profile names the
 * business from the crawled page and an outline's headings carry the keyword.
 */
export interface PromptMaterial {
  /** The keyword, topic or seed the prompt is about. */
  subject: string
  /** The business, brand or site the prompt describes. */
  name: string
  url: string | undefined
  /** Values of "Label: value" lines, keyed by the lower-cased label. */
  fields: Map<string, string>
  /** Bullet and numbered items, markdown headings and comma lists after a label, in order. */
  items: string[]
  sentences: string[]
  /** Content words, most frequent first. */
  words: string[]
  /** A stable number for this prompt, to vary choices between prompts. */
  seed: number
}

const STOP_WORDS = new Set(
  `a an and are as at be by for from has have how i in is it its of on or our that the this to was we what when where which who why will with you your
  about into over more most other some such than then them they these those can all any each few also just only own same so very not no do does did
  please write create give return list suggest analyse analyze describe based following text page site website keyword keywords topic seed json
  title description heading headings url meta outline article business`.split(/\s+/),
)

/** FNV-1a: a small stable hash; the mock never uses randomness. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const clean = (value: string) =>
  value
    .replace(/\s+/g, ' ')
    .replace(/^["'“”‘’\s]+|["'“”‘’\s.,;:]+$/g, '')
    .trim()

function fieldValue(fields: Map<string, string>, pattern: RegExp): string | undefined {
  for (const [label, value] of fields) if (pattern.test(label) && value) return value
  return undefined
}

function titleCaseWord(word: string) {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word
}

export function extractMaterial(messages: string[]): PromptMaterial {
  const text = messages.join('\n')
  const fields = new Map<string, string>()
  const items: string[] = []
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim()
    const labelled = /^([A-Za-z][A-Za-z \-/]{1,40}):\s*(.+)$/.exec(line)
    if (labelled && !/^https?$/i.test(labelled[1]!)) {
      const label = labelled[1]!.trim().toLowerCase()
      const value = clean(labelled[2]!)
      if (!fields.has(label)) fields.set(label, value)
      // "Services: a, b, c" is a list as much as a field.
      if (/services|products|offerings|features|keywords|topics|tags|categories|headings|items/.test(label))
        items.push(
          ...value
            .split(/\s*,\s*/)
            .map(clean)
            .filter(Boolean),
        )
      continue
    }
    const bullet = /^(?:[-*•]|\d+[.)]|#{1,6}|h[1-6]:)\s+(.+)$/i.exec(line)
    if (bullet) items.push(clean(bullet[1]!))
  }

  const url = /https?:\/\/[^\s"'<>)\]]+/.exec(text)?.[0]?.replace(/[.,;]+$/, '')
  const quoted = /["“]([^"”\n]{2,80})["”]/.exec(text)?.[1]
  const title = fieldValue(fields, /^(page |site )?title$/)
  const words = contentWords(text)

  const subject = clean(
    fieldValue(fields, /keyword|topic|seed|subject|query|focus/) ?? quoted ?? title?.split(/\s[|–—-]\s/)[0] ?? words.slice(0, 2).join(' '),
  ).toLowerCase()

  const domainName = url
    ? new URL(url).hostname
        .replace(/^www\./, '')
        .split('.')[0]!
        .split('-')
        .map(titleCaseWord)
        .join(' ')
    : undefined
  const name = clean(
    fieldValue(fields, /business name|company|brand|site name|^name$/) ??
      title?.split(/\s[|–—:-]\s/)[0] ??
      domainName ??
      titleCaseWord(subject),
  )

  const sentences = text
    .replace(/^.*:\s*$/gm, '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^([A-Za-z][A-Za-z \-/]{1,40}):\s*/, '').trim())
    .filter((sentence) => sentence.split(' ').length >= 5 && /[.!?]$/.test(sentence))

  return { subject: subject || 'this topic', name: name || 'This business', url, fields, items, sentences, words, seed: stableHash(text) }
}

function contentWords(text: string): string[] {
  const counts = new Map<string, number>()
  for (const word of text.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? []) {
    if (!STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word)
}
