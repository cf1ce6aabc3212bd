import { describe, expect, it } from 'vitest'
import { localClock } from './notifications.service'

describe('localClock', () => {
  it('is the date and hour on the wall clock of the time zone, across midnight and daylight saving', () => {
    expect(localClock(new Date('2026-11-30T00:10:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-30', hour: 9 })
    expect(localClock(new Date('2026-11-30T00:10:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-11-29', hour: 16 })
    expect(localClock(new Date('2026-11-30T23:30:00Z'), 'UTC')).toEqual({ date: '2026-11-30', hour: 23 })
    // New York: 08:00 is 12:00 UTC in summer, 13:00 UTC in winter.
    expect(localClock(new Date('2026-07-01T12:00:00Z'), 'America/New_York').hour).toBe(8)
    expect(localClock(new Date('2026-12-01T13:00:00Z'), 'America/New_York').hour).toBe(8)
  })
})
