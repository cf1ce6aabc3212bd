import { NAV_ITEMS } from '~/features/shell/nav-items'
import { absoluteUrl } from './seo-head'

/**
 * What crawlers should leave alone: the signed-in area (every page behind the access gate
 * redirects a crawler to / anyway), the auth and RPC endpoints and server functions. Assets and
 * public pages stay open so pages render for the crawler as they do for a visitor.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  ...NAV_ITEMS.map((item) => item.to),
  '/setup',
  '/paywall',
  '/api/',
  '/rpc/',
  '/_serverFn/',
]

export function buildRobotsTxt(appUrl: string) {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(appUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
