/** What the DataForSEO client returns: our own shapes, not DataForSEO's wire objects. */

/** Country code (us, gb, …) and ISO language code of the market being researched. */
export interface Market {
  country: string
  language?: string
}

/** Every call reports what it cost on the DataForSEO account, in USD. */
export interface Paid<T> {
  data: T
  cost: number
}

export interface MonthlySearches {
  year: number
  month: number
  searchVolume: number | null
}

export interface SearchVolume {
  keyword: string
  searchVolume: number | null
  cpc: number | null
  competition: 'LOW' | 'MEDIUM' | 'HIGH' | null
  /** 0–100. */
  competitionIndex: number | null
  monthlySearches: MonthlySearches[]
}

export interface KeywordMetrics {
  keyword: string
  searchVolume: number | null
  cpc: number | null
  /** 0–1. */
  competition: number | null
  competitionLevel: string | null
  /** 0–100. */
  difficulty: number | null
  intent: string | null
  monthlySearches: MonthlySearches[]
  serpFeatures: string[]
}

export type RelatedKeyword = KeywordMetrics & { depth: number }
export interface KeywordDifficulty {
  keyword: string
  difficulty: number | null
}
export interface KeywordIntent {
  keyword: string
  intent: string
  probability: number
}
export interface Competitor {
  domain: string
  avgPosition: number
  intersections: number
}
export type RankedKeyword = KeywordMetrics & { rank: number; url: string }
export interface OrganicResult {
  rank: number
  domain: string
  url: string
  title: string
  description: string | null
}
export interface PeopleAlsoAsk {
  question: string
  answer: string | null
  url: string | null
}
export interface Serp {
  keyword: string
  organic: OrganicResult[]
  peopleAlsoAsk: PeopleAlsoAsk[]
}

export interface DataForSeoClient {
  searchVolume(keywords: string[], market: Market): Promise<Paid<SearchVolume[]>>
  keywordSuggestions(keyword: string, market: Market & { limit?: number }): Promise<Paid<KeywordMetrics[]>>
  relatedKeywords(keyword: string, market: Market & { depth?: number; limit?: number }): Promise<Paid<RelatedKeyword[]>>
  keywordIdeas(keywords: string[], market: Market & { limit?: number }): Promise<Paid<KeywordMetrics[]>>
  keywordDifficulty(keywords: string[], market: Market): Promise<Paid<KeywordDifficulty[]>>
  searchIntent(keywords: string[], market: Pick<Market, 'language'>): Promise<Paid<KeywordIntent[]>>
  competitors(target: string, market: Market & { limit?: number }): Promise<Paid<Competitor[]>>
  rankedKeywords(target: string, market: Market & { limit?: number }): Promise<Paid<RankedKeyword[]>>
  organicSerp(keyword: string, market: Market & { depth?: number }): Promise<Paid<Serp>>
}
