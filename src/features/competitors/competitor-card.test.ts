import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { formatLongDate } from '~/features/keywords/keyword-format'
import { CompetitorCard } from './competitor-list'

// A server render of one competitor card (docs/product/competitors.md): the last successful
// analysis's data, and a failed re-analysis since shown apart, dated.

type Card = Parameters<typeof CompetitorCard>[0]['competitor']

const analysedAt = new Date('2026-11-20T10:00:00Z')
const failedAt = new Date('2026-11-28T15:30:00Z')
const reachError = 'We could not reach northwindcoffee.example: the site did not answer.'

const card = (overrides: Partial<Card> = {}): Card => ({
  id: 'c1',
  url: 'https://northwindcoffee.example',
  name: 'Northwind Coffee Co.',
  description: null,
  businessCategory: null,
  relevanceToOurBusiness: null,
  lastAnalyzedAt: analysedAt,
  keywordCount: 120,
  traffic: 5400,
  topKeywords: [{ keyword: 'coffee subscription', rank: 2, url: null, searchVolume: 9900, traffic: 1800 }],
  analysis: { jobId: 'j2', state: 'failed', step: 'Reading the site', error: reachError },
  failure: { at: failedAt, error: reachError },
  ...overrides,
})

const render = (competitor: Card) =>
  renderToString(
    h(
      QueryClientProvider,
      { client: new QueryClient() },
      h(CompetitorCard, { competitor, analysing: false, onAnalysed: () => {}, onAnalyse: () => {}, onRemove: () => {} }),
    ),
  )
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")

describe('a competitor card', () => {
  it('keeps the last successful analysis and shows a failed re-analysis apart, dated, with its reason', () => {
    const html = render(card())
    expect(html).toContain('coffee subscription')
    expect(html).toContain(`Last analysed</dt><dd class="font-medium">${formatLongDate(analysedAt)}`)
    expect(html).toContain(`role="alert"`)
    expect(html).toContain(
      `Re-analysis on ${formatLongDate(failedAt)} failed: We could not reach northwindcoffee.example: the site did not answer — showing data from ${formatLongDate(analysedAt)}.`,
    )
    expect(html).not.toContain('The last analysis failed')
    expect(html).toContain('Retry analysis')
  })

  it('never analysed successfully: the failure says so without a data date', () => {
    const html = render(card({ lastAnalyzedAt: null, keywordCount: 0, traffic: 0, topKeywords: [] }))
    expect(html).toContain(
      `Analysis on ${formatLongDate(failedAt)} failed: We could not reach northwindcoffee.example: the site did not answer.`,
    )
    expect(html).not.toContain('showing data from')
  })

  it('without a failure since: no alert, and Re-analyse', () => {
    const html = render(card({ analysis: { jobId: 'j1', state: 'completed', step: null, error: null }, failure: null }))
    expect(html).not.toContain('role="alert"')
    expect(html).toContain('Re-analyse')
    expect(html).not.toContain('Retry analysis')
  })
})
