import { countryOfLocation } from '~/server/providers/dataforseo/locations'
import * as gen from './mock-data'
import { organicSerp } from './mock-serp'

/** What each DataForSEO live endpoint of the mock answers for one task: its result array and cost, or a task error. */

export type Task = Record<string, unknown>
export type Outcome = { result: unknown[]; cost: number; data?: Task } | { error: [number, string] }
export interface MockOptions {
  /** Where a search result links: the real site by default; demo mode links its own demo web. */
  resultUrl?: (host: string, path: string) => string
}

export type Endpoint = (task: Task, market: { location_code: number; language_code: string }, options: MockOptions) => Outcome

export const invalidField = (field: string): Outcome => ({ error: [40501, `Invalid Field: '${field}'.`] })

/** The Labs keyword object (KD) for one keyword. */
function labsKeyword(keyword: string, market: { location_code: number; language_code: string }, withSerp: boolean) {
  const index = gen.competitionIndex(keyword)
  const price = gen.cpc(keyword)
  const volume = gen.searchVolume(keyword)
  const intent = gen.intentOf(keyword).label
  return {
    se_type: 'google',
    keyword,
    ...market,
    keyword_info: {
      se_type: 'google',
      last_updated_time: gen.day(),
      competition: index / 100,
      competition_level: gen.competitionLevel(index),
      cpc: price,
      search_volume: volume,
      low_top_of_page_bid: gen.round(price * 0.4, 2),
      high_top_of_page_bid: gen.round(price * 1.6, 2),
      categories: null,
      monthly_searches: gen.monthlySearches(keyword),
      search_volume_trend: gen.searchVolumeTrend(keyword),
    },
    keyword_properties: {
      se_type: 'google',
      core_keyword: null,
      synonym_clustering_algorithm: 'text_processing',
      keyword_difficulty: gen.keywordDifficulty(keyword),
      detected_language: market.language_code,
      is_another_language: false,
      words_count: keyword.split(/\s+/).length,
    },
    serp_info: withSerp
      ? {
          se_type: 'google',
          check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}&num=100&hl=${market.language_code}&gl=${countryOfLocation(market.location_code)?.toUpperCase() ?? 'US'}`,
          serp_item_types: serpItemTypes(keyword),
          se_results_count: volume * 1000 + Math.floor(gen.unitHash(keyword, 'results') * 1e6),
          last_updated_time: gen.day(),
          previous_updated_time: gen.day(),
        }
      : null,
    avg_backlinks_info: null,
    search_intent_info: { se_type: 'google', main_intent: intent, foreign_intent: null, last_updated_time: gen.day() },
  }
}

function serpItemTypes(keyword: string) {
  const types = ['organic', 'people_also_ask', 'related_searches']
  if (gen.unitHash(keyword, 'video') > 0.5) types.push('video')
  if (gen.unitHash(keyword, 'snippet') > 0.6) types.push('featured_snippet')
  return types
}

export function checkKeywords(task: Task): Outcome | undefined {
  if ('keyword' in task) {
    if (typeof task.keyword !== 'string' || !task.keyword.trim() || !gen.isValidKeyword(task.keyword)) return invalidField('keyword')
  }
  if ('keywords' in task) {
    const list = task.keywords
    if (!Array.isArray(list) || list.length === 0 || !list.every((k) => typeof k === 'string' && k.trim() && gen.isValidKeyword(k))) {
      return invalidField('keywords')
    }
  }
  return undefined
}

const limitOf = (task: Task, fallback: number) => Math.min(1000, Math.max(1, Number(task.limit) || fallback))
const labsResult = (task: Task, market: object, items: unknown[], extra: Task = {}) => ({
  result: [{ se_type: 'google', ...market, ...extra, total_count: items.length, items_count: items.length, offset: 0, items }],
  cost: gen.round(0.01 + 0.0001 * items.length, 4),
})

function domainsFor(seed: string, count: number) {
  const parts = ['hub', 'lab', 'pro', 'central', 'guide', 'daily', 'insider', 'zone', 'works', 'base', 'hq', 'point']
  const stem = seed
    .replace(/^www\./, '')
    .split('.')[0]!
    .replace(/[^a-z0-9]/g, '')
  return Array.from(
    { length: count },
    (_, i) => `${stem.slice(0, 6)}${parts[Math.floor(gen.unitHash(seed, `d${i}`) * parts.length)]}${i + 1}.com`,
  )
}

export const ENDPOINTS: Record<string, Endpoint> = {
  'keywords_data/google_ads/search_volume/live': (task, market) => {
    const rows = (task.keywords as string[]).map((raw) => {
      const keyword = raw.trim().toLowerCase()
      const index = gen.competitionIndex(keyword)
      const price = gen.cpc(keyword)
      return {
        keyword,
        spell: null,
        ...market,
        search_partners: false,
        competition: gen.competitionLevel(index),
        competition_index: index,
        search_volume: gen.searchVolume(keyword),
        low_top_of_page_bid: gen.round(price * 0.4, 2),
        high_top_of_page_bid: gen.round(price * 1.6, 2),
        cpc: price,
        monthly_searches: gen.monthlySearches(keyword),
      }
    })
    return { result: rows, cost: 0.075 }
  },
  'dataforseo_labs/google/keyword_suggestions/live': (task, market) => {
    const seed = String(task.keyword).trim().toLowerCase()
    const items = gen.suggestionsFor(seed, limitOf(task, 100)).map((k) => labsKeyword(k, market, task.include_serp_info === true))
    return labsResult(task, market, items, {
      seed_keyword: seed,
      seed_keyword_data: null,
      offset_token: gen.taskId(seed),
    })
  },
  'dataforseo_labs/google/related_keywords/live': (task, market) => {
    const seed = String(task.keyword).trim().toLowerCase()
    const depth = Math.min(4, Math.max(0, Number(task.depth ?? 1)))
    const found = gen.relatedFor(seed, depth, limitOf(task, 100))
    const items = found.map(({ keyword, depth: level }) => ({
      se_type: 'google',
      keyword_data: labsKeyword(keyword, market, task.include_serp_info === true),
      depth: level,
      related_keywords: gen.relatedTo(keyword).slice(0, 8),
    }))
    return labsResult(task, market, items, { seed_keyword: seed, seed_keyword_data: null })
  },
  'dataforseo_labs/google/keyword_ideas/live': (task, market) => {
    const seeds = task.keywords as string[]
    const items = gen.ideasFor(seeds, limitOf(task, 700)).map((k) => labsKeyword(k, market, task.include_serp_info === true))
    return labsResult(task, market, items, { seed_keywords: seeds, offset_token: gen.taskId(seeds.join(',')) })
  },
  'dataforseo_labs/google/bulk_keyword_difficulty/live': (task, market) => {
    const items = (task.keywords as string[]).map((k) => ({
      se_type: 'google',
      keyword: k,
      keyword_difficulty: gen.keywordDifficulty(k.trim().toLowerCase()),
    }))
    return labsResult(task, market, items)
  },
  'dataforseo_labs/google/search_intent/live': (task) => {
    const items = (task.keywords as string[]).map((k) => ({
      keyword: k,
      keyword_intent: gen.intentOf(k),
      secondary_keyword_intents: null,
    }))
    return {
      result: [{ language_code: task.language_code ?? 'en', items_count: items.length, items }],
      cost: gen.round(0.001 + 0.0001 * items.length, 4),
    }
  },
  'dataforseo_labs/google/competitors_domain/live': (task, market) => {
    if (typeof task.target !== 'string' || !task.target) return invalidField('target')
    const items = domainsFor(task.target, limitOf(task, 20)).map((domain, i) => ({
      se_type: 'google',
      domain,
      avg_position: gen.round(4 + 40 * gen.unitHash(domain, 'pos'), 2),
      sum_position: Math.round(2000 * gen.unitHash(domain, 'sum')),
      intersections: Math.max(1, Math.round((400 / (i + 1)) * (0.6 + 0.4 * gen.unitHash(domain, 'int')))),
      full_domain_metrics: null,
      metrics: null,
      competitor_metrics: null,
    }))
    return labsResult(task, market, items, { target: task.target })
  },
  'dataforseo_labs/google/ranked_keywords/live': (task, market) => {
    if (typeof task.target !== 'string' || !task.target) return invalidField('target')
    const target = task.target.replace(/^https?:\/\//, '').replace(/\/.*$/, '')
    const items = gen.rankedFor(target, limitOf(task, 100)).map(({ keyword, rank, url, title, etv }) => ({
      se_type: 'google',
      keyword_data: labsKeyword(keyword, market, false),
      ranked_serp_element: {
        se_type: 'google',
        serp_item: {
          se_type: 'google',
          type: 'organic',
          rank_group: rank,
          rank_absolute: rank,
          position: 'left',
          domain: target,
          url,
          title,
          etv,
        },
        check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}`,
        serp_item_types: serpItemTypes(keyword),
        se_results_count: gen.searchVolume(keyword) * 1000,
        keyword_difficulty: gen.keywordDifficulty(keyword),
        is_lost: false,
        last_updated_time: gen.day(),
      },
    }))
    return labsResult(task, market, items, { target: task.target, metrics: null })
  },
  'serp/google/organic/live/advanced': organicSerp,
}
