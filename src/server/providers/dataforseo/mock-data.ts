/**
 * Deterministic keyword data for the DataForSEO mock: every number is derived from a hash of the
 * keyword, so the same keyword always gets the same volume, CPC and difficulty, and different
 * keywords get a plausible spread (most long-tail and small, a few head terms large).
 */

/** FNV-1a, scaled to [0, 1). `salt` gives independent values for one keyword. */
export function unitHash(text: string, salt = ''): number {
  let hash = 0x811c9dc5
  for (const char of `${salt}|${text}`) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash / 2 ** 32
}

/** Google Ads reports volumes in these buckets, never as exact counts. */
const VOLUME_BUCKETS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400, 5400,
  6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500, 110000, 135000, 165000, 201000, 246000,
  301000, 368000, 450000, 550000,
]

const nearestBucket = (value: number) =>
  VOLUME_BUCKETS.reduce((best, bucket) => (Math.abs(bucket - value) < Math.abs(best - value) ? bucket : best))

const words = (keyword: string) => keyword.trim().split(/\s+/).filter(Boolean)

export function searchVolume(keyword: string): number {
  // Skewed towards the long tail; every extra word lowers the ceiling like real queries do.
  const exponent = 1 + 4.6 * unitHash(keyword, 'volume') ** 1.7 - 0.35 * (words(keyword).length - 1)
  return nearestBucket(10 ** Math.min(5.7, Math.max(1, exponent)))
}

export type Intent = 'informational' | 'navigational' | 'commercial' | 'transactional'

const INTENT_WORDS: [Intent, RegExp][] = [
  ['transactional', /\b(buy|price|prices|pricing|cheap|deal|deals|discount|coupon|order|for sale|shop|cost)\b/],
  ['commercial', /\b(best|vs|versus|review|reviews|top|compare|comparison|alternative|alternatives)\b/],
  [
    'navigational',
    /\b(login|sign in|official|website|app|\w+\.(com|net|org|io))\b|^(amazon|google|youtube|facebook|netflix|ebay|nike|apple|reddit|wikipedia)\b/,
  ],
  ['informational', /\b(how|what|why|when|who|where|guide|tutorial|tips|ideas|examples|meaning|definition)\b/],
]

export function intentOf(keyword: string): { label: Intent; probability: number } {
  const lower = keyword.toLowerCase()
  const label = INTENT_WORDS.find(([, pattern]) => pattern.test(lower))?.[0] ?? 'informational'
  return { label, probability: round(0.62 + 0.37 * unitHash(keyword, 'intent'), 4) }
}

export function cpc(keyword: string): number {
  const { label } = intentOf(keyword)
  const ceiling = label === 'transactional' ? 9 : label === 'commercial' ? 6 : 2.5
  return round(0.15 + ceiling * unitHash(keyword, 'cpc') ** 1.5, 2)
}

/** 0–100, as Google Ads' competition index. */
export function competitionIndex(keyword: string): number {
  const { label } = intentOf(keyword)
  const lift = label === 'transactional' || label === 'commercial' ? 30 : 0
  return Math.min(100, Math.round(lift + 70 * unitHash(keyword, 'competition')))
}

export const competitionLevel = (index: number) => (index < 34 ? 'LOW' : index < 67 ? 'MEDIUM' : 'HIGH')

/** 0–100, higher for head terms. */
export function keywordDifficulty(keyword: string): number {
  const headness = Math.log10(searchVolume(keyword)) / 5.7
  return Math.min(100, Math.round(60 * headness + 40 * unitHash(keyword, 'difficulty')))
}

/** The last 12 complete months, newest first as DataForSEO lists them, averaging to the volume. */
export function monthlySearches(keyword: string, now = new Date()) {
  const volume = searchVolume(keyword)
  const peak = Math.floor(unitHash(keyword, 'season') * 12)
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1))
    const month = date.getUTCMonth()
    const season = 1 + 0.25 * Math.cos(((month - peak) / 12) * 2 * Math.PI)
    const noise = 0.9 + 0.2 * unitHash(keyword, `month-${month}`)
    return { year: date.getUTCFullYear(), month: month + 1, search_volume: nearestBucket(volume * season * noise) }
  })
}

const SUGGESTION_PATTERNS = [
  'best {}',
  '{} for beginners',
  'how to {}',
  '{} near me',
  'cheap {}',
  '{} price',
  '{} review',
  '{} ideas',
  'what is {}',
  '{} tips',
  'free {}',
  '{} online',
  '{} for small business',
  '{} examples',
  '{} vs',
  '{} course',
  '{} tools',
  '{} guide',
  'buy {}',
  '{} checklist',
  '{} software',
  '{} cost',
  'top {}',
  '{} alternatives',
]

const RELATED_PATTERNS = ['{} alternatives', '{} cost', 'how does {} work', '{} pros and cons', 'is {} worth it', '{} services']

const IDEA_NOUNS = [
  'strategy',
  'checklist',
  'examples',
  'services',
  'software',
  'template',
  'cost',
  'benefits',
  'mistakes',
  'trends',
  'statistics',
  'agency',
]

/** DataForSEO rejects keywords over 80 characters or 10 words; generated ones must stay valid too. */
export const isValidKeyword = (keyword: string) => keyword.length <= 80 && words(keyword).length <= 10

const fill = (pattern: string, seed: string) => pattern.replace('{}', seed)

/** Order by hash so each seed gets its own mix, not the same first modifiers every time. */
function byHash(list: string[], seed: string) {
  return [...list].sort((a, b) => unitHash(a, seed) - unitHash(b, seed))
}

export function suggestionsFor(seed: string, limit: number): string[] {
  const normalized = seed.trim().toLowerCase()
  return byHash(SUGGESTION_PATTERNS, normalized)
    .map((pattern) => fill(pattern, normalized))
    .filter(isValidKeyword)
    .slice(0, limit)
}

/** Depth 0 is the seed; each further level fans out from the first three keywords of the last. */
export function relatedFor(seed: string, depth: number, limit: number): { keyword: string; depth: number }[] {
  const normalized = seed.trim().toLowerCase()
  const out = [{ keyword: normalized, depth: 0 }]
  const seen = new Set([normalized])
  let level = [normalized]
  for (let d = 1; d <= depth; d++) {
    const next: string[] = []
    for (const parent of level.slice(0, 3)) {
      for (const pattern of byHash(RELATED_PATTERNS, parent).slice(0, 3)) {
        const keyword = fill(pattern, parent)
        if (!seen.has(keyword) && isValidKeyword(keyword)) {
          seen.add(keyword)
          next.push(keyword)
          out.push({ keyword, depth: d })
        }
      }
    }
    level = next
  }
  return out.slice(0, limit)
}

export function ideasFor(seeds: string[], limit: number): string[] {
  const ideas = seeds.flatMap((seed) => {
    const normalized = seed.trim().toLowerCase()
    return byHash(IDEA_NOUNS, normalized).map((noun) => `${normalized} ${noun}`)
  })
  return [...new Set(ideas)].filter(isValidKeyword).slice(0, limit)
}

export function round(value: number, digits: number) {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** An id shaped like DataForSEO task ids ("MMddHHmm-1535-0xxx-0000-…"), fixed for a seed. */
export function taskId(seed: string) {
  const hex = (salt: string, length: number) =>
    Math.floor(unitHash(seed, salt) * 16 ** length)
      .toString(16)
      .padStart(length, '0')
  return `${hex('a', 8)}-1535-0${hex('b', 3)}-0000-${hex('c', 6)}${hex('d', 6)}`
}

/** DataForSEO's timestamp format; a day's resolution keeps answers identical within a day. */
export const day = () => `${new Date().toISOString().slice(0, 10)} 00:00:00 +00:00`
