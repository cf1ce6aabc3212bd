import { describe, expect, it } from 'vitest'
import { createLedger } from './cost-ledger'

describe('research ledger', () => {
  it('keeps the run totals and, per stage, what the calls after stage(name) spent', () => {
    const ledger = createLedger({ dataforseo: { calls: 2, cacheHits: 1, cost: 0.02 } })
    ledger.paid('dataforseo', 1, 0.01) // before any stage: totals only
    ledger.stage('seeds')
    ledger.paid('dataforseo', 3, 0.03)
    ledger.llm({ inputTokens: 1_000_000, outputTokens: 0 })
    ledger.stage('refine')
    ledger.embeddings(['a'.repeat(400)], 1)
    ledger.cached('embeddings', 5)
    ledger.stage('seeds') // a stage named again adds to its own tallies
    ledger.cached('llm', 1)

    expect(ledger.snapshot()).toEqual({
      dataforseo: { calls: 6, cacheHits: 1, cost: 0.06 },
      llm: { calls: 1, cacheHits: 1, cost: 0.4 },
      embeddings: { calls: 1, cacheHits: 5, cost: 0.000002 },
    })
    expect(ledger.snapshotByStage()).toEqual({
      seeds: { dataforseo: { calls: 3, cacheHits: 0, cost: 0.03 }, llm: { calls: 1, cacheHits: 1, cost: 0.4 } },
      refine: { embeddings: { calls: 1, cacheHits: 5, cost: 0.000002 } },
    })
    expect(Object.keys(ledger.snapshotByStage())).toEqual(['seeds', 'refine'])
    expect(ledger.paidCalls()).toBe(8)
  })
})
