import { createHash } from 'node:crypto'
import type { GscDimension, GscSite } from './client'

/**
 * The Search Console data the demo mock serves, derived only from the signed-in identity and the
 * site: the same request always gets the same numbers, and nothing is a fixed canned list.
 */

/** Search Console keeps about 16 months; the latest ~3 days are not in yet (docs/product/services.md). */
export const DATA_LAG_DAYS = 3
const DAY_MS = 86_400_000

function unit(...parts: string[]) {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0) / 0x1_0000_0000
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
 * property the user was only added to, which has none (so "no data" is always demonstrable).
 */
export function demoSites(email: string): (GscSite & { hasData: boolean })[] {
  const domain = demoDomain(email)
  return [
    { siteUrl: `sc-domain:${domain}`, permissionLevel: 'siteOwner', hasData: true },
    { siteUrl: `https://blog.${domain}/`, permissionLevel: 'siteFullUser', hasData: false },
  ]
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

/** Every (query, page, date) fact of a site between two dates, before grouping. */
export function demoFacts(site: string, startDate: string, endDate: string, now = Date.now()): Fact[] {
  const domain = site
    .replace(/^sc-domain:/, '')
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
  const origin = `https://${domain}`
  const queryCount = 12 + Math.floor(unit(site, 'queries') * 18)
  const queries = Array.from({ length: queryCount }, (_, index) => {
    const topic = TOPICS[Math.floor(unit(site, 'topic', String(index)) * TOPICS.length)]!
    const modifier = MODIFIERS[Math.floor(unit(site, 'modifier', String(index)) * MODIFIERS.length)]!
    const text = index % 2 === 0 ? `${modifier} ${topic}` : `${topic} ${modifier}`
    return { text, page: `${origin}/blog/${topic.replace(/\s+/g, '-')}`, weight: unit(site, 'weight', text) }
  })
  const unique = [...new Map(queries.map((query) => [query.text, query])).values()]
  const lastDay = Math.min(Date.parse(endDate), Date.parse(isoDay(now)) - DATA_LAG_DAYS * DAY_MS)
  const facts: Fact[] = []
  for (let day = Date.parse(startDate); day <= lastDay; day += DAY_MS) {
    const date = isoDay(day)
    for (const query of unique) {
      const impressions = Math.floor(query.weight * 120 * unit(site, query.text, date, 'i'))
      if (impressions === 0) continue
      const position = 1 + unit(site, query.text, 'position') * 30
      const ctr = Math.max(0.005, 0.3 / position)
      const clicks = Math.floor(impressions * ctr * (0.5 + unit(site, query.text, date, 'c')))
      facts.push({
        query: query.text,
        page: query.page,
        date,
        country: COUNTRIES[Math.floor(unit(site, query.text, 'country') * COUNTRIES.length)]!,
        device: DEVICES[Math.floor(unit(site, query.text, date, 'device') * DEVICES.length)]!,
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
  const domain = site
    .replace(/^sc-domain:/, '')
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
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
