/** The measurements a sentence states: numbers (or ranges) with their unit, currency or counted noun, and a rate. */
import { SCALE_PLACES, stickyExec } from '../numbers'
import { isFunctionWord } from './words'

/** How a unit converts: units of one family with factors share a scale (factor to the family's base). */
export interface UnitSpec {
  family: string
  unit: string
  factor: number
}

const UNIT_TABLE: [family: string, factor: number, unit: string, words: string[]][] = [
  ['duration', 1, 'seconds', ['second', 'seconds', 'sec', 'secs']],
  ['duration', 60, 'minutes', ['minute', 'minutes', 'min', 'mins']],
  ['duration', 3600, 'hours', ['hour', 'hours', 'hr', 'hrs', 'h']],
  ['duration', 86_400, 'days', ['day', 'days']],
  ['duration', 604_800, 'weeks', ['week', 'weeks']],
  ['months', 1, 'months', ['month', 'months']],
  ['years', 1, 'years', ['year', 'years']],
  ['mass', 0.001, 'mg', ['mg', 'milligram', 'milligrams']],
  ['mass', 1, 'g', ['g', 'gram', 'grams', 'gramme', 'grammes']],
  ['mass', 1000, 'kg', ['kg', 'kgs', 'kilogram', 'kilograms', 'kilo', 'kilos']],
  ['mass', 1_000_000, 'tonnes', ['tonne', 'tonnes']],
  ['volume', 1, 'ml', ['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters']],
  ['volume', 1000, 'litres', ['l', 'litre', 'litres', 'liter', 'liters']],
  ['oz', 1, 'oz', ['oz', 'ounce', 'ounces']],
  ['lb', 1, 'lb', ['lb', 'lbs', 'pound', 'pounds']],
  ['tons', 1, 'tons', ['ton', 'tons']],
  ['kcal', 1, 'kcal', ['kcal', 'calorie', 'calories']],
  ['money:$', 1, '$', ['dollar', 'dollars', 'usd']],
  ['money:$', 0.01, '$', ['cent', 'cents']],
  ['money:€', 1, '€', ['euro', 'euros', 'eur']],
]

const UNIT_WORDS = new Map<string, UnitSpec>(
  UNIT_TABLE.flatMap(([family, factor, unit, words]) => words.map((word): [string, UnitSpec] => [word, { family, unit, factor }])),
)
export const CURRENCIES: Record<string, UnitSpec> = {
  $: { family: 'money:$', unit: '$', factor: 1 },
  us$: { family: 'money:$', unit: '$', factor: 1 },
  '€': { family: 'money:€', unit: '€', factor: 1 },
  '£': { family: 'money:£', unit: '£', factor: 1 },
}
export const PERCENT: UnitSpec = { family: 'percent', unit: '%', factor: 1 }
const CELSIUS: UnitSpec = { family: 'celsius', unit: '°C', factor: 1 }
const FAHRENHEIT: UnitSpec = { family: 'fahrenheit', unit: '°F', factor: 1 }
const SCALES: Record<string, number> = Object.fromEntries(Object.entries(SCALE_PLACES).map(([word, places]) => [word, 10 ** places]))

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`
const AMOUNT = new RegExp(
  String.raw`(?<currency>US\$|\$|€|£)?\s?(?<number>${NUMBER})(?:\s?(?<scale>thousand|million|billion|trillion|bn)(?![\p{L}])|(?<k>k)(?![\p{L}]))?`,
  'iuy',
)
const PERCENT_SIGN = /\s?(?:%|per ?cent(?![\p{L}]))/iuy
const DEGREES = /\s?(?:°|º|degrees?\s)\s?(?<scale>celsius|fahrenheit|c|f)(?![\p{L}])/iuy
const NEXT_WORD = /\s?(?<word>\p{L}+(?:'\p{L}+)?)(?![\p{L}])/uy
const RATE =
  /\s(?:per|a|an|each|every)\s(?<base>capita|person|head|day|year|week|month|hour|cup|serving|kilogram|kg|pound|lb|bag|shot)(?![\p{L}])/iuy
const RANGE_SEPARATOR = /\s?[–—-]\s?|\s(?:to|and)\s/y
const MENTION_START = /(?:US\$|\$|€|£)\s?(?=\d)|\d/g
/** Words after a number that make it an ordinal, a change in percentage points or a multiple. */
const NOT_A_MEASUREMENT = new Set(['st', 'nd', 'rd', 'th', 'percentage', 'times', 'x', 'fold'])

interface Amount {
  end: number
  /** The number as written, without scale or unit. */
  written: string
  value: number
  currency: string
  /** The scale word's multiplier ("million"), 1 without one. */
  multiplier: number
  spec: UnitSpec | undefined
  noun: string
}

/** A number (or range) found in a sentence, with the span it covers (number, unit and rate). */
export interface Mention {
  start: number
  end: number
  values: number[]
  spec: UnitSpec | undefined
  rate: string
  noun: string
}

function readAmount(text: string, index: number): Amount | null {
  const amount = stickyExec(AMOUNT, text, index)
  if (!amount?.groups) return null
  const { currency = '', number, scale, k } = amount.groups
  const multiplier = scale ? SCALES[scale.toLowerCase()] : k ? SCALES.k : 1
  const value = Number(number.replace(/,/g, '')) * multiplier
  let end = index + amount[0].length
  const rest = text.slice(end)
  // "8-ounce cup", "3-year-old plants", "7:30", "3/4": a modifier, a time or a fraction.
  if (/^-\p{L}/u.test(rest) || /^[:/]\d/.test(rest)) return null
  let spec: UnitSpec | undefined = currency ? CURRENCIES[currency.toLowerCase()] : undefined
  let noun = ''
  if (spec) return { end, written: number, value, currency, multiplier, spec, noun }
  const percent = stickyExec(PERCENT_SIGN, text, end)
  const degrees = percent ? null : stickyExec(DEGREES, text, end)
  if (percent) {
    spec = PERCENT
    end += percent[0].length
  } else if (degrees?.groups) {
    spec = degrees.groups.scale.toLowerCase().startsWith('c') ? CELSIUS : FAHRENHEIT
    end += degrees[0].length
  } else {
    const next = stickyExec(NEXT_WORD, text, end)
    const word = next?.groups?.word ?? ''
    const unit = UNIT_WORDS.get(word.toLowerCase())
    if (NOT_A_MEASUREMENT.has(word.toLowerCase())) return null
    if (unit) {
      spec = unit
      end += next![0].length
    } else if (word.length > 1 && !isFunctionWord(word)) {
      noun = word
    }
  }
  return { end, written: number, value, currency, multiplier, spec, noun }
}

/** A bare four-digit number from 1000 to 2099 is a year, not a count. */
const isYear = (amount: Amount) => !amount.spec && amount.multiplier === 1 && /^(1\d|20)\d{2}$/.test(amount.written)

/** The mention starting at index: one amount, or two joined as a range, plus a rate ("per person"). */
function readMention(text: string, index: number): Mention | null {
  const first = readAmount(text, index)
  if (!first || isYear(first)) return null
  const negative = /(?:^|[\s(])[-−]$/.test(text.slice(0, index))
  const start = negative ? index - 1 : index
  let values = [negative ? -first.value : first.value]
  let { spec, noun, end } = first
  const separator = stickyExec(RANGE_SEPARATOR, text, first.end)
  const joinsRange = separator && (!/and/.test(separator[0]) || /\bbetween\s+$/i.test(text.slice(0, start)))
  const second = joinsRange ? readAmount(text, first.end + separator[0].length) : null
  const sameUnit =
    second && (!first.spec || !second.spec || first.spec.unit === second.spec.unit) && (first.spec || second.spec || !first.noun)
  if (second && sameUnit && !isYear(second)) {
    // "2–3 million": the low end takes the scale written once, after the high end.
    values = [first.multiplier === 1 ? values[0] * second.multiplier : values[0], second.value]
    spec = first.spec ?? second.spec
    noun = second.noun || first.noun
    end = second.end
  }
  if (spec?.factor && spec.factor !== 1 && spec.family.startsWith('money')) {
    values = values.map((value) => value * spec!.factor)
    spec = CURRENCIES.$
  }
  if (!spec && !noun) return null
  const rate = spec ? stickyExec(RATE, text, end)?.groups?.base : undefined
  if (rate) end = RATE.lastIndex
  return { start, end, values, spec, rate: rate ? rateBase(rate) : '', noun }
}

function rateBase(word: string): string {
  const lower = word.toLowerCase()
  if (lower === 'capita' || lower === 'head') return 'person'
  return UNIT_WORDS.get(lower)?.unit.replace(/s$/, '') ?? lower
}

/** Every measurement in the text, left to right; a conversion in brackets right after one is dropped. */
export function findMentions(text: string): Mention[] {
  const mentions: Mention[] = []
  MENTION_START.lastIndex = 0
  for (let match = MENTION_START.exec(text); match; match = MENTION_START.exec(text)) {
    const before = text.slice(0, match.index)
    // Inside a word or number ("V60", "COVID-19", "1.5", "7:30").
    if (/[\p{L}\p{N}_.,:/]$/u.test(before) || /[\p{L}\p{N}][-–]$/u.test(before)) continue
    const mention = readMention(text, match.index)
    if (!mention) continue
    const previous = mentions.at(-1)
    const gap = previous ? text.slice(previous.end, mention.start) : ''
    if (!previous || !/^\s*\(\s*(?:about|around|approx\.?|approximately|roughly|or|~|≈)?\s*$/i.test(gap)) mentions.push(mention)
    MENTION_START.lastIndex = mention.end
  }
  return mentions
}
