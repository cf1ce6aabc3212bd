import type { Database } from '~/server/db'
import { keyword, KEYWORD_STATUSES, SEARCH_INTENTS, type KeywordStatus, type SearchIntent } from '~/server/db/schema/keywords'

/**
 * Demo data for the Keywords screen (docs/product/services.md): a few hundred believable keywords of a small
 * specialty coffee roaster, across every status and intent, with the gaps real research leaves
 * (unknown volume or difficulty, no intent). Generation is pure and deterministic from a seed and
 * a reference date, so a demo start and a test see the same rows; `insertDemoKeywords` writes them.
 */

export interface DemoKeywordOptions {
  /** Same seed and `now`, same keywords. */
  seed?: number
  /** How many keywords (at most the number of distinct phrases the templates give, ~700). */
  count?: number
  /** The reference date: createdAt lies in the 180 days before it, schedules around it. */
  now?: Date
}

export type DemoKeyword = Omit<typeof keyword.$inferInsert, 'id' | 'updatedAt'> & {
  businessId: string
  keyword: string
  status: KeywordStatus
  createdAt: Date
}

export const DEMO_KEYWORD_COUNT = 300
const DAY_MS = 24 * 60 * 60 * 1000

/** mulberry32: tiny, fast and good enough to make demo data look unplanned. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (probability: number) => next() < probability,
  }
}
type Random = ReturnType<typeof createRandom>

// Phrase families, each with the intent a search engine would most likely assign it.
const BEANS = [
  'espresso beans',
  'coffee beans',
  'single origin coffee',
  'decaf coffee beans',
  'light roast coffee',
  'dark roast coffee',
  'medium roast coffee',
  'cold brew coffee beans',
  'ethiopian coffee',
  'colombian coffee',
  'kenyan coffee',
  'guatemalan coffee',
  'sumatra coffee',
  'brazilian coffee',
  'costa rica coffee',
  'rwandan coffee',
  'honduran coffee',
  'peruvian coffee',
  'yirgacheffe coffee',
  'geisha coffee',
]
const GEAR = [
  'burr grinder',
  'espresso machine',
  'pour over kettle',
  'french press',
  'aeropress',
  'chemex',
  'moka pot',
  'hand grinder',
  'v60 dripper',
  'milk frother',
  'coffee scale',
  'cold brew maker',
  'drip coffee maker',
  'gooseneck kettle',
  'espresso tamper',
]
const USES = [
  'home',
  'beginners',
  'espresso',
  'pour over',
  'french press',
  'cold brew',
  'moka pot',
  'aeropress',
  'latte art',
  'drip machines',
  'office',
  'gifts',
]
const HOW_TO = [
  'make cold brew at home',
  'descale a breville',
  'descale a nespresso machine',
  'clean a burr grinder',
  'dial in espresso',
  'steam milk for latte art',
  'store coffee beans',
  'brew pour over coffee',
  'use a moka pot',
  'use a french press',
  'use an aeropress',
  'make iced coffee',
  'grind coffee beans without a grinder',
  'roast coffee beans at home',
  'make a flat white',
  'make a cortado',
  'pull a ristretto shot',
  'clean a chemex',
  'season a new grinder',
  'fix sour espresso',
  'fix bitter coffee',
  'make coffee less acidic',
  'brew decaf that tastes good',
  'choose a coffee grind size',
  'weigh coffee for pour over',
]
const QUESTIONS = [
  'what is a flat white',
  'what is single origin coffee',
  'what does light roast mean',
  'is dark roast stronger',
  'how long do coffee beans last',
  'how much caffeine in espresso',
  'why is my espresso sour',
  'why is my coffee bitter',
  'what is the best water for coffee',
  'what is coffee bloom',
  'what is natural process coffee',
  'what is washed process coffee',
  'what is a honey process coffee',
  'does coffee go bad',
  'how fine to grind for espresso',
  'what is the coffee to water ratio',
  'what is a cupping score',
  'arabica vs robusta',
  'espresso vs drip coffee',
  'latte vs cappuccino',
  'cold brew vs iced coffee',
  'light roast vs dark roast',
  'blade vs burr grinder',
  'chemex vs v60',
  'aeropress vs french press',
]
const COMMERCIAL_PATTERNS = [
  'best {bean} for {use}',
  'best {gear} for {use}',
  '{gear} review',
  'best {gear} under 200',
  'top rated {bean}',
  '{bean} tasting notes',
  'best {bean} 2026',
]
const TRANSACTIONAL_PATTERNS = [
  'buy {bean} online',
  '{bean} subscription',
  'fresh roasted {bean}',
  '{bean} near me',
  '{bean} wholesale',
  'order {bean}',
  '{bean} gift box',
  'cheap {gear}',
  '{gear} for sale',
  '{bean} 1kg bag',
]
const NAVIGATIONAL = [
  'acme roasters',
  'acme roasters login',
  'acme roasters subscription',
  'acme roasters coupon code',
  'acme roasters cafe hours',
  'acme roasters shipping',
  'acme roasters reviews',
  'acme roasters wholesale',
  'acme roasters brew guide',
  'acme roasters gift card',
  'breville support',
  'nespresso descaling solution',
  'hario v60 official',
  'fellow stagg ekg',
  'baratza encore manual',
]

interface Phrase {
  keyword: string
  intent: SearchIntent
}

/** Every distinct phrase the families give, in a fixed order. */
function allPhrases(): Phrase[] {
  const phrases: Phrase[] = []
  const fill = (pattern: string, bean: string, gear: string, use: string) =>
    pattern.replace('{bean}', bean).replace('{gear}', gear).replace('{use}', use)
  for (const text of HOW_TO) phrases.push({ keyword: `how to ${text}`, intent: 'informational' })
  for (const text of QUESTIONS) phrases.push({ keyword: text, intent: 'informational' })
  for (const pattern of COMMERCIAL_PATTERNS) {
    if (pattern.includes('{bean}') && pattern.includes('{use}')) {
      for (const bean of BEANS) for (const use of USES) phrases.push({ keyword: fill(pattern, bean, '', use), intent: 'commercial' })
    } else if (pattern.includes('{gear}') && pattern.includes('{use}')) {
      for (const gear of GEAR) for (const use of USES) phrases.push({ keyword: fill(pattern, '', gear, use), intent: 'commercial' })
    } else if (pattern.includes('{gear}')) {
      for (const gear of GEAR) phrases.push({ keyword: fill(pattern, '', gear, ''), intent: 'commercial' })
    } else {
      for (const bean of BEANS) phrases.push({ keyword: fill(pattern, bean, '', ''), intent: 'commercial' })
    }
  }
  for (const pattern of TRANSACTIONAL_PATTERNS) {
    const values = pattern.includes('{gear}') ? GEAR : BEANS
    for (const value of values) phrases.push({ keyword: fill(pattern, value, value, ''), intent: 'transactional' })
  }
  for (const text of NAVIGATIONAL) phrases.push({ keyword: text, intent: 'navigational' })
  for (const bean of BEANS) phrases.push({ keyword: `${bean} guide`, intent: 'informational' })
  const seen = new Set<string>()
  return phrases.filter((phrase) => (seen.has(phrase.keyword) ? false : (seen.add(phrase.keyword), true)))
}

/** Fisher–Yates with the seeded random. */
function shuffle<T>(items: T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy
}

/** Monthly searches: mostly long-tail (tens to hundreds), a few head terms in the thousands. */
function volumeFor(phrase: Phrase, random: Random): number {
  const words = phrase.keyword.split(' ').length
  const ceiling = Math.max(1.4, 4.3 - 0.35 * Math.max(0, words - 2))
  const volume = Math.round(10 ** (1 + random.next() * (ceiling - 1)))
  // Round like keyword tools do: 10, 20 … 90, 110 … 1,000, 1,300 …
  const step = volume >= 1000 ? 100 : 10
  return Math.min(12_000, Math.max(10, Math.round(volume / step) * step))
}

const STATUS_WEIGHTS: [KeywordStatus, number][] = [
  ['pending', 0.34],
  ['draft', 0.2],
  ['scheduled', 0.18],
  ['published', 0.2],
  ['archived', 0.08],
]

function pickStatus(random: Random): KeywordStatus {
  let roll = random.next()
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight
    if (roll < 0) return status
  }
  return 'pending'
}

const startOfUtcDay = (time: number) => time - (time % DAY_MS)

function rowFor(businessId: string, phrase: Phrase, status: KeywordStatus, random: Random, now: number): DemoKeyword {
  const createdAt = new Date(now - random.int(0, 179) * DAY_MS - random.int(0, 12 * 60) * 60_000)
  const searchVolume = random.chance(0.07) ? null : volumeFor(phrase, random)
  const difficulty =
    random.chance(0.07) || searchVolume === null
      ? null
      : Math.min(100, Math.max(0, Math.round(Math.log10(searchVolume) * 16 + random.int(-20, 25))))
  const priority = random.chance(0.05) ? null : random.int(0, 100)
  // Keyword tools leave intent out now and then: some empty strings, some unknown (null).
  const intentRoll = random.next()
  const searchIntent = intentRoll < 0.05 ? '' : intentRoll < 0.09 ? null : phrase.intent

  let scheduledAt: Date | null = null
  let generatedAt: Date | null = null
  let completedAt: Date | null = null
  if (status === 'scheduled') {
    scheduledAt = new Date(startOfUtcDay(now) + random.int(1, 60) * DAY_MS + 9 * 3_600_000)
  } else if (status === 'published') {
    const daysAgo = random.int(1, Math.max(1, Math.floor((now - createdAt.getTime()) / DAY_MS)))
    scheduledAt = new Date(startOfUtcDay(now) - daysAgo * DAY_MS + 9 * 3_600_000)
    generatedAt = new Date(scheduledAt.getTime() - DAY_MS)
    completedAt = scheduledAt
  } else if (status === 'archived' && random.chance(0.3)) {
    scheduledAt = new Date(startOfUtcDay(now) - random.int(5, 90) * DAY_MS + 9 * 3_600_000)
  } else if (status === 'draft') {
    generatedAt = new Date(createdAt.getTime() + random.int(1, 48) * 3_600_000)
  }
  const assignedMonth = scheduledAt ? scheduledAt.toISOString().slice(0, 7) : null

  return {
    businessId,
    keyword: phrase.keyword,
    searchIntent,
    searchVolume,
    difficulty,
    priority,
    status,
    scheduledAt,
    generatedAt,
    assignedAt: scheduledAt ? new Date(Math.min(scheduledAt.getTime(), now) - DAY_MS) : null,
    completedAt,
    assignedMonth,
    metadata: { demo: true },
    createdAt,
  }
}

/**
 * `count` distinct keywords for `businessId`. The first rows cover every status and every intent
 * (including an empty and an unknown one), so even a small count shows every badge.
 */
export function generateDemoKeywords(businessId: string, options: DemoKeywordOptions = {}): DemoKeyword[] {
  const { seed = 1, count = DEMO_KEYWORD_COUNT, now = new Date('2026-03-01T12:00:00Z') } = options
  const random = createRandom(seed)
  const phrases = shuffle(allPhrases(), random).slice(0, count)
  const rows = phrases.map((phrase, index) => {
    const status = index < KEYWORD_STATUSES.length ? KEYWORD_STATUSES[index] : pickStatus(random)
    return rowFor(businessId, phrase, status, random, now.getTime())
  })
  // Guarantee every intent and both kinds of missing intent appear, whatever the seed: a missing
  // one takes the place of an intent that occurs more than once.
  const intents: (SearchIntent | '' | null)[] = [...SEARCH_INTENTS, '', null]
  for (const intent of intents) {
    if (rows.some((row) => row.searchIntent === intent)) continue
    const spare = rows.find((row) => rows.filter((other) => other.searchIntent === row.searchIntent).length > 1)
    if (spare) spare.searchIntent = intent
  }
  return rows
}

/** How many phrases the generator can give at most. */
export const demoKeywordCapacity = () => allPhrases().length

/**
 * Inserts the demo keywords for a business; keywords it already has are left as they are.
 * Returns how many rows were inserted.
 */
export async function insertDemoKeywords(db: Database, businessId: string, options: DemoKeywordOptions = {}): Promise<number> {
  const rows = generateDemoKeywords(businessId, options)
  let inserted = 0
  // Batches keep each statement well under PostgreSQL's 65,535 bind parameters.
  for (let start = 0; start < rows.length; start += 200) {
    const result = await db
      .insert(keyword)
      .values(rows.slice(start, start + 200))
      .onConflictDoNothing({ target: [keyword.businessId, keyword.keyword] })
      .returning({ id: keyword.id })
    inserted += result.length
  }
  return inserted
}
