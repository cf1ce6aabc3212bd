import { lookup as dnsLookup } from 'node:dns/promises'
import { env } from '~/env'
import { isFullDemo } from '~/server/providers/modes'
import { blockedAddressMessage, checkAddress, isIpLiteral, isMetadataHostname } from '~/server/crawl/address-policy'
import { DEMO_CMS_PATH } from './demo-cms'
import { createProviderFetch, ProviderError, type ProviderFetchOptions } from '~/server/providers/http'

/**
 * The fetch a connector talks to its CMS with. The CMS's address is the customer's (a WordPress
 * site, a webhook endpoint), so before each request its host must resolve to public addresses
 * only, as for crawling (src/server/crawl/address-policy.ts): a connection can never be pointed at
 * this server's network. Hosts of the vendors' own APIs (api.webflow.com, api.notion.com, …) pass
 * the same check. On top of that it is a provider fetch: time limit, retries with backoff on 429
 * and 5xx, ProviderError on the last failure.
 */

export type HostResolver = (hostname: string) => Promise<string[]>

const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

export interface ConnectorFetchOptions extends Omit<ProviderFetchOptions, 'fetch'> {
  /** Tests answer the vendor's host without DNS. */
  resolve?: HostResolver
  /** Tests only (FETCH_ALLOW_LOOPBACK): a receiver on 127.0.0.1. */
  allowLoopback?: boolean
  /** Addresses answered inside this process, never over the network (the demo CMS under APP_URL). */
  trusted?: (url: URL) => boolean
  fetch?: typeof fetch
}

function refused(provider: string, message: string) {
  return new ProviderError({ provider, kind: 'rejected', message })
}

export function createConnectorFetch(options: ConnectorFetchOptions): typeof fetch {
  const { resolve = systemResolver, allowLoopback = false, trusted = () => false, fetch: baseFetch, ...providerOptions } = options
  const inner = baseFetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const guarded = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw refused(options.provider, `${url.protocol} addresses are not supported.`)
    if (!trusted(url)) {
      const hostname = url.hostname.replace(/^\[|\]$/g, '')
      if (isMetadataHostname(hostname)) throw refused(options.provider, blockedAddressMessage(url.href, 'metadata'))
      let addresses: string[]
      try {
        addresses = isIpLiteral(hostname) ? [hostname] : await resolve(hostname)
      } catch (cause) {
        throw new ProviderError({
          provider: options.provider,
          kind: 'network',
          cause,
          message: `${url.hostname} could not be found. Check the address of your ${options.provider} site.`,
        })
      }
      for (const address of addresses) {
        const verdict = checkAddress(address, { allowLoopback })
        if (!verdict.allowed) throw refused(options.provider, blockedAddressMessage(url.href, verdict.category))
      }
    }
    return inner(input, init)
  }
  return createProviderFetch({ ...providerOptions, fetch: guarded as typeof fetch })
}

/** The running app's connector fetch for one CMS. */
export function appConnectorFetch(provider: string, credentialsHint: string) {
  const config = env()
  return createConnectorFetch({
    provider,
    credentialsHint,
    timeoutMs: 20_000,
    retries: 3,
    allowLoopback: config.FETCH_ALLOW_LOOPBACK,
    // The demo CMS (demo-cms.ts) is answered by the demo network's mock, in this process.
    trusted: (url) => isFullDemo(config) && Boolean(config.APP_URL) && url.href.startsWith(`${config.APP_URL}${DEMO_CMS_PATH}/`),
  })
}
