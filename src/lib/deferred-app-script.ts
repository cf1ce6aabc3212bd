/**
 * The app's JavaScript is fetched once the server-rendered page has painted its content, not while
 * the browser is still reading the HTML: on a slow connection the page would otherwise wait for
 * ~170 KB of scripts it does not need to show itself (docs/product/limits.md, the Lighthouse
 * targets). The head lists the module preloads in a JSON block instead of `<link rel="modulepreload">`
 * tags (src/components/head-content.tsx), and the entry's `<script type="module">` is replaced by a
 * small inline script (src/components/body-scripts.tsx) that adds both after the first contentful
 * paint. Nothing else changes: the entry and its chunks are the ones Vite built.
 */
export const DEFERRED_PRELOADS_ID = 'deferred-modulepreloads'

/** A value as JSON that cannot end the `<script>` element it is written into. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The data block the head renders: a JSON array of script URLs (`<` escaped for the HTML). */
export const deferredPreloadsJson = (hrefs: readonly string[]) => jsonForScript(hrefs)

/**
 * Runs in the page as an inline script, so it is self-contained (no imports, no outside names
 * but the browser's): once the page has painted some of its content, adds the listed module
 * preloads (low priority, as TanStack Start marks them) and the entry script, in one insertion.
 *
 * A frame painted before the first contentful paint shows only the background, so it waits for
 * that paint as the browser reports it; where paint timing is not reported, for the next frame
 * once the document is parsed. A hidden tab paints nothing, so it does not wait there; nor does a
 * page whose paint has not come within `maxWaitMs`.
 */
export function loadAfterFirstPaint(entrySrc: string, preloadsId: string, maxWaitMs: number) {
  let started = false
  let observer: PerformanceObserver | undefined
  const load = () => {
    if (started) return
    started = true
    observer?.disconnect()
    const nodes = document.createDocumentFragment()
    let hrefs: unknown = []
    try {
      hrefs = JSON.parse(document.getElementById(preloadsId)?.textContent || '[]')
    } catch {
      // A damaged list only costs the preloads: the entry imports what it needs.
    }
    for (const href of Array.isArray(hrefs) ? hrefs : []) {
      if (typeof href !== 'string') continue
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      link.fetchPriority = 'low'
      nodes.append(link)
    }
    const script = document.createElement('script')
    script.type = 'module'
    script.src = entrySrc
    nodes.append(script)
    document.head.append(nodes)
  }
  // A task after the paint's frame, not inside it.
  const soon = () => setTimeout(load, 0)
  setTimeout(load, maxWaitMs)
  if (document.visibilityState === 'hidden') return load()
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) soon()
    })
    observer.observe({ type: 'paint', buffered: true })
    return
  }
  const afterFrame = () => requestAnimationFrame(soon)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFrame, { once: true })
  else afterFrame()
}

/** The inline script's source for an entry script: the function above, called with its URL. */
export const deferredEntryScript = (entrySrc: string, maxWaitMs = 3000) =>
  `(${loadAfterFirstPaint.toString()})(${jsonForScript(entrySrc)},${jsonForScript(DEFERRED_PRELOADS_ID)},${maxWaitMs})`
