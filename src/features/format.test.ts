import { describe, expect, it } from 'vitest'
import { formatLongDate } from './blog/format-date'
import { formatCount, formatDollars, pluralize } from './format'

/** What format.ts and format-date.ts write without Intl must be exactly what Intl writes. */
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 })
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  7,
  12,
  999,
  1000,
  -1000,
  1001,
  9999,
  12_345,
  99_999,
  100_000,
  999_999,
  1_000_000,
  -1_234_567,
  2_147_483_647,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  2 ** 53,
  1e21,
  0.5,
  1.5,
  2.5,
  -2.5,
  19.99,
  0.005,
  1234.5678,
  NaN,
  Infinity,
  -Infinity,
  ...Array.from({ length: 200 }, (_, index) => Math.round(Math.sin(index + 1) * 10 ** (index % 12))),
]

describe('number formats', () => {
  it.each(NUMBERS)('%s: formatCount and formatDollars write what Intl writes', (value) => {
    expect(formatCount(value)).toBe(count.format(value))
    expect(formatDollars(value)).toBe(dollars.format(value))
  })

  it('pluralize', () => {
    expect(pluralize(1, 'business', 'businesses')).toBe('1 business')
    expect(pluralize(1200, 'article')).toBe('1,200 articles')
  })
})

describe('formatLongDate writes what Intl writes', () => {
  const days: string[] = []
  for (let time = Date.UTC(1999, 11, 25); time <= Date.UTC(2001, 2, 5); time += 86_400_000) days.push(new Date(time).toISOString())
  it.each([...days, '2024-02-29', '0999-12-31', '1000-01-01', '9999-12-31', '2025-03-04T23:59:59Z', '+010000-01-01'])('%s', (iso) => {
    expect(formatLongDate(iso)).toBe(longDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)))
  })

  it('a date that is not one fails as it did (Intl: RangeError)', () => {
    expect(() => formatLongDate('not a date')).toThrow(RangeError)
  })
})
