import { extractPage } from '~/server/crawl/extract'
import type { SafeFetcher } from '~/server/outbound/safe-fetch'
import type { KeywordDataService } from '~/server/providers/dataforseo/keyword-data.service'
import type { Market } from '~/server/providers/dataforseo/types'
import { mapLimit } from '~/server/research/context'
import { countWords } from '~/shared/articles/readability'
import type { BriefPage } from './prompts'

/** The results an article studies: DataForSEO's top 10. */
export const SERP_DEPTH = 10
/** Result pages fetched for headings, length and citable facts, at most this many at once. */
export const PAGES_FETCHED = 6
export const PAGE_FETCH_CONCURRENCY = 3
/** A fetched page's text kept for the prompts and the grounding check. */
const PAGE_TEXT_CHARS = 20_000

export interface FetchedSource extends BriefPage {
  /** The whole readable text (the prompts carry a cut of it). */
  fullText: string
  wordCount: number
  fetchedAt: string
}

export interface SerpResearch {
  results: Array<{ url: string; title: string; description: string | null }>
  questions: string[]
  /** The result pages we could fetch, in rank order. */
  pages: FetchedSource[]
  /** Median word count of the fetched pages; null when none could be read. */
  medianWords: number | null
  cost: number
  fromCache: boolean
}

/**
 * SERP research: the keyword's top results and "people also ask" (cached 30 days), then the first
 * result pages fetched through the SSRF-safe fetcher and reduced to their title, headings and
 * main text. A page that cannot be fetched (blocked, too large, not HTML, down) is skipped: the
 * article is written from what could be read, and cites only that.
 */
export async function researchSerp(
  deps: { keywordData: KeywordDataService; fetch: SafeFetcher; signal?: AbortSignal },
  keyword: string,
  market: Market,
): Promise<SerpResearch> {
  const serp = await deps.keywordData.organicSerp(keyword, { ...market, depth: SERP_DEPTH })
  const results = serp.data.organic.slice(0, SERP_DEPTH).map(({ url, title, description }) => ({ url, title, description }))
  const questions = [...new Set(serp.data.peopleAlsoAsk.map((item) => item.question.trim()).filter(Boolean))]
  const candidates = results.slice(0, PAGES_FETCHED)
  const pages = await mapLimit(candidates, PAGE_FETCH_CONCURRENCY, (candidate) => {
    deps.signal?.throwIfAborted()
    return fetchSource(deps.fetch, candidate.url)
  })
  const fetched = pages.filter((page): page is FetchedSource => page !== null && page.wordCount > 0)
  return {
    results,
    questions,
    pages: fetched,
    medianWords: median(fetched.map((page) => page.wordCount)),
    cost: serp.cost,
    fromCache: serp.fromCache,
  }
}

async function fetchSource(fetch: SafeFetcher, url: string): Promise<FetchedSource | null> {
  try {
    const response = await fetch(url, { expect: ['html'] })
    const page = extractPage(response.text(), response.url, { maxTextChars: PAGE_TEXT_CHARS })
    return {
      url: response.url,
      title: page.title,
      headings: page.headings.filter((heading) => heading.level > 1).map((heading) => heading.text),
      text: page.text,
      fullText: page.text,
      wordCount: countWords(page.text),
      fetchedAt: new Date().toISOString(),
    }
  } catch {
    return null
  }
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}
