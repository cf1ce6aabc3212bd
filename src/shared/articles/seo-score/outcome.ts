import type { SeoScoreInput } from './checks'
import type { OutlineBlock } from './outline'

// What a check returns, the facts every check reads, and the number words of their sentences.

export interface Outcome {
  passed: boolean
  /** Share of the weight a failing check earns, 0–1. */
  share: number
  detail: string
  hint: string | null
}

export const pass = (detail: string): Outcome => ({ passed: true, share: 1, detail, hint: null })
export const fail = (detail: string, hint: string, share = 0): Outcome => ({ passed: false, share, detail, hint })

export const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US')
export const count = (value: number, one: string, many = `${one}s`) => `${formatNumber(value)} ${value === 1 ? one : many}`
export const characters = (text: string) => Array.from(text.trim()).length

/** What the checks measure, read once from the input. */
export interface ArticleFacts {
  input: SeoScoreInput
  quotedKeyword: string
  blocks: OutlineBlock[]
  h1: OutlineBlock[]
  words: number
  links: { internal: number; external: number }
}
