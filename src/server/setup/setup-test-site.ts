import { html, startTestSite, xml, type Route, type TestSite } from '~/server/crawl/test-site'

/**
 * Tests only: a small business site (home, about, services, blog with three posts, robots.txt
 * naming the sitemap) served on 127.0.0.1, for onboarding's integration and browser tests.
 */

export const SITE_TITLE = 'Acme Plumbing | Emergency plumbers in Springfield'
export const SITE_NAME = 'Acme Plumbing'
export const SITE_DESCRIPTION = 'Acme Plumbing fixes leaks, boilers and blocked drains across Springfield, day and night.'

const page = (title: string, description: string, body: string) =>
  html(`<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${description}"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/services">Services</a> <a href="/blog">Blog</a></nav>
<main>${body}</main></body></html>`)

const robots: Route = (_request, response, site) =>
  response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${site.origin}/sitemap.xml\n`)

const sitemap: Route = (request, response, site) =>
  xml(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[
  ['/', '2025-05-20'],
  ['/about', '2025-01-01'],
  ['/services', '2025-01-01'],
  ['/blog', '2025-05-01'],
  ['/blog/fix-a-dripping-tap', '2025-03-01'],
  ['/blog/boiler-care-before-winter', '2025-05-01'],
  ['/blog/unblock-a-drain', '2025-01-10'],
]
  .map(([path, lastmod]) => `<url><loc>${site.origin}${path}</loc><lastmod>${lastmod}</lastmod></url>`)
  .join('\n')}
</urlset>`)(request, response, site)

export const BUSINESS_SITE_ROUTES: Record<string, Route> = {
  '/robots.txt': robots,
  '/sitemap.xml': sitemap,
  '/': page(
    SITE_TITLE,
    SITE_DESCRIPTION,
    `<h1>Emergency plumbers in Springfield</h1><p>Acme Plumbing has fixed leaks and boilers for Springfield homes since 1998. We answer the phone day and night.</p>
<h2>Leak repair</h2><p>Dripping taps and burst pipes are fixed the same day by our plumbers.</p>
<h2>Boiler servicing</h2><p>Annual boiler servicing keeps your heating safe and your bills low.</p>
<p><a href="/blog/boiler-care-before-winter">Boiler care before winter</a></p>`,
  ),
  '/about': page('About Acme Plumbing', 'Family plumbers since 1998.', '<h1>About us</h1><p>We are a family firm of twelve plumbers who live and work in Springfield.</p>'),
  '/services': page('Services | Acme Plumbing', 'Leak repair, boiler servicing and drain clearing.', '<h1>Services</h1><ul><li>Leak repair</li><li>Boiler servicing</li><li>Drain clearing</li></ul>'),
  '/blog': page('Blog | Acme Plumbing', 'Plumbing advice.', '<h1>Blog</h1><a href="/blog/fix-a-dripping-tap">Fix a dripping tap</a> <a href="/blog/unblock-a-drain">Unblock a drain</a>'),
  '/blog/fix-a-dripping-tap': page('Fix a dripping tap', 'How to fix a dripping tap.', '<h1>Fix a dripping tap</h1><p>Turn off the water supply before you start any repair on a tap.</p>'),
  '/blog/boiler-care-before-winter': page('Boiler care before winter', 'Boiler care.', '<h1>Boiler care</h1><p>Bleed your radiators and check the boiler pressure before the cold weather starts.</p>'),
  '/blog/unblock-a-drain': page('Unblock a drain', 'Unblocking drains.', '<h1>Unblock a drain</h1><p>A plunger clears most blocked sinks without any chemicals at all.</p>'),
}

/** A competitor's one-page site, named `name`. */
export function competitorSiteRoutes(name: string, offer: string): Record<string, Route> {
  return {
    '/robots.txt': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n'),
    '/': page(`${name} | ${offer}`, `${name} offers ${offer.toLowerCase()} to homeowners across the county.`, `<h1>${offer}</h1><p>${name} sends a plumber to your door within the hour, every day of the year.</p>`),
  }
}

export const startBusinessSite = (): Promise<TestSite> => startTestSite(BUSINESS_SITE_ROUTES)
export const startCompetitorSite = (name: string, offer: string): Promise<TestSite> => startTestSite(competitorSiteRoutes(name, offer))
