import { parseHTML } from 'linkedom'
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { ResearchStatus } from '~/lib/rpc-outputs'
import { ResearchSummary } from './research-summary'

// The panel rendered into a DOM (linkedom) so a press on Details can be checked.

const run: NonNullable<ResearchStatus> = {
  jobId: 'job-1',
  trigger: 'manual',
  month: '2026-12',
  state: 'completed',
  stage: null,
  completedStages: [],
  stages: [],
  done: 8,
  total: 8,
  message: null,
  error: null,
  counts: { expand: 299, score: 299, merged: 47, cluster: 20, plan: 29, capacity: 30 },
  outcome: { limitedBy: 'duplicates', seeds: [], competitors: 2 },
  calls: {},
  cost: 0.36,
  paidCalls: 49,
  cacheHits: 480,
  createdAt: new Date('2026-11-29T10:00:00Z'),
  finishedAt: new Date('2026-11-29T10:01:00Z'),
}

let root: Root | undefined
afterEach(() => act(() => root?.unmount()))

async function mount(value: NonNullable<ResearchStatus>) {
  const { window } = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>')
  Object.assign(globalThis, { window, document: window.document, IS_REACT_ACT_ENVIRONMENT: true })
  const container = window.document.getElementById('root')!
  root = createRoot(container as unknown as Element)
  await act(async () => root!.render(createElement(ResearchSummary, { run: value })))
  const details = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Details')
  const press = () => act(async () => void details?.dispatchEvent(new window.Event('click', { bubbles: true })))
  return { container, details, press }
}

describe('ResearchSummary', () => {
  it('leads with what was found, then what is left open and the next step', async () => {
    const { container } = await mount(run)
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent)
    expect(paragraphs[0]).toBe('29 keywords in 20 topics for December 2026')
    expect(paragraphs[1]).toMatch(
      /^1 article of December 2026 is still open: .* Next step: add seeds on subjects .* or add another competitor/,
    )
  })

  it('keeps the pipeline figures hidden until Details is pressed, and hides them again on a second press', async () => {
    const { container, details, press } = await mount(run)
    expect(details?.tagName).toBe('BUTTON')
    // A native button of type "button": Tab reaches it, Enter and Space press it.
    expect(details?.getAttribute('type')).toBe('button')
    expect(details?.getAttribute('aria-expanded')).toBe('false')
    const panel = container.querySelector(`[id="${details?.getAttribute('aria-controls')}"]`)
    expect(panel?.hasAttribute('hidden')).toBe(true)
    for (const figure of ['considered', 'provider calls', 'answered from cache', 'estimated cost'])
      expect(container.textContent).not.toContain(figure)

    await press()
    expect(details?.getAttribute('aria-expanded')).toBe('true')
    expect(panel?.hasAttribute('hidden')).toBe(false)
    expect(panel?.textContent).toContain('299 keywords considered, 299 scored, 47 merged as duplicates')
    expect(panel?.textContent).toContain('49 provider calls, 480 answered from cache · estimated cost $0.36')

    await press()
    expect(details?.getAttribute('aria-expanded')).toBe('false')
    expect(container.textContent).not.toContain('provider calls')
  })

  it('says a cancelled run kept what it found, without Details', async () => {
    const { container, details } = await mount({ ...run, state: 'cancelled' })
    expect(container.textContent).toContain('Keyword research was cancelled')
    expect(container.textContent).toContain('What it found so far is kept.')
    expect(details).toBeUndefined()
  })
})
