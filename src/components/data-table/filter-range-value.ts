/*
 * The numeric range filter's two bounds (docs/product/keywords-table.md): what may be typed,
 * how a pair is checked against the column's range, and how it is stored.
 */

export const DEFAULT_RANGE: [number, number] = [0, 100]

/** Only numbers or empty: '' , '-', '12', '-3.5', '4.' are accepted while typing. */
export const isNumericDraft = (text: string) => /^-?\d*(\.\d*)?$/.test(text)

/** Whole numbers are shown without decimals ("10", not "10.0"). */
export function formatRangeNumber(value: number | string): string {
  const number = typeof value === 'number' ? value : Number(value)
  if (typeof value === 'string' && (value.trim() === '' || !Number.isFinite(number))) return value
  return Number.isInteger(number) ? String(number) : String(Number(number.toFixed(6)))
}

/** Why one bound of a range filter is refused. */
export type FilterRangeError = 'notANumber' | 'minOutOfRange' | 'maxOutOfRange' | 'maxBelowMin'

/**
 * Checks a [min, max] pair of texts against the column range: each bound is a number or empty,
 * min within [lo, hi], max within [lo, hi] and not below min. Returns the errors per bound.
 */
export function validateRange(
  [min, max]: readonly [string, string],
  range: readonly [number, number] = DEFAULT_RANGE,
): { min?: FilterRangeError; max?: FilterRangeError } {
  const [lo, hi] = range
  const errors: { min?: FilterRangeError; max?: FilterRangeError } = {}
  const minNumber = min.trim() === '' ? undefined : Number(min)
  const maxNumber = max.trim() === '' ? undefined : Number(max)
  if (minNumber !== undefined) {
    if (!isNumericDraft(min.trim()) || !Number.isFinite(minNumber)) errors.min = 'notANumber'
    else if (minNumber < lo || minNumber > hi) errors.min = 'minOutOfRange'
  }
  if (maxNumber !== undefined) {
    if (!isNumericDraft(max.trim()) || !Number.isFinite(maxNumber)) errors.max = 'notANumber'
    else if (maxNumber < lo || maxNumber > hi) errors.max = 'maxOutOfRange'
    else if (minNumber !== undefined && !errors.min && maxNumber < minNumber) errors.max = 'maxBelowMin'
  }
  return errors
}

export const rangeErrorText: Record<FilterRangeError, (range: readonly [number, number]) => string> = {
  notANumber: () => 'Enter a number.',
  minOutOfRange: ([lo, hi]) => `Minimum must be between ${formatRangeNumber(lo)} and ${formatRangeNumber(hi)}.`,
  maxOutOfRange: ([lo, hi]) => `Maximum must be between ${formatRangeNumber(lo)} and ${formatRangeNumber(hi)}.`,
  maxBelowMin: () => 'Maximum must not be below the minimum.',
}

/** The value to store for a valid pair: numbers normalised ("010" → "10"), empty kept as ''. */
export function normaliseRange([min, max]: readonly [string, string]): [string, string] {
  const clean = (text: string) => (text.trim() === '' ? '' : formatRangeNumber(Number(text)))
  return [clean(min), clean(max)]
}
