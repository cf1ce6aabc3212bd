/**
 * Reading numbers in text, shared by the grounding check (grounding.ts: each number as a
 * normalised key a source must hold, the rules in its header) and the infographic's
 * measurements (infographic/measurements.ts: values with their units): the sticky-pattern
 * matcher and the scale words both read.
 */

/** The pattern (sticky, `y`) matched exactly at `at`. */
export function stickyExec(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at
  return pattern.exec(text)
}

/** Powers of ten of the scale words and abbreviations a number may carry ("1.2 million", "10k", "3bn"). */
export const SCALE_PLACES: Record<string, number> = { thousand: 3, million: 6, billion: 9, trillion: 12, k: 3, bn: 9 }

// ————— Number keys (the grounding check) —————

export interface NumberToken {
  /** Offsets in the scanned text; `start` includes a currency sign. */
  start: number
  end: number
  surface: string
  key: string
  /** The keys of a ratio's or fraction's parts, which a source vouches for on their own. */
  parts: string[]
  isClaim: boolean
}

const NUMERAL = /\d{1,3}(?:[,\u00A0\u202F\u2009]\d{3})+(?!\d)|\d+/y
const DECIMAL_PART = /\.\d+/y
const COMPOUND_JOIN = /[:/](?=\d)/y
const PERCENT = /[ \u00A0\u202F]?%|[ \u00A0]per ?cent\b/iy
const SCALE_WORD = /[ \u00A0](thousand|million|billion|trillion)\b/iy
const LETTERS = /\p{L}+/uy
const CURRENCY = '$€£¥'

/** Letters that may follow digits directly and still leave a quantity ("18g", "250ml", "1.5L", "10am", "2x"). */
const UNIT_SUFFIXES = new Set(
  (
    'g kg mg mcg µg ml mL cl dl l L oz lb lbs min mins h hr hrs s sec secs ms cm mm m km ft mph kph x kcal cal ' +
    'W kW kWh V mAh GB MB TB Hz kHz GHz px ppm bar psi C F am pm AM PM d yr yrs wk wks p'
  ).split(' '),
)

/** The text the pattern (sticky) matches exactly at `at`. */
export function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  return stickyExec(pattern, text, at)?.[0]
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9'
}

/** "1,200.50" → "1200.5", "007" → "7". */
function normalizeNumeral(numeral: string): string {
  const [whole = '', fraction = ''] = numeral.replace(/[,\u00A0\u202F\u2009]/g, '').split('.')
  const integer = whole.replace(/^0+(?=\d)/, '')
  const decimals = fraction.replace(/0+$/, '')
  return decimals ? `${integer}.${decimals}` : integer
}

/** Moves the decimal point right, exactly: ("1.2", 6) → "1200000". */
function shiftDecimal(normalized: string, places: number): string {
  const [integer = '', fraction = ''] = normalized.split('.')
  const digits = integer + fraction.padEnd(places, '0')
  const point = integer.length + places
  return normalizeNumeral(`${digits.slice(0, point)}.${digits.slice(point)}`)
}

/** True when the digits at `start` belong to a name: "V60", "COVID-19", the "02" of "V60-02". */
function isGluedToName(text: string, start: number, previousNameEnd: number): boolean {
  const before = text[start - 1] ?? ''
  if (/\p{L}/u.test(before)) return true
  if (before !== '-' && before !== '_') return false
  return /\p{Lu}/u.test(text[start - 2] ?? '') || start - 1 === previousNameEnd
}

function readNumber(text: string, start: number, previousNameEnd: number): NumberToken {
  const numerals: string[] = []
  const joins: string[] = []
  let end = start
  let isClaim = !isGluedToName(text, start, previousNameEnd)
  for (;;) {
    let numeral = matchAt(NUMERAL, text, end) ?? ''
    end += numeral.length
    for (let decimal = matchAt(DECIMAL_PART, text, end); decimal; decimal = matchAt(DECIMAL_PART, text, end)) {
      if (numeral.includes('.')) isClaim = false
      numeral += decimal
      end += decimal.length
    }
    numerals.push(normalizeNumeral(numeral))
    const join = matchAt(COMPOUND_JOIN, text, end)
    if (!join) break
    joins.push(join)
    end += join.length
  }

  const percent = matchAt(PERCENT, text, end)
  const scaleWord = percent ? undefined : matchAt(SCALE_WORD, text, end)
  const letters = percent || scaleWord ? undefined : matchAt(LETTERS, text, end)
  const scale = scaleWord?.trim().toLowerCase() ?? (letters === 'k' || letters === 'bn' ? letters : undefined)
  // Ordinals ("4th") and names ("3D", "5G") end in letters that are neither a unit nor a scale.
  if (letters && !scale && !UNIT_SUFFIXES.has(letters)) isClaim = false
  end += (percent ?? scaleWord ?? letters ?? '').length

  const compound = numerals.length > 1
  const key = compound
    ? numerals.map((part, index) => (index === 0 ? part : `${joins[index - 1]}${part}`)).join('')
    : `${scale ? shiftDecimal(numerals[0] ?? '', SCALE_PLACES[scale] ?? 0) : numerals[0]}${percent ? '%' : ''}`
  const surfaceStart = CURRENCY.includes(text[start - 1] ?? '_') ? start - 1 : start
  return { start: surfaceStart, end, surface: text.slice(surfaceStart, end), key, parts: compound ? numerals : [], isClaim }
}

/** Every number in the text, claims and names alike, in order. */
export function scanNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = []
  let previousNameEnd = -1
  for (let at = 0; at < text.length; at++) {
    if (!isDigit(text[at])) continue
    const token = readNumber(text, at, previousNameEnd)
    if (!token.isClaim) previousNameEnd = token.end
    tokens.push(token)
    at = token.end - 1
  }
  return tokens
}

/** The keys a text vouches for: each claim's key and, for ratios and fractions, each part's. */
export function vouchedKeys(token: NumberToken): string[] {
  return token.isClaim ? [token.key, ...token.parts] : []
}
