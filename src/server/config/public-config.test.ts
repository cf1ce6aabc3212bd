import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/env'
import { readPublicConfig } from './public-config'

/** The browser's copy of the billing mode (the access gate) and of the simulated services (the demo banner). */
describe('readPublicConfig', () => {
  const withEnv = (values: Record<string, string>) => {
    Object.assign(process.env, values)
    resetEnvCache()
    return readPublicConfig()
  }
  afterEach(() => {
    for (const name of ['BILLING', 'LLM_BASE_URL', 'POLAR_ACCESS_TOKEN']) delete process.env[name]
    resetEnvCache()
  })

  it('full demo mode: billing is the stand-in and the banner names it', () => {
    const config = withEnv({})
    expect(config.billing).toBe('demo')
    expect(config.demo).toEqual({ simulated: expect.arrayContaining(['AI writing', 'Billing']), account: true, googleStandIn: true })
  })

  it('self-hosted: billing is off, and the banner does not name it', () => {
    const config = withEnv({ BILLING: 'off', LLM_BASE_URL: 'http://127.0.0.1:9/v1' })
    expect(config.billing).toBe('off')
    expect(config.demo).toEqual({ simulated: ['Images', 'Keyword data', 'YouTube'], account: false, googleStandIn: false })
  })

  it('live Polar: billing is live and not in the banner', () => {
    const config = withEnv({ POLAR_ACCESS_TOKEN: 'polar_oat_1' })
    expect(config.billing).toBe('live')
    expect(config.demo?.simulated).not.toContain('Billing')
  })
})
