import { formatCount, pluralize } from '~/features/format'
import type { KeywordCluster } from '~/lib/rpc-outputs'

type Day = Date | string | null

const dayFormat = (value: Date, withYear: boolean) =>
  value.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear && { year: 'numeric' }), timeZone: 'UTC' })

const dayKey = (value: Date) => value.toISOString().slice(0, 10)

/**
 * A topic's series from its first to its last scheduled day: "Dec 3 – Dec 21, 2026", one date when
 * they are the same day, both years across a new year, and undefined when nothing is scheduled.
 */
export function seriesDateRange(days: readonly Day[]): string | undefined {
  const dates = days
    .filter((day): day is Date | string => day !== null)
    .map((day) => new Date(day))
    .filter((day) => !Number.isNaN(day.getTime()))
    .sort((a, b) => a.getTime() - b.getTime())
  const first = dates[0]
  const last = dates.at(-1)
  if (!first || !last) return undefined
  if (dayKey(first) === dayKey(last)) return dayFormat(first, true)
  if (first.getUTCFullYear() === last.getUTCFullYear()) return `${dayFormat(first, false)} – ${dayFormat(last, true)}`
  return `${dayFormat(first, true)} – ${dayFormat(last, true)}`
}

// Words that say nothing of what a keyword is about.
const STOPWORDS = new Set(
  'a an and are at best by can do does for from get how i in is it my near of on or the to vs what when where which who why with you your'.split(
    ' ',
  ),
)

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** Whether a description adds nothing to the topic's pillar keyword and label (the same words, in any case). */
export function repeatsKeyword(description: string, phrases: readonly string[]): boolean {
  const known = new Set(phrases.flatMap(words))
  return words(description).every((word) => known.has(word) || STOPWORDS.has(word))
}

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)

/**
 * The line under a topic's name: its own description when that says something, else one made of
 * its keywords: the pillar, how many keywords and the words its other keywords add ("Pillar: cold
 * brew · 5 keywords on ratio, storing and concentrate"), or its searches a month when they add none.
 */
export function topicDescription(
  cluster: Pick<KeywordCluster, 'label' | 'description' | 'pillarKeyword' | 'totalVolume'> & {
    keywords: ReadonlyArray<Pick<KeywordCluster['keywords'][number], 'keyword' | 'isPillar'>>
  },
): string {
  const pillar = cluster.pillarKeyword ?? cluster.keywords.find((item) => item.isPillar)?.keyword ?? cluster.label
  const description = cluster.description?.trim()
  if (description && !repeatsKeyword(description, [pillar, cluster.label])) return description

  const known = new Set([...words(pillar), ...words(cluster.label)])
  const counts = new Map<string, number>()
  for (const item of cluster.keywords) {
    if (item.keyword === pillar) continue
    for (const word of new Set(words(item.keyword))) {
      if (known.has(word) || STOPWORDS.has(word) || word.length < 3) continue
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  // The words most keywords share first; among equals, the order they first appear in.
  const themes = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([word]) => word)
  const size = pluralize(cluster.keywords.length, 'keyword')
  return themes.length > 0
    ? `Pillar: ${pillar} · ${size} on ${list(themes)}`
    : `Pillar: ${pillar} · ${size}, ${formatCount(cluster.totalVolume)} ${cluster.totalVolume === 1 ? 'search' : 'searches'} a month`
}
