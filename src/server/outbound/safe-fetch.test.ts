import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetEnvCache } from '~/env'
import { createSafeFetcher, safeFetcher, type Resolver, type SafeFetcherOptions } from './safe-fetch'
import { html, redirect, resolverFrom, useTestSite } from '~tests/fixtures/test-site'
import { connectPinned, type ConnectTarget } from './transport'

const UA = 'RankpilotBot/1.0 (+https://rankpilot.test)'
const PUBLIC_ADDRESS = '93.184.215.14'

const site = useTestSite()
afterEach(() => {
  vi.unstubAllEnvs()
  resetEnvCache()
})

const page = (path: string) => `${site.origin}${path}`
const loopbackFetcher = (options: Partial<SafeFetcherOptions> = {}) => createSafeFetcher({ userAgent: UA, allowLoopback: true, ...options })

/**
 * A fetcher for which "public.test" is a public address, as the internet would see it, while the
 * socket is dialled to the local test site. The flag stays off, so everything the test site
 * redirects to is judged exactly as in production. `dialled` records every address the fetcher
 * asked to connect to.
 */
function publicSiteFetcher(extra: Record<string, string[]> = {}) {
  const dialled: string[] = []
  const fetcher = createSafeFetcher({
    userAgent: UA,
    allowLoopback: false,
    resolve: resolverFrom({ 'public.test': [PUBLIC_ADDRESS], ...extra }),
    connect: (target: ConnectTarget) => {
      dialled.push(target.address)
      return connectPinned({ ...target, address: '127.0.0.1', family: 4 })
    },
  })
  return { fetcher, dialled, url: (path: string) => `http://public.test:${site.port}${path}` }
}

describe('refused addresses', () => {
  const strict = createSafeFetcher({ userAgent: UA, resolve: resolverFrom({}) })

  it.each([
    ['http://127.0.0.1', 'http://127.0.0.1/ points to a loopback address (this server itself), which we do not fetch.'],
    ['http://[::1]', 'http://[::1]/ points to a loopback address (this server itself), which we do not fetch.'],
    ['http://10.0.0.1', 'http://10.0.0.1/ points to a private network address, which we do not fetch.'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/ points to a cloud metadata address, which we do not fetch.',
    ],
    [
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://metadata.google.internal/computeMetadata/v1/ points to a cloud metadata address, which we do not fetch.',
    ],
    ['http://2130706433/', 'http://127.0.0.1/ points to a loopback address (this server itself), which we do not fetch.'],
    ['http://0x0a.0.0.1/', 'http://10.0.0.1/ points to a private network address, which we do not fetch.'],
    ['http://[::ffff:192.168.0.1]/', 'http://[::ffff:c0a8:1]/ points to a private network address, which we do not fetch.'],
  ])('refuses %s without the test flag', async (url, message) => {
    await expect(strict(url, { expect: ['html'] })).rejects.toMatchObject({ kind: 'blocked_address', message })
  })

  it('does not connect to the loopback test site without the flag', async () => {
    site.routes.set('/', html('<title>secret</title>'))
    await expect(strict(page('/'), { expect: ['html'] })).rejects.toThrow(`${page('/')} points to a loopback address`)
    expect(site.requests).toHaveLength(0)
  })

  it('refuses private and metadata addresses even with the loopback flag', async () => {
    const fetcher = loopbackFetcher({ resolve: resolverFrom({ 'intranet.test': ['192.168.1.20'] }) })
    await expect(fetcher('http://10.0.0.1/', { expect: ['html'] })).rejects.toThrow(
      'http://10.0.0.1/ points to a private network address, which we do not fetch.',
    )
    await expect(fetcher('http://169.254.169.254/', { expect: ['html'] })).rejects.toThrow('points to a cloud metadata address')
    await expect(fetcher('http://intranet.test/', { expect: ['html'] })).rejects.toThrow(
      'http://intranet.test/ points to a private network address, which we do not fetch.',
    )
  })

  it('refuses a host name that resolves to a private address, or to any private address among several', async () => {
    const fetcher = createSafeFetcher({
      userAgent: UA,
      resolve: resolverFrom({
        'intranet.test': ['10.1.2.3'],
        'mixed.test': [PUBLIC_ADDRESS, '172.16.0.9'],
        'mapped.test': ['::ffff:127.0.0.1'],
      }),
    })
    await expect(fetcher('https://intranet.test/', { expect: ['html'] })).rejects.toThrow(
      'https://intranet.test/ points to a private network address, which we do not fetch.',
    )
    await expect(fetcher('https://mixed.test/', { expect: ['html'] })).rejects.toThrow(
      'https://mixed.test/ points to a private network address, which we do not fetch.',
    )
    await expect(fetcher('https://mapped.test/', { expect: ['html'] })).rejects.toThrow(
      'https://mapped.test/ points to a loopback address (this server itself), which we do not fetch.',
    )
  })

  it.each([
    [
      'ftp://example.com/file',
      'ftp://example.com/file is not a web address we can fetch: only http:// and https:// addresses are supported.',
    ],
    ['file:///etc/passwd', 'file:///etc/passwd is not a web address we can fetch: only http:// and https:// addresses are supported.'],
    [
      'http://admin:hunter2@example.com/',
      'http://example.com/ contains a user name or password. Remove them from the address and try again.',
    ],
    ['not a url', '"not a url" is not a valid web address. Enter a full address such as https://example.com.'],
  ])('refuses %s before any network access', async (url, message) => {
    const resolve = vi.fn(resolverFrom({ 'example.com': [PUBLIC_ADDRESS] }))
    const fetcher = createSafeFetcher({ userAgent: UA, resolve })
    await expect(fetcher(url, { expect: ['html'] })).rejects.toThrow(message)
    expect(resolve).not.toHaveBeenCalled()
  })
})

describe('redirects', () => {
  it.each([
    ['/to-private', 'http://10.0.0.1/admin', 'http://10.0.0.1/admin points to a private network address'],
    [
      '/to-metadata',
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/ points to a cloud metadata address',
    ],
    ['/to-loopback', 'http://127.0.0.1/', 'http://127.0.0.1/ points to a loopback address (this server itself)'],
    ['/to-ipv6-loopback', 'http://[::1]:8080/', 'http://[::1]:8080/ points to a loopback address (this server itself)'],
    ['/to-private-name', 'http://intranet.test/', 'http://intranet.test/ points to a private network address'],
  ])('refuses a public URL redirecting (%s) to %s', async (path, target, refusal) => {
    const { fetcher, dialled, url } = publicSiteFetcher({ 'intranet.test': ['10.9.9.9'] })
    site.routes.set(path, redirect(target))
    await expect(fetcher(url(path), { expect: ['html'] })).rejects.toMatchObject({
      kind: 'blocked_address',
      message: `${refusal}, which we do not fetch (${url(path)} redirected there).`,
    })
    // Only the public hop was ever dialled.
    expect(dialled).toEqual([PUBLIC_ADDRESS])
    expect(site.requests.map((request) => request.path)).toEqual([path])
  })

  it('follows a relative Location and reports the final URL', async () => {
    const { fetcher } = publicSiteFetcher()
    site.routes.set('/old/page', redirect('../new', 301))
    site.routes.set('/new', html('<title>New</title>'))
    const response = await fetcher(`http://public.test:${site.port}/old/page`, { expect: ['html'] })
    expect(response.url).toBe(`http://public.test:${site.port}/new`)
    expect(response.text()).toContain('<title>New</title>')
  })

  it('follows 5 redirects and refuses the 6th', async () => {
    for (let hop = 0; hop < 6; hop += 1) site.routes.set(`/r${hop}`, redirect(`/r${hop + 1}`))
    site.routes.set('/r5', html('<title>Five hops</title>'))
    expect((await loopbackFetcher()(page('/r0'), { expect: ['html'] })).url).toBe(page('/r5'))

    site.requests.length = 0
    site.routes.set('/r5', redirect('/r6'))
    await expect(loopbackFetcher()(page('/r0'), { expect: ['html'] })).rejects.toMatchObject({
      kind: 'too_many_redirects',
      message: `We could not reach ${page('/r0')}: it redirected more than 5 times.`,
    })
    expect(site.requests).toHaveLength(6)
  })

  it('checks a host name once and connects to the address it checked (no DNS rebinding)', async () => {
    const answers = [PUBLIC_ADDRESS, '10.0.0.7']
    const resolve = vi.fn<Resolver>(async () => [{ address: answers.shift()!, family: 4 }])
    const dialled: string[] = []
    const fetcher = createSafeFetcher({
      userAgent: UA,
      resolve,
      connect: (target) => {
        dialled.push(target.address)
        return connectPinned({ ...target, address: '127.0.0.1' })
      },
    })
    site.routes.set('/', html('<title>ok</title>'))
    await fetcher(`http://rebind.test:${site.port}/`, { expect: ['html'] })
    expect(resolve).toHaveBeenCalledTimes(1)
    expect(dialled).toEqual([PUBLIC_ADDRESS])
  })

  it('dials the pinned address itself: a made-up host name reaches the test site without DNS', async () => {
    site.routes.set('/', html('<title>pinned</title>'))
    const fetcher = loopbackFetcher({ resolve: resolverFrom({ 'shop.test': ['127.0.0.1'] }) })
    const response = await fetcher(`http://shop.test:${site.port}/`, { expect: ['html'] })
    expect(response.text()).toContain('pinned')
    expect(site.requests[0]!.headers.host).toBe(`shop.test:${site.port}`)
    expect(site.requests[0]!.headers['user-agent']).toBe(UA)
  })
})

describe('safeFetcher() from the environment', () => {
  it('sends RankpilotBot/1.0 (+APP_URL) and reaches loopback only with FETCH_ALLOW_LOOPBACK', async () => {
    site.routes.set('/', html('<title>home</title>'))
    vi.stubEnv('APP_URL', 'https://app.rankpilot.example')
    vi.stubEnv('FETCH_ALLOW_LOOPBACK', 'false')
    resetEnvCache()
    await expect(safeFetcher()(page('/'), { expect: ['html'] })).rejects.toThrow('points to a loopback address')

    vi.stubEnv('FETCH_ALLOW_LOOPBACK', 'true')
    resetEnvCache()
    await safeFetcher()(page('/'), { expect: ['html'] })
    expect(site.requests.map((request) => request.headers['user-agent'])).toEqual(['RankpilotBot/1.0 (+https://app.rankpilot.example)'])
    await expect(safeFetcher()('http://10.0.0.1/', { expect: ['html'] })).rejects.toThrow('points to a private network address')
  })
})
