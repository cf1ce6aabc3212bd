import { describe, expect, it } from 'vitest'
import { clickThroughRate, estimatedVisits, sortGap, type GapKeyword } from './competitors'

const row = (keyword: string, values: Partial<GapKeyword> = {}): GapKeyword => ({
  keyword,
  searchVolume: 100,
  difficulty: 20,
  searchIntent: 'informational',
  rank: 5,
  traffic: 10,
  competitors: [],
  ...values,
})

describe('estimatedVisits', () => {
  it('falls with the position and is nothing without volume or a position', () => {
    const rates = [1, 2, 3, 10, 11, 20, 21, 90].map(clickThroughRate)
    expect(rates).toEqual([...rates].sort((a, b) => b - a))
    expect(estimatedVisits(1000, 1)).toBe(280)
    expect(estimatedVisits(1000, 15)).toBe(10)
    expect(estimatedVisits(null, 1)).toBe(0)
    expect(estimatedVisits(1000, 0)).toBe(0)
  })
})

describe('sortGap', () => {
  const rows = [
    row('b', { searchVolume: 50 }),
    row('a', { searchVolume: null }),
    row('c', { searchVolume: 900 }),
    row('d', { searchVolume: 50 }),
  ]
  it('sorts by each key in turn, empty values last either way, ties by keyword', () => {
    expect(sortGap(rows, [{ id: 'searchVolume', desc: true }]).map((item) => item.keyword)).toEqual(['c', 'b', 'd', 'a'])
    expect(sortGap(rows, [{ id: 'searchVolume', desc: false }]).map((item) => item.keyword)).toEqual(['b', 'd', 'c', 'a'])
    expect(sortGap(rows, [{ id: 'keyword', desc: true }]).map((item) => item.keyword)).toEqual(['d', 'c', 'b', 'a'])
  })
  it('ignores a column it does not know', () => {
    expect(sortGap(rows, [{ id: 'priority', desc: true }]).map((item) => item.keyword)).toEqual(['a', 'b', 'c', 'd'])
  })
})
