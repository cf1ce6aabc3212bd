import { describe, expect, it } from 'vitest'
import { NAV_ITEMS } from '~/features/shell/nav-items'
import { buildRobotsTxt } from './robots'

describe('buildRobotsTxt', () => {
  const robots = buildRobotsTxt('https://rankpilot.example')
  const lines = robots.split('\n')

  it('addresses every crawler and allows the public site', () => {
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
  })

  it('disallows the signed-in area, the auth and RPC APIs and server functions', () => {
    for (const path of [...NAV_ITEMS.map((item) => item.to), '/setup', '/paywall', '/api/', '/rpc/', '/_serverFn/']) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
  })

  it('blocks none of the public pages', () => {
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length))
    for (const path of ['/', '/blog', '/blog/index_old', '/blog/some-article', '/terms-of-service', '/privacy-policy', '/logo.svg']) {
      expect(
        disallowed.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([])
    }
  })

  it('points at the sitemap on APP_URL', () => {
    expect(lines).toContain('Sitemap: https://rankpilot.example/sitemap.xml')
  })
})
