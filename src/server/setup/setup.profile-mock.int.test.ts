import { eq } from 'drizzle-orm'
import { http, passthrough } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/env'
import type { Business } from '~/server/access/business'
import { createBusiness } from '~/server/business/business.service'
import { competitor, crawl } from '~/server/db/schema'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { useMockServer } from '~tests/fixtures/mock-server'
import { BAKERY, HIKING_BLOG, SAAS, startSampleSite, type SampleSite } from '~tests/fixtures/profile-sample-sites'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import type { TestSite } from '~tests/fixtures/test-site'
import { siteDomain, suggestCompetitors, type CompetitorSuggestion } from './competitors.service'
import { analyzeBusinessSite, crawlIdForJob, type BusinessAnalysis } from './site-analysis'

// Demo mode's LLM answers from the page, not from the prompt: three realistic sites go through
// the real onboarding path (crawl, crawl row, business profile, competitor suggestions) with
// every outside service answered by its mock, and each answer is checked against the page.

const server = useMockServer(
  http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
  ...llmHandlers(),
  ...dataforseoHandlers(),
)

/** Every system message sent to the LLM: the instructions no answer may repeat. */
const instructions: string[] = []
server.events.on('request:start', async ({ request }) => {
  if (!request.url.endsWith('/chat/completions')) return
  const body = (await request.clone().json()) as { messages: Array<{ role: string; content: unknown }> }
  for (const message of body.messages)
    if (message.role === 'system' && typeof message.content === 'string') instructions.push(message.content)
})

interface Analysed {
  site: TestSite
  profile: BusinessAnalysis
  /** Everything the crawl read: titles, descriptions, headings and text of every page, lower-cased. */
  pageText: string
  headings: string[]
  business: Business
  suggestions: CompetitorSuggestion[]
}

let app: TestApp
let userId: string
const analysed: Record<'bakery' | 'saas' | 'blog', Analysed> = {} as never
const sites: TestSite[] = []

async function analyse(name: keyof typeof analysed, sample: SampleSite) {
  const site = await startSampleSite(sample)
  sites.push(site)
  const crawlId = crawlIdForJob(`profile-mock-${name}`)
  const result = await analyzeBusinessSite(
    app.db,
    { url: `${site.origin}${sample.start}`, crawlId, progress: () => {} },
    { llm: app.providers.llm, delayMs: 0 },
  )
  const [row] = await app.db.select().from(crawl).where(eq(crawl.id, crawlId))
  const pages = (row.data as { pages: Array<{ title: string; description: string | null; headings: Array<{ text: string }> }> }).pages
  const headings = pages.flatMap((page) => page.headings.map((heading) => heading.text))
  const { profile } = result
  const business = await createBusiness(app.db, userId, {
    name: profile.name,
    url: site.origin,
    description: profile.description,
    industry: profile.industry,
    businessModel: profile.businessModel,
    valueProposition: profile.valueProposition,
    targetAudiences: profile.targetAudiences,
    services: profile.services,
    primaryServices: profile.primaryServices,
    coreProducts: profile.coreProducts,
    customerProblems: profile.customerProblems,
    competitiveAdvantages: profile.competitiveAdvantages,
    targetOutcomes: profile.targetOutcomes,
    seeds: profile.seedKeywords,
  })
  const served = await Promise.all(
    ['', ...Object.keys(sample.routes).filter((path) => path !== '/robots.txt' && path !== sample.start)].map((path) =>
      fetch(`${site.origin}${path || sample.start}`).then((response) => response.text()),
    ),
  )
  const pageText = served
    .join('\n')
    .replace(/<meta [^>]*content="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .toLowerCase()
  analysed[name] = { site, profile, pageText, headings, business, suggestions: await suggestCompetitors(app.db, business, app.providers) }
}

beforeAll(async () => {
  process.env.FETCH_ALLOW_LOOPBACK = 'true'
  resetEnvCache()
  app = await createTestApp()
  ;({ userId } = await app.signUp({ plan: 'Agency' }))
  await analyse('bakery', BAKERY)
  await analyse('saas', SAAS)
  await analyse('blog', HIKING_BLOG)
}, 60_000)

afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()))
  await app?.close()
  delete process.env.FETCH_ALLOW_LOOPBACK
  resetEnvCache()
})

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : []

/** Runs of four words of a text, lower-cased: a sentence of it repeated anywhere shows up as one of these. */
const shingles = (text: string) => {
  const words = text.toLowerCase().match(/[\p{L}’']+/gu) ?? []
  return words.slice(0, -3).map((_, i) => words.slice(i, i + 4).join(' '))
}

const NAVIGATION =
  /^(home|blog|contact|about|about us|about me|read more|our story|our bakes|visit us|opening hours|follow us|features|pricing|product|company|legal|frequently asked questions|recent posts|categories|leave a reply|final thoughts|all posts|what i packed|where i stayed)$/i
const PEOPLE_AND_DATES = /sarah jenkins|tom baxter|maria|james lopez|\b(19|20)\d\d\b|\b\d+ comments\b|\bmay 12\b|\b12 may\b/i

describe.each([
  ['bakery', /food|bakery/i, ['Sourdough bread', 'Celebration cakes']],
  ['saas', /software/i, ['Time tracking', 'Client reporting']],
  ['blog', /hiking|outdoor/i, []],
] as const)('the demo LLM reads the %s page', (name, industry, offerings) => {
  it('repeats no instruction of our prompts in any field', () => {
    const { profile, suggestions } = analysed[name]
    expect(instructions.length).toBeGreaterThan(0)
    const answer = strings([profile, suggestions]).join('\n').toLowerCase()
    for (const shingle of new Set(instructions.flatMap(shingles))) expect(answer, shingle).not.toContain(shingle)
  })

  it('takes the description and value proposition from the page', () => {
    const { profile, pageText } = analysed[name]
    expect(profile.description.length).toBeGreaterThan(40)
    expect(pageText).toContain(profile.description.toLowerCase())
    expect(profile.valueProposition.length).toBeGreaterThan(10)
    expect(pageText).toContain(profile.valueProposition.toLowerCase())
  })

  it('lists as services only headings that name offerings, never navigation, people or dates', () => {
    const { profile, headings } = analysed[name]
    for (const service of [...profile.services, ...profile.primaryServices, ...profile.coreProducts]) {
      expect(headings, service).toContain(service)
      expect(service).not.toMatch(NAVIGATION)
      expect(service).not.toMatch(PEOPLE_AND_DATES)
      expect(service).not.toMatch(/\?$/)
    }
    expect(profile.services).toEqual(expect.arrayContaining([...offerings]))
    expect(profile.primaryServices.length).toBeLessThanOrEqual(4)
    expect(profile.primaryServices.every((service) => profile.services.includes(service))).toBe(true)
  })

  it('names a sensible industry and seed keywords that occur in the page', () => {
    const { profile, pageText } = analysed[name]
    expect(profile.industry).toMatch(industry)
    expect(profile.seedKeywords.length).toBeGreaterThanOrEqual(3)
    expect(new Set(profile.seedKeywords).size).toBe(profile.seedKeywords.length)
    for (const seed of profile.seedKeywords) {
      expect(seed).toBe(seed.toLowerCase())
      expect(seed.split(' ').length, seed).toBeGreaterThanOrEqual(2)
      expect(seed.split(' ').length, seed).toBeLessThanOrEqual(4)
      expect(pageText, seed).toContain(seed)
      expect(seed).not.toMatch(PEOPLE_AND_DATES)
    }
    for (const text of [
      ...profile.targetAudiences,
      ...profile.customerProblems,
      ...profile.competitiveAdvantages,
      ...profile.targetOutcomes,
    ]) {
      expect(pageText, text).toContain(text.toLowerCase())
    }
  })

  it('suggests competitors only from the search results for its keywords, never itself', async () => {
    const { suggestions, business, site } = analysed[name]
    expect(suggestions.length).toBeGreaterThan(0)
    const ranking = new Set<string>()
    for (const keyword of (business.seeds as string[]).slice(0, 3)) {
      const serp = await app.providers.keywordData.organicSerp(keyword, { country: 'us', depth: 10 })
      for (const result of serp.data.organic) ranking.add(siteDomain(`https://${result.domain}`))
    }
    for (const suggestion of suggestions) {
      expect(ranking, suggestion.url).toContain(siteDomain(suggestion.url))
      expect(siteDomain(suggestion.url)).not.toBe(siteDomain(site.origin))
      expect(suggestion.url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}$/)
      expect(suggestion.reason).toMatch(/^Ranks #\d+ for “/)
    }
    expect(suggestions.map((suggestion) => siteDomain(suggestion.url))).not.toEqual(expect.arrayContaining(['wikipedia.org']))
    expect(suggestions.some((suggestion) => suggestion.source === 'analysis')).toBe(true)
  })
})

describe('competitor suggestions', () => {
  it('differ with the business’s topic, and leave out sites that rank for everything', () => {
    const hosts = (name: keyof typeof analysed) => analysed[name].suggestions.map((suggestion) => siteDomain(suggestion.url))
    const [bakery, saas, blog] = [hosts('bakery'), hosts('saas'), hosts('blog')]
    expect(bakery.filter((host) => saas.includes(host) || blog.includes(host))).toEqual([])
    expect(saas.filter((host) => blog.includes(host))).toEqual([])
    for (const host of [...bakery, ...saas, ...blog])
      expect(host).not.toMatch(/^(wikipedia\.org|reddit\.com|youtube\.com|quora\.com|medium\.com)$/)
  })

  it('never offer the business’s own site under another subdomain, nor a competitor already added', async () => {
    const { business, suggestions } = analysed.bakery
    const [first, second] = suggestions.map((suggestion) => siteDomain(suggestion.url))
    const mirror = await createBusiness(app.db, userId, {
      name: 'The same bakery under another address',
      url: `https://shop.${first}`,
      description: business.description ?? '',
      industry: business.industry ?? '',
      businessModel: business.businessModel ?? '',
      valueProposition: business.valueProposition ?? '',
      targetAudiences: business.targetAudiences,
      services: business.services,
      primaryServices: business.primaryServices,
      coreProducts: business.coreProducts,
      customerProblems: business.customerProblems,
      competitiveAdvantages: business.competitiveAdvantages,
      targetOutcomes: business.targetOutcomes,
      seeds: business.seeds as string[],
    })
    await app.db.insert(competitor).values({ businessId: mirror.id, url: `https://www.${second}` })
    const again = (await suggestCompetitors(app.db, mirror, app.providers)).map((suggestion) => siteDomain(suggestion.url))
    expect(again.length).toBeGreaterThan(0)
    expect(again).not.toContain(first)
    expect(again).not.toContain(second)
  })
})
