import { createHash } from 'node:crypto'
import type { GscDimension, GscSite } from '~/server/providers/gsc/client'
import { DAY_MS } from '~/shared/time'

/**
 * The Search Console data the demo mock serves, derived only from the signed-in identity and the
 * site: the same request always gets the same numbers, and nothing is a fixed canned list.
 */

/** Search Console keeps about 16 months; the latest ~3 days are not in yet (docs/product/services.md). */
export const DATA_LAG_DAYS = 3

function unit(...parts: string[]) {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0) / 0x1_0000_0000
}

/** Two independent numbers in [0, 1) from one hash (half the hashing where a fact needs both). */
function units(...parts: string[]): [number, number] {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest()
  return [digest.readUInt32BE(0) / 0x1_0000_0000, digest.readUInt32BE(4) / 0x1_0000_0000]
}

const WEBMAIL = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com'])

/** The domain a user's demo properties live on: their own domain, or one named after them. */
export function demoDomain(email: string) {
  const [local = 'demo', domain = ''] = email.toLowerCase().split('@')
  if (domain && !WEBMAIL.has(domain) && !domain.endsWith('.example')) return domain
  return `${local.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'demo'}-site.com`
}

/**
 * Two properties per user: the domain property, which has data and sitemaps, and a URL-prefix
 * property the user was only added to, which has none (so "no data" is always demonstrable). Then
 * a domain property for each site the user owns elsewhere (`ownedHosts`: in demo mode, the sites
 * of the businesses of the app's user who linked this Google account).
 */
export function demoSites(email: string, ownedHosts: string[] = []): (GscSite & { hasData: boolean })[] {
  const domain = demoDomain(email)
  const sites: (GscSite & { hasData: boolean })[] = [
    { siteUrl: `sc-domain:${domain}`, permissionLevel: 'siteOwner', hasData: true },
    { siteUrl: `https://blog.${domain}/`, permissionLevel: 'siteFullUser', hasData: false },
  ]
  for (const host of ownedHosts) {
    const siteUrl = `sc-domain:${host.toLowerCase().replace(/^www\./, '')}`
    if (!sites.some((site) => site.siteUrl === siteUrl)) sites.push({ siteUrl, permissionLevel: 'siteOwner', hasData: true })
  }
  return sites
}

/** A page of a site as the demo mock serves it: where it lives, when it went live, what it is found for. */
export interface DemoPage {
  url: string
  /** YYYY-MM-DD: no impressions before it. */
  publishedAt: string
  /** The searches it is written for (its focus keyword first); the mock adds a few variants of each. */
  queries: string[]
}

const TOPICS = ['seo', 'keyword research', 'content plan', 'blog ideas', 'backlinks', 'search console', 'rank tracking', 'meta description']
const MODIFIERS = ['how to', 'best', 'free', 'guide', 'tool', 'checklist', 'examples', 'for small business']
const COUNTRIES = ['usa', 'gbr', 'can', 'deu', 'aus']
const DEVICES = ['DESKTOP', 'MOBILE', 'TABLET']

interface Fact {
  query: string
  page: string
  date: string
  country: string
  device: string
  clicks: number
  impressions: number
  positionSum: number
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const hostOf = (site: string) =>
  site
    .replace(/^sc-domain:/, '')
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')

/**
 * The stand-in site of a property the app knows no pages of: a blog about a handful of SEO topics,
 * its pages two years old, derived from the property's name.
 */
export function generatedPages(site: string, now = Date.now()): DemoPage[] {
  const origin = `https://${hostOf(site)}`
  const queryCount = 12 + Math.floor(unit(site, 'queries') * 18)
  const pages = new Map<string, DemoPage>()
  for (let index = 0; index < queryCount; index++) {
    const topic = TOPICS[Math.floor(unit(site, 'topic', String(index)) * TOPICS.length)]!
    const modifier = MODIFIERS[Math.floor(unit(site, 'modifier', String(index)) * MODIFIERS.length)]!
    const text = index % 2 === 0 ? `${modifier} ${topic}` : `${topic} ${modifier}`
    const url = `${origin}/blog/${topic.replace(/\s+/g, '-')}`
    const page = pages.get(url) ?? { url, publishedAt: isoDay(now - 730 * DAY_MS), queries: [] }
    if (!page.queries.includes(text)) page.queries.push(text)
    pages.set(url, page)
  }
  return [...pages.values()]
}

/** How a query of a page behaves: its share of the page's searches and where it settles in the results. */
interface QueryModel {
  query: string
  page: string
  publishedAt: number
  volume: number
  /** Where the page settles for it once established. */
  position: number
  /** Days after publishing to reach about two thirds of its settled traffic. */
  ramp: number
  decaying: boolean
}

/** Variants a search is also typed as: the mock's long tail of each query it is given. */
const variantsOf = (query: string) =>
  /^(how|what|why|when|which|best|top)\b/.test(query)
    ? [`${query} guide`, `${query} tips`]
    : [`best ${query}`, `${query} guide`, `${query} tips`]

/** The words of a query that carry its topic (four letters or more). */
const topicWords = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 4),
  )

/**
 * The queries of a site's pages: each page's own (its focus keyword ranking best) and a long tail
 * of variants, some in striking distance (positions 8–20); the youngest established page decays
 * over the last 50 days; and the focus keyword of one page is also shown with another (cannibalised).
 */
function modelsOf(site: string, pages: DemoPage[], now: number): QueryModel[] {
  const models: QueryModel[] = []
  for (const page of pages) {
    const publishedAt = Date.parse(page.publishedAt)
    if (Number.isNaN(publishedAt)) continue
    const queries = [...new Set(page.queries.map((query) => query.trim().toLowerCase()).filter(Boolean))]
    queries.forEach((query, index) => {
      const own = { page: page.url, publishedAt, ramp: 30 + unit(site, page.url, 'ramp') * 60, decaying: false }
      models.push({
        ...own,
        query,
        volume: (index === 0 ? 40 : 15) + unit(site, query, 'volume') * 60,
        position: 1.5 + unit(site, query, 'p') * 5,
      })
      variantsOf(query).forEach((variant, at) => {
        // The first variant of a focus keyword sits on page 1–2 of the results more often than not: striking distance.
        const striking = index === 0 && at === 0 && unit(site, page.url, 'striking') < 0.6
        if (!striking && unit(site, variant, 'kept') < 0.35) return
        const position = striking ? 9 + unit(site, variant, 'p') * 8 : 3 + unit(site, variant, 'p') * 20
        models.push({ ...own, query: variant, volume: 5 + unit(site, variant, 'volume') * 25, position })
      })
    })
  }
  // The decaying page: the youngest of the established pages (live for 120+ days), so it grew after
  // publishing before it lost ground; among pages as old as each other, the one the hash picks.
  const established = pages.filter((page) => Date.parse(page.publishedAt) <= now - 120 * DAY_MS)
  const decaying = [...established].sort(
    (a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || unit(site, b.url, 'decay') - unit(site, a.url, 'decay'),
  )[0]
  for (const model of models) if (model.page === decaying?.url) model.decaying = true
  // The cannibalised query: an established page's focus keyword, also shown (at once: Google tries
  // the newcomer) for the page, live 14 days or more, whose own focus shares most words with it.
  let pair: { owner: DemoPage; other: DemoPage; overlap: number } | null = null
  for (const owner of established.filter((page) => page !== decaying && page.queries[0])) {
    const words = topicWords(owner.queries[0]!)
    for (const other of pages) {
      if (other === owner || other === decaying || !other.queries[0] || Date.parse(other.publishedAt) > now - 14 * DAY_MS) continue
      const overlap = [...topicWords(other.queries[0])].filter((word) => words.has(word)).length
      const better =
        !pair || overlap > pair.overlap || (overlap === pair.overlap && `${owner.url} ${other.url}` < `${pair.owner.url} ${pair.other.url}`)
      if (better) pair = { owner, other, overlap }
    }
  }
  const focus = pair?.owner.queries[0]?.trim().toLowerCase()
  const owner = pair && models.find((model) => model.page === pair.owner.url && model.query === focus)
  if (pair && owner) {
    models.push({
      ...owner,
      page: pair.other.url,
      publishedAt: Date.parse(pair.other.publishedAt),
      ramp: 7,
      volume: owner.volume * 0.6,
      position: owner.position + 6,
    })
  }
  return models
}

/** How long the decaying page has been losing ground: most of the last 28 days judged and part of the 28 before. */
const DECAY_DAYS = 50

/** Fewer searches at the weekend (Saturday and Sunday, UTC). */
const WEEKDAY_FACTOR = [0.62, 1.05, 1.08, 1.06, 1.04, 0.96, 0.68]

/** Every (query, page, date) fact of a site between two dates, before grouping. */
export function demoFacts(site: string, startDate: string, endDate: string, now = Date.now(), pages?: DemoPage[] | null): Fact[] {
  const models = modelsOf(site, pages ?? generatedPages(site, now), now)
  const lastDay = Math.min(Date.parse(endDate), Date.parse(isoDay(now)) - DATA_LAG_DAYS * DAY_MS)
  const decayFrom = Date.parse(isoDay(now)) - DECAY_DAYS * DAY_MS
  const facts: Fact[] = []
  for (let day = Date.parse(startDate); day <= lastDay; day += DAY_MS) {
    const date = isoDay(day)
    const weekday = WEEKDAY_FACTOR[new Date(day).getUTCDay()]!
    for (const model of models) {
      if (day < model.publishedAt) continue
      const growth = 1 - Math.exp(-(day - model.publishedAt) / DAY_MS / model.ramp)
      // The decaying page loses up to 65% of its searches over the last 50 days, and slips up to 8 places in the results.
      const decay = model.decaying && day > decayFrom ? (day - decayFrom) / (DECAY_DAYS * DAY_MS) : 0
      const impressions = Math.floor(
        model.volume * growth * weekday * (1 - 0.65 * decay) * (0.7 + 0.6 * unit(site, model.query, model.page, date, 'i')),
      )
      if (impressions === 0) continue
      const position = model.position + (1 - growth) * 12 + decay * 8
      const ctr = Math.max(0.004, 0.32 / Math.pow(position, 1.25))
      // Rounded by chance (the expected number kept), so a page seen often at a middling position still gets its clicks.
      const [spread, rounding] = units(site, model.query, model.page, date, 'c')
      const clicks = Math.floor(impressions * ctr * (0.6 + 0.8 * spread) + rounding)
      facts.push({
        query: model.query,
        page: model.page,
        date,
        country: COUNTRIES[Math.floor(unit(site, model.query, 'country') * COUNTRIES.length)]!,
        device: DEVICES[Math.floor(unit(site, model.query, date, 'device') * DEVICES.length)]!,
        clicks: Math.min(clicks, impressions),
        impressions,
        positionSum: position * impressions,
      })
    }
  }
  return facts
}

/** Groups facts by the requested dimensions, in Search Console's order: clicks, highest first. */
export function groupFacts(facts: Fact[], dimensions: GscDimension[]) {
  const groups = new Map<string, { keys: string[]; clicks: number; impressions: number; positionSum: number }>()
  for (const fact of facts) {
    const keys = dimensions.map((dimension) => fact[dimension])
    const id = JSON.stringify(keys)
    const group = groups.get(id) ?? { keys, clicks: 0, impressions: 0, positionSum: 0 }
    group.clicks += fact.clicks
    group.impressions += fact.impressions
    group.positionSum += fact.positionSum
    groups.set(id, group)
  }
  return [...groups.values()]
    .map((group) => ({
      keys: group.keys,
      clicks: group.clicks,
      impressions: group.impressions,
      ctr: group.impressions ? group.clicks / group.impressions : 0,
      position: group.impressions ? group.positionSum / group.impressions : 0,
    }))
    .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || a.keys.join().localeCompare(b.keys.join()))
}

/** The sitemaps submitted for a property with data: a sitemap index and its post sitemap. */
export function demoSitemaps(site: string, now = Date.now()) {
  const domain = hostOf(site)
  const daysAgo = (days: number) => new Date(Date.parse(isoDay(now)) - days * DAY_MS).toISOString()
  const submitted = 20 + Math.floor(unit(site, 'sitemap') * 80)
  const entry = (path: string, isIndex: boolean, lag: number, warnings: number) => ({
    path,
    lastSubmitted: daysAgo(30 + lag),
    isPending: false,
    isSitemapsIndex: isIndex,
    type: 'sitemap',
    lastDownloaded: daysAgo(lag),
    warnings: String(warnings),
    errors: '0',
    contents: [{ type: 'web', submitted: String(submitted), indexed: '0' }],
  })
  return [
    entry(`https://${domain}/sitemap.xml`, true, 1, 0),
    entry(`https://${domain}/post-sitemap.xml`, false, 2, Math.floor(unit(site, 'warn') * 3)),
  ]
}
