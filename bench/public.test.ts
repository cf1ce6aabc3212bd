import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain ES module without types (the benchmarks are run by node directly)
import { assetsOf } from './public.mjs'

describe('the public pages benchmark', () => {
  it('counts the scripts a page loads after its first paint with those its HTML names, each once', () => {
    const html = [
      '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="icon" href="/logo.svg"/>',
      '<script type="application/json" id="deferred-modulepreloads" nonce="n">["/assets/index-a.js","/assets/route-b.js"]</script></head>',
      '<body><script nonce="n">(function loadAfterFirstPaint(){})("/assets/index-a.js")</script>',
      '<script src="/assets/legacy.js"></script><link rel="modulepreload" href="/assets/route-b.js"/></body>',
    ].join('')
    expect(assetsOf(html)).toEqual([
      { url: '/assets/legacy.js', kind: 'js' },
      { url: '/assets/app.css', kind: 'css' },
      { url: '/assets/route-b.js', kind: 'js' },
      { url: '/assets/index-a.js', kind: 'js' },
    ])
  })
})
