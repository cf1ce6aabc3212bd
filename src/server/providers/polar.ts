import { createHmac } from 'node:crypto'
import { Polar } from '@polar-sh/sdk'
import type { Env } from '~/env'
import { providerModes } from './modes'

/**
 * The Polar SDK client and its secrets. In full demo mode (no POLAR_ACCESS_TOKEN and no paid
 * engine configured: billingMode in src/server/providers/modes.ts) Polar runs on its stand-in: the
 * same SDK calls are answered by the in-process Polar mock (src/server/demo-network/polar/mock.ts)
 * that demo-network.ts installs, so every code path below is the live one. With BILLING=off no
 * code path calls Polar: checkout and portal are refused, no plan is metered.
 */

export type PolarEnv = Pick<Env, 'POLAR_ACCESS_TOKEN' | 'POLAR_WEBHOOK_SECRET' | 'POLAR_SERVER' | 'BETTER_AUTH_SECRET'> &
  Parameters<typeof providerModes>[0]

/** Any token but "wrong" is accepted by the mock; this one says where it came from (and fails on the real Polar). */
const DEMO_ACCESS_TOKEN = 'polar_oat_rankpilot_demo'

export const polarIsDemo = (env: PolarEnv) => providerModes(env).polar === 'demo'

export function createPolarClient(env: PolarEnv): Polar {
  return new Polar({ accessToken: env.POLAR_ACCESS_TOKEN ?? DEMO_ACCESS_TOKEN, server: env.POLAR_SERVER })
}

/**
 * The secret webhooks are verified with. Live Polar: POLAR_WEBHOOK_SECRET only — without it every
 * webhook is refused ("Polar webhook secret not found"), never accepted unverified. Demo mode: the
 * configured one, else one derived from BETTER_AUTH_SECRET, so the stand-in checkout signs its
 * webhooks exactly as Polar would and the real verification path runs.
 */
export function polarWebhookSecret(env: PolarEnv): string | undefined {
  if (env.POLAR_WEBHOOK_SECRET) return env.POLAR_WEBHOOK_SECRET
  if (!polarIsDemo(env)) return undefined
  return `polar_whs_demo_${createHmac('sha256', env.BETTER_AUTH_SECRET).update('rankpilot polar demo webhooks').digest('base64url')}`
}
