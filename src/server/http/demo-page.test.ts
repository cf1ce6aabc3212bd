import { describe, expect, it } from 'vitest'
import { demoPage, FAVICON_LINK } from './demo-page'

describe('the demo stand-in pages', () => {
  it("link the app's icon, which their policy lets load, so the browser asks for no missing /favicon.ico", async () => {
    const response = demoPage('Checkout', '<h1>Checkout</h1>')
    const html = await response.text()
    expect(FAVICON_LINK).toBe('<link rel="icon" href="/logo.svg" type="image/svg+xml" />')
    expect(html.slice(0, html.indexOf('</head>'))).toContain(FAVICON_LINK)
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self'")
  })
})
