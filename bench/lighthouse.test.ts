import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain ES module without types (the benchmarks are run by node directly)
import { median, missedTargets, report, summarisePage, summariseRun } from './lighthouse.mjs'

const lhr = (performance: number, seo: number, lcp: number) => ({
  categories: { performance: { score: performance }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: seo } },
  audits: {
    'largest-contentful-paint': { numericValue: lcp },
    'total-blocking-time': { numericValue: 120 },
    'cumulative-layout-shift': { numericValue: 0.01 },
  },
})

describe('the Lighthouse benchmark helpers', () => {
  it('takes the median of odd and even counts, ignoring missing values', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([undefined, 5])).toBe(5)
    expect(median([])).toBeUndefined()
  })

  it('reduces runs to median scores and metrics and names the missed targets', () => {
    const runs = [lhr(0.97, 1, 2500), lhr(0.99, 0.92, 1800), lhr(0.98, 1, 2100)].map(summariseRun)
    const summary = summarisePage(runs)
    expect(summary.scores).toEqual({ performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 })
    expect(summary.metrics.lcp).toBe(2100)
    expect(missedTargets(summary)).toEqual([])

    const slow = summarisePage([lhr(0.9, 0.92, 3400)].map(summariseRun))
    expect(missedTargets(slow).map(({ id }: { id: string }) => id)).toEqual(['performance', 'seo'])
    const printed = report([
      { label: '/', summary },
      { label: '/blog/a', summary: slow },
    ])
    expect(printed).toContain('/: MET')
    expect(printed).toContain('/blog/a: NOT MET (performance 90, SEO 92)')
    expect(printed).toContain('3.40 s')
  })
})
