import type { z } from 'zod'
import type { Env } from '~/env'
import { createProviderFetch, malformed, ProviderError, readJson, type ProviderFetchOptions } from '../http'
import { locationCode } from './locations'
import type { DataForSeoClient, KeywordMetrics, Market, MonthlySearches, Serp } from './types'
import * as wire from './wire'

export type * from './types'

/**
 * DataForSEO v3 over plain fetch with zod wire schemas. The official `dataforseo-client` was
 * tried: it JSON.parses bodies itself (a truncated body is a bare SyntaxError, not our
 * 'malformed' error) and maps answers into model classes without validating them, so a changed
 * shape would surface as undefined fields deep in keyword research. Its paths and fields are
 * the same as here.
 */

export const DATAFORSEO = 'DataForSEO'
export const DATAFORSEO_DEFAULT_URL = 'https://api.dataforseo.com'

export interface DataForSeoClientOptions extends Pick<
  ProviderFetchOptions,
  'timeoutMs' | 'retries' | 'baseDelayMs' | 'sleep' | 'random' | 'fetch'
> {
  login: string
  password: string
  baseUrl?: string
}

const CREDENTIALS = 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD'

/** A status_code other than 20000 inside an HTTP 200, in words the user can act on. */
export function taskError(code: number, statusMessage: string): ProviderError {
  const said = `${code}: ${statusMessage}`
  let message = `DataForSEO could not run the request (${said}).`
  if (code === 40000) {
    message = `DataForSEO runs one task per request on live endpoints (${said}). Send the keywords as one task.`
  } else if (code >= 40500 && code < 40600) {
    const field = /Invalid Field: '([^']+)'/i.exec(statusMessage)?.[1]
    const keywordHint =
      field && /^keywords?$/.test(field) ? ' A keyword may have at most 80 characters and 10 words; shorten it and try again.' : ''
    message = `DataForSEO rejected the request: the field "${field ?? 'unknown'}" is invalid (${said}).${keywordHint}`
  } else if (code === 40100) {
    message = `DataForSEO refused our credentials (${said}). Check ${CREDENTIALS}.`
  } else if (code === 40101) {
    message = `DataForSEO had an internal error while running the request (${said}); the call may still be billed. Try again in a few minutes.`
  } else if (code >= 40200 && code < 40300) {
    message = `DataForSEO says the account has no credit left (${said}). Top up the DataForSEO account, then try again.`
  } else if (code >= 50000) {
    message = `DataForSEO is having problems (${said}). Try again later.`
  }
  // `status` carries DataForSEO's own code here: the HTTP status was 200.
  return new ProviderError({ provider: DATAFORSEO, kind: 'task', status: code, message })
}

const monthly = (rows: { year: number; month: number; search_volume: number | null }[] | null): MonthlySearches[] =>
  (rows ?? []).map((row) => ({ year: row.year, month: row.month, searchVolume: row.search_volume }))

function keywordMetrics(kd: z.output<typeof wire.labsKeyword>): KeywordMetrics {
  return {
    keyword: kd.keyword,
    searchVolume: kd.keyword_info.search_volume,
    cpc: kd.keyword_info.cpc,
    competition: kd.keyword_info.competition,
    competitionLevel: kd.keyword_info.competition_level,
    difficulty: kd.keyword_properties.keyword_difficulty,
    intent: kd.search_intent_info?.main_intent ?? null,
    monthlySearches: monthly(kd.keyword_info.monthly_searches),
    serpFeatures: kd.serp_info?.serp_item_types ?? [],
  }
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw malformed(DATAFORSEO, `${where}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'unexpected shape'}`)
}

type LiveCall = (path: string, task: Record<string, unknown>) => Promise<{ result: unknown[]; cost: number }>

/** Posts one task to a live endpoint and returns the task's result array and the call's cost. */
function liveEndpoint(options: DataForSeoClientOptions): LiveCall {
  const baseUrl = (options.baseUrl ?? DATAFORSEO_DEFAULT_URL).replace(/\/+$/, '')
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`
  const providerFetch = createProviderFetch({ ...options, provider: DATAFORSEO, credentialsHint: CREDENTIALS })

  return async function live(path, task) {
    const response = await providerFetch(`${baseUrl}/v3/${path}`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify([task]),
    })
    const body = await readJson(response, DATAFORSEO, wire.envelope)
    if (body.status_code !== 20000) throw taskError(body.status_code, body.status_message)
    const first = body.tasks?.[0]
    if (!first) throw malformed(DATAFORSEO, 'the answer has no task')
    if (first.status_code !== 20000) throw taskError(first.status_code, first.status_message)
    return { result: first.result ?? [], cost: body.cost }
  }
}

/** Labs and SERP endpoints answer one result object holding the items. */
async function liveItems<T extends z.ZodType>(live: LiveCall, path: string, task: Record<string, unknown>, schema: T) {
  const { result, cost } = await live(path, task)
  return { result: result.length ? parseWith(schema, result[0], 'result.0') : undefined, cost }
}

/** The organic results and the "People also ask" questions of an advanced SERP result. */
function serpOf(keyword: string, result: z.output<typeof wire.serpResult> | undefined): Serp {
  const serp: Serp = { keyword: result?.keyword ?? keyword, organic: [], peopleAlsoAsk: [] }
  for (const [i, item] of (result?.items ?? []).entries()) {
    if (item.type === 'organic') {
      const organic = parseWith(wire.organicItem, item, `result.0.items.${i}`)
      serp.organic.push({
        rank: organic.rank_group,
        domain: organic.domain,
        url: organic.url,
        title: organic.title,
        description: organic.description,
      })
    } else if (item.type === 'people_also_ask') {
      const box = parseWith(wire.peopleAlsoAskItem, item, `result.0.items.${i}`)
      for (const question of box.items ?? []) {
        const expanded = question.expanded_element?.[0]
        serp.peopleAlsoAsk.push({
          question: question.title,
          answer: expanded?.description ?? null,
          url: expanded?.url ?? null,
        })
      }
    }
  }
  return serp
}

export function createDataForSeoClient(options: DataForSeoClientOptions): DataForSeoClient {
  const live = liveEndpoint(options)

  const marketFields = (market: Market) => ({
    location_code: locationCode(market.country),
    language_code: market.language ?? 'en',
  })

  return {
    async searchVolume(keywords, market) {
      const fields = marketFields(market)
      const { result, cost } = await live('keywords_data/google_ads/search_volume/live', { keywords, ...fields })
      const rows = result.map((row, i) => parseWith(wire.searchVolumeRow, row, `result.${i}`))
      const data = rows.map((row) => ({
        keyword: row.keyword,
        searchVolume: row.search_volume,
        cpc: row.cpc,
        competition: row.competition,
        competitionIndex: row.competition_index,
        monthlySearches: monthly(row.monthly_searches),
      }))
      return { data, cost }
    },

    async keywordSuggestions(keyword, { limit = 50, ...market }) {
      const task = { keyword, limit, include_serp_info: true, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/keyword_suggestions/live', task, wire.suggestionsResult)
      return { data: (result?.items ?? []).map(keywordMetrics), cost }
    },

    async relatedKeywords(keyword, { depth = 1, limit = 50, ...market }) {
      const task = { keyword, depth, limit, include_serp_info: true, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/related_keywords/live', task, wire.relatedResult)
      return {
        data: (result?.items ?? []).map((item) => ({ ...keywordMetrics(item.keyword_data), depth: item.depth })),
        cost,
      }
    },

    async keywordIdeas(keywords, { limit = 50, ...market }) {
      const task = { keywords, limit, include_serp_info: true, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/keyword_ideas/live', task, wire.ideasResult)
      return { data: (result?.items ?? []).map(keywordMetrics), cost }
    },

    async keywordDifficulty(keywords, market) {
      const task = { keywords, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/bulk_keyword_difficulty/live', task, wire.difficultyResult)
      return {
        data: (result?.items ?? []).map((item) => ({ keyword: item.keyword, difficulty: item.keyword_difficulty })),
        cost,
      }
    },

    async searchIntent(keywords, market) {
      const task = { keywords, language_code: market.language ?? 'en' }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/search_intent/live', task, wire.intentResult)
      const data = (result?.items ?? []).map((item) => ({
        keyword: item.keyword,
        intent: item.keyword_intent.label,
        probability: item.keyword_intent.probability,
      }))
      return { data, cost }
    },

    async competitors(target, { limit = 20, ...market }) {
      const task = { target, limit, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/competitors_domain/live', task, wire.competitorsResult)
      const data = (result?.items ?? []).map((item) => ({
        domain: item.domain,
        avgPosition: item.avg_position,
        intersections: item.intersections,
      }))
      return { data, cost }
    },

    async rankedKeywords(target, { limit = 100, ...market }) {
      const task = { target, limit, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'dataforseo_labs/google/ranked_keywords/live', task, wire.rankedResult)
      const data = (result?.items ?? []).map((item) => ({
        ...keywordMetrics(item.keyword_data),
        rank: item.ranked_serp_element.serp_item.rank_group,
        url: item.ranked_serp_element.serp_item.url,
      }))
      return { data, cost }
    },

    async organicSerp(keyword, { depth = 10, ...market }) {
      const task = { keyword, depth, ...marketFields(market) }
      const { result, cost } = await liveItems(live, 'serp/google/organic/live/advanced', task, wire.serpResult)
      return { data: serpOf(keyword, result), cost }
    },
  }
}

/**
 * The client the app uses. Without both credentials DataForSEO runs on its mock (demo mode,
 * modes.ts), which accepts any login except the password "wrong": send a placeholder pair.
 */
export function dataForSeoClientFromEnv(
  env: Pick<Env, 'DATAFORSEO_LOGIN' | 'DATAFORSEO_PASSWORD' | 'DATAFORSEO_BASE_URL'>,
): DataForSeoClient {
  const live = Boolean(env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD)
  return createDataForSeoClient({
    login: live ? env.DATAFORSEO_LOGIN! : 'demo',
    password: live ? env.DATAFORSEO_PASSWORD! : 'demo',
    baseUrl: env.DATAFORSEO_BASE_URL,
  })
}
