/**
 * How a Search Console property is shown (docs/product/search-console.md): a domain property
 * (`sc-domain:example.com`) as its domain, a URL-prefix property (`https://www.example.com/blog/`)
 * as its host and path without the protocol or the closing slash. The stored `siteUrl` is Google's
 * own and stays as it is: this is only its label.
 */
export function propertyLabel(siteUrl: string): string {
  if (siteUrl.startsWith('sc-domain:')) return siteUrl.slice('sc-domain:'.length)
  try {
    const url = new URL(siteUrl)
    return `${url.host}${url.pathname}`.replace(/\/+$/, '')
  } catch {
    return siteUrl
  }
}
