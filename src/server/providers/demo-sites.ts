import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import { demoWebPage } from '~/server/providers/demo-mode'
import { DEMO_BUSINESS, DEMO_COMPETITORS } from './demo-business'
import { escapeHtml } from '~/shared/text'

/**
 * The demo account's own site and its competitors' sites live on the reserved `.example` domain,
 * which never resolves. In demo mode they are answered here instead (demo-network/web/demo-web.ts),
 * made from the same profiles the demo account is seeded with, so "Re-analyse" on /competitors
 * and in settings crawls a believable site: a home page naming the offer, an about page, a page
 * per service, a journal, robots.txt and a sitemap. Every page says it is simulated.
 */

interface DemoSiteProfile {
  url: string
  name: string
  description: string
  valueProposition: string
  services: string[]
  coreProducts: string[]
  audience: string
  advantages: string[]
  /** Journal posts: their paths, pages made by the demo web from the search in the path. */
  posts: string[]
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const JOURNAL = 'journal'

/** The competitors' journals: a few searches each site would write about. */
const COMPETITOR_POSTS: Record<string, string[]> = {
  'northwindcoffee.example': ['best-coffee-subscription', 'french-press-coffee-ratio'],
  'bluebirdbeans.example': ['wholesale-coffee-beans', 'medium-roast-coffee'],
  'brewgeargeek.example': ['best-burr-coffee-grinder', 'best-espresso-machine-for-beginners'],
}

const PROFILES: DemoSiteProfile[] = [
  {
    url: DEMO_BUSINESS.url,
    name: DEMO_BUSINESS.name,
    description: DEMO_BUSINESS.description,
    valueProposition: DEMO_BUSINESS.valueProposition,
    services: DEMO_BUSINESS.services,
    coreProducts: DEMO_BUSINESS.coreProducts,
    audience: DEMO_BUSINESS.targetAudiences.join(', '),
    advantages: DEMO_BUSINESS.competitiveAdvantages,
    posts: DEMO_BUSINESS.bestArticles.map((address) => new URL(address).pathname.split('/').pop()!),
  },
  ...DEMO_COMPETITORS.map((row) => ({
    url: row.url,
    name: row.name,
    description: row.description,
    valueProposition: row.valueProposition,
    services: row.primaryServices,
    coreProducts: row.coreProducts,
    audience: row.targetAudience,
    advantages: [],
    posts: COMPETITOR_POSTS[new URL(row.url).host] ?? [],
  })),
]

const SITES = new Map(PROFILES.map((profile) => [new URL(profile.url).host, profile]))

function layout(site: DemoSiteProfile, title: string, description: string, body: string) {
  const nav = [
    `<a href="/">Home</a>`,
    `<a href="/about">About</a>`,
    ...site.services.map((service) => `<a href="/${slugOf(service)}">${escapeHtml(service)}</a>`),
    ...(site.posts.length > 0 ? [`<a href="/${JOURNAL}">Journal</a>`] : []),
  ].join(' ')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<style>
body{margin:0;font:16px/1.6 system-ui,sans-serif;background:#0b0d12;color:#e6e8ee}
.note{background:#3b2f0b;color:#fde68a;padding:12px 20px;font-size:14px}
nav{padding:12px 20px;display:flex;gap:16px;flex-wrap:wrap}
a{color:#93c5fd}
main{max-width:720px;margin:0 auto;padding:24px 20px}
</style>
</head>
<body>
<aside class="note" role="note"><strong>Simulated site (demo mode).</strong> ${escapeHtml(new URL(site.url).host)} does not exist: Rankpilot's demo serves this page from the demo account's profile.</aside>
<nav>${nav}</nav>
<main>
${body}
</main>
</body>
</html>
`
}

function homePage(site: DemoSiteProfile) {
  const services = site.services
    .map(
      (service) =>
        `<h2>${escapeHtml(service)}</h2>\n<p>${escapeHtml(`${service} from ${site.name}.`)} <a href="/${slugOf(service)}">More about ${escapeHtml(service.toLowerCase())}</a></p>`,
    )
    .join('\n')
  const body = `<h1>${escapeHtml(site.valueProposition)}</h1>
<p>${escapeHtml(site.description)}</p>
${services}
${site.coreProducts.length > 0 ? `<p>${escapeHtml(`Popular right now: ${site.coreProducts.join(', ')}.`)}</p>` : ''}
<p>${escapeHtml(`Made for ${site.audience}.`)}</p>`
  return layout(site, `${site.name} | ${site.services.slice(0, 2).join(' and ')}`, site.description, body)
}

function aboutPage(site: DemoSiteProfile) {
  const advantages = site.advantages.map((item) => `<li>${escapeHtml(item)}</li>`).join('')
  const body = `<h1>${escapeHtml(`About ${site.name}`)}</h1>
<p>${escapeHtml(site.description)}</p>
<p>${escapeHtml(site.valueProposition)}</p>
${advantages ? `<h2>Why customers choose us</h2>\n<ul>${advantages}</ul>` : ''}`
  return layout(site, `About | ${site.name}`, site.description, body)
}

function servicePage(site: DemoSiteProfile, service: string) {
  const products = site.coreProducts.slice(0, 3)
  const body = `<h1>${escapeHtml(service)}</h1>
<p>${escapeHtml(`${site.name} offers ${service.toLowerCase()} for ${site.audience.toLowerCase()}.`)}</p>
${products.length > 0 ? `<p>${escapeHtml(`Popular choices: ${products.join(', ')}.`)}</p>` : ''}
<p>${escapeHtml(site.valueProposition)}</p>`
  return layout(site, `${service} | ${site.name}`, `${service} from ${site.name}. ${site.valueProposition}`, body)
}

function journalPage(site: DemoSiteProfile) {
  const items = site.posts
    .map((post) => `<li><a href="/${JOURNAL}/${post}">${escapeHtml(demoWebPage(new URL(site.url).host, post)?.title ?? post)}</a></li>`)
    .join('')
  return layout(site, `Journal | ${site.name}`, `Guides and stories from ${site.name}.`, `<h1>Journal</h1>\n<ul>${items}</ul>`)
}

function postPage(site: DemoSiteProfile, post: string) {
  const page = demoWebPage(new URL(site.url).host, post)
  if (!page) return undefined
  const sections = page.sections
    .map((section) => `<h2>${escapeHtml(section.heading)}</h2>\n<p>${section.sentences.map(escapeHtml).join(' ')}</p>`)
    .join('\n')
  return layout(
    site,
    `${page.title} | ${site.name}`,
    page.sections[0]?.sentences[0] ?? page.title,
    `<article><h1>${escapeHtml(page.title)}</h1>\n${sections}</article>`,
  )
}

function sitemap(site: DemoSiteProfile) {
  const paths = [
    '/',
    '/about',
    ...site.services.map((service) => `/${slugOf(service)}`),
    ...site.posts.map((post) => `/${JOURNAL}/${post}`),
  ]
  const urls = paths.map((path) => `<url><loc>${escapeHtml(new URL(path, site.url).href)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export interface DemoSiteAnswer {
  status: number
  contentType: string
  body: string
}

/** Whether the address is on one of the demo account's simulated sites. */
export function isDemoSite(url: string): boolean {
  try {
    return SITES.has(new URL(url).host)
  } catch {
    return false
  }
}

/** The simulated site's answer for an address on it (404 for a path it does not have); undefined for any other address. */
export function demoSiteAnswer(url: string): DemoSiteAnswer | undefined {
  let address: URL
  try {
    address = new URL(url)
  } catch {
    return undefined
  }
  const site = SITES.get(address.host)
  if (!site) return undefined
  const html = (body: string) => ({ status: 200, contentType: 'text/html; charset=utf-8', body })
  const path = address.pathname.replace(/\/+$/, '') || '/'
  if (path === '/robots.txt') {
    return {
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: `User-agent: *\nAllow: /\nSitemap: ${new URL('/sitemap.xml', site.url).href}\n`,
    }
  }
  if (path === '/sitemap.xml') return { status: 200, contentType: 'application/xml; charset=utf-8', body: sitemap(site) }
  if (path === '/') return html(homePage(site))
  if (path === '/about') return html(aboutPage(site))
  const service = site.services.find((item) => `/${slugOf(item)}` === path)
  if (service) return html(servicePage(site, service))
  if (site.posts.length > 0 && path === `/${JOURNAL}`) return html(journalPage(site))
  const post = path.startsWith(`/${JOURNAL}/`) ? path.slice(JOURNAL.length + 2) : undefined
  const postHtml = post && site.posts.includes(post) ? postPage(site, post) : undefined
  if (postHtml) return html(postHtml)
  return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found' }
}

/** A fetcher that answers the simulated sites in process and passes every other address to `fetch`. */
export function withDemoSites(fetch: SafeFetcher): SafeFetcher {
  return async (url, request) => {
    const answer = demoSiteAnswer(url)
    if (!answer) return fetch(url, request)
    if (answer.status >= 400 && !request.acceptErrorStatus) {
      throw new SafeFetchError({ kind: 'http_status', url, status: answer.status, message: `${url} answered with HTTP ${answer.status}.` })
    }
    const body = Buffer.from(answer.body, 'utf8')
    return { url, status: answer.status, contentType: answer.contentType, body, text: () => body.toString('utf8') }
  }
}
