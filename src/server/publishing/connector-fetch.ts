import { env } from '~/env'
import { isFullDemo } from '~/server/providers/modes'
import type { Resolver } from '~/server/outbound/hops'
import { createOutboundFetch, type OutboundFetchOptions } from '~/server/outbound/outbound-fetch'
import { SafeFetchError } from '~/server/outbound/public-url'
import type { Connect } from '~/server/outbound/transport'
import { DEMO_CMS_PATH } from '~/server/providers/demo-cms'
import { createProviderFetch, ProviderError, type FailureClassifier, type ProviderFetchOptions } from '~/server/providers/http'

/**
 * The fetch a connector talks to its CMS with. The CMS's address is the customer's (a WordPress
 * site, a webhook endpoint), so every request goes through the outbound fetch
 * (src/server/outbound/outbound-fetch.ts): each hop's address is checked and dialled as checked,
 * redirects are followed for reads only and re-checked, never for a POST or PUT, and no
 * credential crosses to another origin. Hosts of the vendors' own APIs (api.webflow.com,
 * api.notion.com, …) pass the same check. On top of that it is a provider fetch: time limit,
 * retries with backoff on 429, 5xx and network failures, ProviderError on the last failure.
 */

export interface ConnectorFetchOptions extends Omit<ProviderFetchOptions, 'fetch'> {
  /** Tests answer the vendor's host without DNS. */
  resolve?: Resolver
  /** Tests dial a checked address somewhere else (a receiver on loopback). */
  connect?: Connect
  /** Tests only (FETCH_ALLOW_LOOPBACK): a receiver on 127.0.0.1. */
  allowLoopback?: boolean
  /** Addresses answered inside this process, never over the network (the demo CMS under APP_URL). */
  trusted?: (url: URL) => boolean
  userAgent?: string
}

export function createConnectorFetch(options: ConnectorFetchOptions): typeof fetch {
  const { resolve, connect, allowLoopback = false, trusted, userAgent, ...providerOptions } = options
  const outboundOptions: OutboundFetchOptions = { resolve, connect, allowLoopback, trusted, userAgent }
  // The provider fetch keeps the time limit per attempt; the outbound one only guards the address.
  const outbound = createOutboundFetch({ ...outboundOptions, timeoutMs: 10 * 60_000 })
  const guarded = async (input: RequestInfo | URL, init?: RequestInit) => {
    try {
      return await outbound(input, init)
    } catch (error) {
      // A name that does not exist will not exist on the next attempt either.
      if (error instanceof SafeFetchError && error.kind === 'dns' && /does not exist/.test(error.message)) {
        throw new ProviderError({
          provider: options.provider,
          kind: 'network',
          message: `${error.message.replace(/ Check the address for typos\.$/, '.')} Check the address of your ${options.provider} site.`,
          cause: error,
        })
      }
      // Refusals become ProviderErrors at once, network failures and time-outs are retried:
      // the provider fetch decides (providers/http.ts).
      throw error
    }
  }
  return createProviderFetch({ ...providerOptions, fetch: guarded as typeof fetch })
}

/** The running app's connector fetch for one CMS. */
export function appConnectorFetch(provider: string, credentialsHint: string, classifyFailure?: FailureClassifier) {
  const config = env()
  return createConnectorFetch({
    provider,
    credentialsHint,
    classifyFailure,
    timeoutMs: 20_000,
    retries: 3,
    allowLoopback: config.FETCH_ALLOW_LOOPBACK,
    userAgent: `Rankpilot/1.0 (+${config.APP_URL})`,
    // The demo CMS (providers/demo-cms.ts) is answered by the demo network's mock, in this process.
    trusted: (url) => isFullDemo(config) && Boolean(config.APP_URL) && url.href.startsWith(`${config.APP_URL}${DEMO_CMS_PATH}/`),
  })
}
