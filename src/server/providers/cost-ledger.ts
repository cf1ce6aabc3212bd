import type { LlmUsage } from '~/server/providers/llm/client'

/**
 * What a research run spent: per provider, calls made, answers served from our caches, and the
 * estimated cost in US dollars. DataForSEO reports each task's cost; LLM and embedding costs are
 * estimated from tokens at the list prices below (a small model; change them with the model).
 */
export interface ProviderTally {
  calls: number
  cacheHits: number
  cost: number
}

export type ProviderName = 'dataforseo' | 'llm' | 'embeddings'

/** US dollars per million tokens. */
export const LLM_PRICE_PER_MILLION = { input: 0.4, output: 1.6 }
export const EMBEDDING_PRICE_PER_MILLION = 0.02

const roundedCost = (tally: ProviderTally): ProviderTally => ({ ...tally, cost: Math.round(tally.cost * 1e6) / 1e6 })

/**
 * The run's totals (`initial`: what earlier attempts of the same run spent), and the same tallies
 * per stage for this attempt: `stage(name)` says which stage the following calls belong to.
 */
export function createLedger(initial: Record<string, ProviderTally> = {}) {
  const tallies = new Map<string, ProviderTally>(Object.entries(initial).map(([name, tally]) => [name, { ...tally }]))
  const byStage = new Map<string, Map<string, ProviderTally>>()
  let currentStage: Map<string, ProviderTally> | undefined
  const tallyIn = (map: Map<string, ProviderTally>, name: ProviderName) => {
    let tally = map.get(name)
    if (!tally) map.set(name, (tally = { calls: 0, cacheHits: 0, cost: 0 }))
    return tally
  }
  const talliesOf = (name: ProviderName) => [tallyIn(tallies, name), ...(currentStage ? [tallyIn(currentStage, name)] : [])]
  return {
    /** The stage the calls from now on are counted for. */
    stage(name: string) {
      currentStage = byStage.get(name) ?? new Map()
      byStage.set(name, currentStage)
    },
    /** A paid call (or several), with its cost. */
    paid(name: ProviderName, calls: number, cost: number) {
      for (const tally of talliesOf(name)) {
        tally.calls += calls
        tally.cost += cost
      }
    },
    /** Answers our caches gave instead of the provider. */
    cached(name: ProviderName, hits: number) {
      for (const tally of talliesOf(name)) tally.cacheHits += hits
    },
    llm(usage: LlmUsage) {
      this.paid('llm', 1, (usage.inputTokens * LLM_PRICE_PER_MILLION.input + usage.outputTokens * LLM_PRICE_PER_MILLION.output) / 1e6)
    },
    embeddings(texts: string[], fetched: number) {
      if (fetched === 0) return
      const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0)
      this.paid('embeddings', Math.ceil(fetched / 96), (tokens * EMBEDDING_PRICE_PER_MILLION) / 1e6)
    },
    snapshot(): Record<string, ProviderTally> {
      return Object.fromEntries([...tallies].map(([name, tally]) => [name, roundedCost(tally)]))
    },
    /** Per stage of this attempt, in the order the stages began: each provider's tally. */
    snapshotByStage(): Record<string, Record<string, ProviderTally>> {
      return Object.fromEntries(
        [...byStage].map(([stage, stageTallies]) => [
          stage,
          Object.fromEntries([...stageTallies].map(([name, tally]) => [name, roundedCost(tally)])),
        ]),
      )
    },
    totalCost(): number {
      return Math.round([...tallies.values()].reduce((sum, tally) => sum + tally.cost, 0) * 1e6) / 1e6
    },
    paidCalls(): number {
      return [...tallies.values()].reduce((sum, tally) => sum + tally.calls, 0)
    },
  }
}

export type Ledger = ReturnType<typeof createLedger>
