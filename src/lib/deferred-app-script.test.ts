import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFERRED_PRELOADS_ID, deferredEntryScript, deferredPreloadsJson } from './deferred-app-script'

interface FakeNode {
  tag: string
  rel?: string
  href?: string
  src?: string
  type?: string
  fetchPriority?: string
}

/** Just enough of a document and of paint timing for the inline loader, with what it inserted. */
function fakePage({ hidden = false, list = '["/assets/a.js","/assets/b.js"]', paintTiming = true } = {}) {
  const insertions: FakeNode[][] = []
  let observerCallback: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    readyState: 'interactive',
    getElementById: (id: string) => (id === DEFERRED_PRELOADS_ID ? { textContent: list } : null),
    createElement: (tag: string): FakeNode => ({ tag }),
    createDocumentFragment: () => {
      const nodes: FakeNode[] = []
      return { nodes, append: (node: FakeNode) => nodes.push(node) }
    },
    head: { append: (fragment: { nodes: FakeNode[] }) => insertions.push(fragment.nodes) },
    addEventListener: () => {},
  }
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : []
    constructor(callback: typeof observerCallback) {
      observerCallback = callback
    }
    observe() {}
    disconnect() {
      observerCallback = undefined
    }
  }
  vi.stubGlobal('document', document)
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16))
  return {
    insertions,
    paint: (name = 'first-contentful-paint') => observerCallback?.({ getEntriesByName: (asked) => (asked === name ? [{}] : []) }),
  }
}

const run = (entry = '/assets/index-x.js', maxWaitMs = 3000) => new Function(deferredEntryScript(entry, maxWaitMs))()

describe('the inline loader that fetches the app after the first paint', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('adds nothing before the first contentful paint, then the listed preloads and the entry in one insertion', () => {
    const page = fakePage()
    run()
    vi.advanceTimersByTime(500)
    page.paint('first-paint')
    vi.advanceTimersByTime(10)
    expect(page.insertions).toEqual([])

    page.paint()
    expect(page.insertions).toEqual([]) // a task after the paint, not inside it
    vi.advanceTimersByTime(0)
    expect(page.insertions).toEqual([
      [
        { tag: 'link', rel: 'modulepreload', href: '/assets/a.js', fetchPriority: 'low' },
        { tag: 'link', rel: 'modulepreload', href: '/assets/b.js', fetchPriority: 'low' },
        { tag: 'script', type: 'module', src: '/assets/index-x.js' },
      ],
    ])
    vi.advanceTimersByTime(5000)
    expect(page.insertions).toHaveLength(1)
  })

  it('does not wait in a hidden tab', () => {
    const page = fakePage({ hidden: true })
    run()
    expect(page.insertions.flat().map((node) => node.tag)).toEqual(['link', 'link', 'script'])
    vi.advanceTimersByTime(5000)
    expect(page.insertions).toHaveLength(1)
  })

  it('stops waiting for a paint that does not come, once', () => {
    const page = fakePage()
    run('/assets/index-x.js', 1200)
    vi.advanceTimersByTime(1199)
    expect(page.insertions).toEqual([])
    vi.advanceTimersByTime(1)
    expect(page.insertions).toHaveLength(1)
    page.paint()
    vi.advanceTimersByTime(10)
    expect(page.insertions).toHaveLength(1)
  })

  it('waits for a frame where the browser does not report paint timing', () => {
    const page = fakePage({ paintTiming: false })
    run()
    expect(page.insertions).toEqual([])
    vi.advanceTimersByTime(15)
    expect(page.insertions).toEqual([])
    vi.advanceTimersByTime(2)
    expect(page.insertions).toHaveLength(1)
  })

  it('still loads the entry when the list is damaged', () => {
    const page = fakePage({ list: '["/assets/a.js",' })
    run()
    page.paint()
    vi.advanceTimersByTime(0)
    expect(page.insertions).toEqual([[{ tag: 'script', type: 'module', src: '/assets/index-x.js' }]])
  })

  it('writes URLs that cannot close the script element they are in', () => {
    expect(deferredPreloadsJson(['/assets/a.js', '</script><script>alert(1)</script>'])).not.toContain('<')
    expect(JSON.parse(deferredPreloadsJson(['</script>']))).toEqual(['</script>'])
    expect(deferredEntryScript('/x</script>.js')).not.toContain('</script>')
  })
})
