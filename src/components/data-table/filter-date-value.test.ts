import { describe, expect, it } from 'vitest'
import { dateFromText, timestampText } from './filter-date-value'

describe('dates as millisecond timestamps in text', () => {
  it('stores the picked day as its UTC midnight and reads it back as that calendar day', () => {
    const picked = new Date(2026, 10, 21, 15, 30) // a local date, any time of day
    expect(timestampText(picked)).toBe(String(Date.UTC(2026, 10, 21)))
    const back = dateFromText(String(Date.UTC(2026, 10, 21)))!
    expect([back.getFullYear(), back.getMonth(), back.getDate()]).toEqual([2026, 10, 21])
    expect(timestampText(back)).toBe(String(Date.UTC(2026, 10, 21)))
    expect(timestampText(undefined)).toBe('')
    expect(dateFromText('')).toBeUndefined()
    expect(dateFromText('yesterday')).toBeUndefined()
  })
})
