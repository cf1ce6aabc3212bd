import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpcClient } from '~tests/fixtures/rpc'
import type { TestApp } from '~tests/fixtures/test-app'
import type { TestSite } from '~tests/fixtures/test-site'
import { startBusinessSite } from '~tests/fixtures/setup-test-site'
import { startSetupTestEnv, waitForJob } from '~tests/fixtures/setup-test-env'

// Step 1's failed analysis is kept with the analysis (its job run) and shown again after a reload
// until a later analysis succeeds or the user saves the profile by hand (docs/product/pipeline.md).
let env: Awaited<ReturnType<typeof startSetupTestEnv>>
let app: TestApp
let site: TestSite
let owner: { userId: string; cookie: string }
let stranger: { userId: string; cookie: string }
let closedOrigin: string

beforeAll(async () => {
  env = await startSetupTestEnv()
  app = env.app
  site = await startBusinessSite()
  owner = await app.signUp({ plan: 'Growth' })
  stranger = await app.signUp({ plan: 'Growth' })
  // A port nothing listens on: the connection is refused.
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
}, 60_000)
afterAll(async () => {
  await site?.close()
  await env?.close()
})

async function failedAnalysis() {
  const client = rpcClient(app, owner.cookie)
  const { jobId } = await client.setup.analyze({ url: closedOrigin })
  expect((await waitForJob(app, jobId)).state).toBe('failed')
  return jobId
}

describe('setup.analysisFailure', () => {
  it('keeps a failed analysis’s sentence across reloads, for its owner only, until a later analysis succeeds', async () => {
    const client = rpcClient(app, owner.cookie)
    expect(await client.setup.analysisFailure()).toBeNull()
    const jobId = await failedAnalysis()
    const message = `We could not reach ${new URL(closedOrigin).host} (connection refused).`
    const expected = { jobId, url: closedOrigin, message, failedAt: expect.any(Date) }
    expect(await client.setup.analysisFailure()).toEqual(expected)
    // A reload asks again and gets the same answer.
    expect(await rpcClient(app, owner.cookie).setup.analysisFailure()).toEqual(expected)
    expect(await rpcClient(app, stranger.cookie).setup.analysisFailure()).toBeNull()

    const { jobId: later } = await client.setup.analyze({ url: site.origin })
    expect((await waitForJob(app, later)).state).toBe('completed')
    expect(await client.setup.analysisFailure()).toBeNull()
  }, 60_000)

  it('clears once the profile is filled in by hand and saved', async () => {
    const client = rpcClient(app, owner.cookie)
    await failedAnalysis()
    expect((await client.setup.analysisFailure())?.message).toMatch(/connection refused/)
    await client.setup.saveBusiness({
      profile: { name: 'Leeds Sourdough', url: 'https://leeds-sourdough.example', description: 'Sourdough and rye, baked in Leeds.' },
    })
    expect(await client.setup.analysisFailure()).toBeNull()
  }, 60_000)
})
