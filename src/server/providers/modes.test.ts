import { describe, expect, it } from 'vitest'
import { parseEnv, type Env } from '~/env'
import { billingMode, isFullDemo, livePaidEngines, providerModes, simulatedProviders } from './modes'

const parse = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'test', ...extra })

describe('billing mode', () => {
  it.each([
    ['nothing configured (full demo mode)', {}, 'demo'],
    ['POLAR_ACCESS_TOKEN', { POLAR_ACCESS_TOKEN: 'polar_oat_1' }, 'live'],
    ['BILLING=off', { BILLING: 'off' }, 'off'],
    ['a live LLM and BILLING=off', { LLM_BASE_URL: 'http://localhost:11434/v1', BILLING: 'off' }, 'off'],
    ['a live LLM and Polar', { LLM_API_KEY: 'sk-real', POLAR_ACCESS_TOKEN: 'polar_oat_1' }, 'live'],
    ['keyword data and BILLING=off', { DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'pw', BILLING: 'off' }, 'off'],
    ['a YouTube key only (not a paid engine)', { YOUTUBE_API_KEY: 'yt' }, 'demo'],
  ])('%s → %s', (_, extra, expected) => {
    const env = parse(extra)
    expect(billingMode(env)).toBe(expected)
    expect(providerModes(env).polar).toBe(expected)
  })

  it('is never the stand-in beside a real paid engine, even with the start-up check bypassed', () => {
    // parseEnv refuses this configuration; a hand-built one must still not simulate billing.
    const bypassed: Env = { ...parse(), IMAGES_API_KEY: 'sk-real' }
    expect(billingMode(bypassed)).toBe('live')
    expect(isFullDemo(bypassed)).toBe(false)
    expect(simulatedProviders(bypassed)).not.toContain('polar')
  })

  it('names the live paid engines in display order', () => {
    expect(livePaidEngines(parse())).toEqual([])
    expect(livePaidEngines(parse({ DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'pw', LLM_API_KEY: 'sk', BILLING: 'off' }))).toEqual([
      'AI writing',
      'Keyword data',
    ])
    // DataForSEO needs both halves of its login.
    expect(livePaidEngines({ ...parse(), DATAFORSEO_LOGIN: 'me' })).toEqual([])
  })
})

describe('full demo mode and the simulated services (the demo banner)', () => {
  it('lists Billing as simulated in full demo mode only', () => {
    const demo = parse()
    expect(isFullDemo(demo)).toBe(true)
    // Embeddings are computed locally, for real: never in the banner.
    expect(simulatedProviders(demo)).toEqual(['llm', 'images', 'dataforseo', 'youtube', 'google', 'polar'])
    expect(providerModes(demo).embeddings).toBe('local')
  })

  it('self-hosted (BILLING=off): billing is off, not simulated, and the demo-only stand-ins are gone', () => {
    const selfHosted = parse({ BILLING: 'off' })
    expect(isFullDemo(selfHosted)).toBe(false)
    expect(providerModes(selfHosted)).toMatchObject({ polar: 'off', google: 'off', llm: 'demo' })
    expect(simulatedProviders(selfHosted)).toEqual(['llm', 'images', 'dataforseo', 'youtube'])

    const withLlm = parse({ LLM_API_KEY: 'sk-real', BILLING: 'off' })
    // The LLM endpoint provides embeddings too (or the local embedder does): not simulated.
    expect(simulatedProviders(withLlm)).toEqual(['images', 'dataforseo', 'youtube'])
  })

  it('with live Polar, billing is real and not in the banner', () => {
    const live = parse({ POLAR_ACCESS_TOKEN: 'polar_oat_1', LLM_API_KEY: 'sk-real' })
    expect(isFullDemo(live)).toBe(false)
    expect(simulatedProviders(live)).not.toContain('polar')
  })
})
