import { describe, expect, it } from 'vitest'
import { KEYWORD_STATUSES, SEARCH_INTENTS } from '~/server/db/schema/keywords'
import { DEMO_KEYWORD_COUNT, demoKeywordCapacity, generateDemoKeywords } from './keywords-seed'

const NOW = new Date('2026-03-15T10:00:00Z')

describe('generateDemoKeywords', () => {
  const rows = generateDemoKeywords('biz_1', { seed: 42, now: NOW })

  it('gives a few hundred distinct keywords for the business', () => {
    expect(rows).toHaveLength(DEMO_KEYWORD_COUNT)
    expect(DEMO_KEYWORD_COUNT).toBeGreaterThanOrEqual(200)
    expect(new Set(rows.map((row) => row.keyword)).size).toBe(rows.length)
    expect(rows.every((row) => row.businessId === 'biz_1')).toBe(true)
    expect(demoKeywordCapacity()).toBeGreaterThan(DEMO_KEYWORD_COUNT)
  })

  it('is deterministic from the seed and the reference date', () => {
    expect(generateDemoKeywords('biz_1', { seed: 42, now: NOW })).toEqual(rows)
    const other = generateDemoKeywords('biz_1', { seed: 43, now: NOW })
    expect(other.map((row) => row.keyword)).not.toEqual(rows.map((row) => row.keyword))
  })

  it.each([1, 2, 3, 7, 42, 1234])('covers every status and intent, with empty and unknown intents (seed %i)', (seed) => {
    const sample = generateDemoKeywords('biz', { seed, now: NOW })
    for (const status of KEYWORD_STATUSES)
      expect(
        sample.some((row) => row.status === status),
        status,
      ).toBe(true)
    for (const intent of [...SEARCH_INTENTS, '', null])
      expect(
        sample.some((row) => row.searchIntent === intent),
        String(intent),
      ).toBe(true)
  })

  it('even a small count shows every status', () => {
    const small = generateDemoKeywords('biz', { seed: 5, count: 12, now: NOW })
    expect(small).toHaveLength(12)
    for (const status of KEYWORD_STATUSES) expect(small.some((row) => row.status === status)).toBe(true)
  })

  it('keeps values in their ranges and leaves some unknown', () => {
    for (const row of rows) {
      if (row.searchVolume != null) expect(row.searchVolume).toBeGreaterThanOrEqual(10)
      if (row.difficulty != null) expect(row.difficulty).toBeGreaterThanOrEqual(0)
      if (row.difficulty != null) expect(row.difficulty).toBeLessThanOrEqual(100)
      if (row.priority != null) expect(row.priority).toBeGreaterThanOrEqual(0)
      if (row.priority != null) expect(row.priority).toBeLessThanOrEqual(100)
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime())
      expect(row.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 181 * 24 * 3_600_000)
    }
    expect(rows.some((row) => row.searchVolume === null)).toBe(true)
    expect(rows.some((row) => row.difficulty === null)).toBe(true)
    expect(rows.some((row) => row.priority === null)).toBe(true)
    expect(rows.some((row) => (row.searchVolume ?? 0) >= 1000)).toBe(true)
    // Difficulty spans the three colour bands, priority the three bands.
    expect(rows.some((row) => row.difficulty != null && row.difficulty <= 30)).toBe(true)
    expect(rows.some((row) => row.difficulty != null && row.difficulty > 30 && row.difficulty <= 60)).toBe(true)
    expect(rows.some((row) => row.difficulty != null && row.difficulty > 60)).toBe(true)
    expect(rows.some((row) => row.priority != null && row.priority >= 80)).toBe(true)
    expect(rows.some((row) => row.priority != null && row.priority < 40)).toBe(true)
  })

  it('dates follow the status: scheduled in the future, published in the past, pending unscheduled', () => {
    for (const row of rows) {
      if (row.status === 'scheduled') expect(row.scheduledAt!.getTime()).toBeGreaterThan(NOW.getTime())
      if (row.status === 'published') expect(row.scheduledAt!.getTime()).toBeLessThan(NOW.getTime())
      if (row.status === 'pending') expect(row.scheduledAt).toBeNull()
    }
  })

  it('reads like a coffee roaster’s research', () => {
    const keywords = generateDemoKeywords('biz', { seed: 1, count: demoKeywordCapacity(), now: NOW }).map((row) => row.keyword)
    expect(keywords).toContain('best espresso beans for home')
    expect(keywords).toContain('how to descale a breville')
  })
})
