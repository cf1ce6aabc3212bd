import { describe, expect, it } from 'vitest'
import type { RankedKeyword } from '~/server/providers/dataforseo/types'
import { estimatedVisits } from '~/shared/competitors'
import { namesSite, rankingRows, rankingTarget } from './competitor-rankings'

const ranked = (keyword: string, rank: number, searchVolume: number | null = 500): RankedKeyword => ({
  keyword,
  rank,
  url: `https://rival.example/${rank}`,
  searchVolume,
  cpc: null,
  competition: null,
  competitionLevel: null,
  difficulty: 33.4,
  intent: 'commercial',
  monthlySearches: [],
  serpFeatures: [],
})

describe('competitor rankings', () => {
  it('asks about the host without www', () => {
    expect(rankingTarget('https://www.Northwind-Coffee.example/shop')).toBe('northwind-coffee.example')
  })

  it('keeps one row per normalised keyword at its best position, with the visits it earns', () => {
    const rows = rankingRows([ranked('Cold Brew  Coffee', 7), ranked('cold brew coffee', 3), ranked('', 1), ranked('x'.repeat(90), 1)])
    expect(rows).toEqual([
      {
        keyword: 'cold brew coffee',
        rank: 3,
        url: 'https://rival.example/3',
        searchVolume: 500,
        difficulty: 33,
        searchIntent: 'commercial',
        traffic: estimatedVisits(500, 3),
      },
    ])
  })

  it('knows a search for the site by its name', () => {
    expect(namesSite('northwind coffee subscription', 'https://northwindcoffee.example')).toBe(true)
    expect(namesSite('blue bird beans', 'https://www.blue-bird-beans.example')).toBe(true)
    expect(namesSite('coffee beans', 'https://northwindcoffee.example')).toBe(false)
  })
})
