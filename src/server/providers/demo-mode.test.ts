import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '~/env'
import { demoHandlers, startDemoNetwork, stopDemoNetwork } from './demo-mode'
import { DEMO_GOOGLE_CLIENT_ID, DEMO_GOOGLE_CLIENT_SECRET } from '~/server/demo-network/google/demo-identity'
import { mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'

const noCredentials = parseEnv({ NODE_ENV: 'test' })
const realGoogle = parseEnv({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'real-id', GOOGLE_CLIENT_SECRET: 'real-secret' })

/** A plain local HTTP server: what a crawled site or the database looks like to the network. */
let local: Server
let localUrl: string
beforeAll(async () => {
  local = createServer((_request, response) => response.end('local answer'))
  await new Promise<void>((done) => local.listen(0, '127.0.0.1', done))
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((done) => local.close(() => done())))
afterEach(() => {
  stopDemoNetwork()
  resetMockRequestCounts()
})

const refreshGrant = () =>
  fetch('https://oauth2.googleapis.com/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'unknown',
      client_id: DEMO_GOOGLE_CLIENT_ID,
      client_secret: DEMO_GOOGLE_CLIENT_SECRET,
    }),
  })

describe('the demo network', () => {
  it('registers Google (OAuth and Search Console) while Google has no credentials', () => {
    expect(demoHandlers(noCredentials).providers).toContain('google')
    expect(demoHandlers(realGoogle).providers).not.toContain('google')
    expect(demoHandlers(noCredentials).handlers.length).toBeGreaterThan(demoHandlers(realGoogle).handlers.length)
  })

  it('answers demo vendors in-process and lets every other request through', async () => {
    expect(startDemoNetwork(noCredentials)).toContain('google')
    const response = await refreshGrant()
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    })
    expect(mockRequestCount('google')).toBe(1)
    expect(await (await fetch(localUrl)).text()).toBe('local answer')
  })

  it('installs once per process', async () => {
    const first = startDemoNetwork(noCredentials)
    expect(startDemoNetwork(realGoogle)).toEqual(first)
    await refreshGrant()
    // One interceptor: a second one would have answered (and counted) the request twice.
    expect(mockRequestCount('google')).toBe(1)
  })

  it('starts afresh after stopDemoNetwork (shutdown, dev reload)', async () => {
    startDemoNetwork(noCredentials)
    stopDemoNetwork()
    expect(startDemoNetwork(noCredentials)).toContain('google')
    await refreshGrant()
    expect(mockRequestCount('google')).toBe(1)
  })
})

describe('demo mode end to end: the app’s own clients, configured from an env with no credentials', () => {
  it('every provider is simulated, and each client gets a real-shaped answer without the network', async () => {
    const { z } = await import('zod')
    const { createLlmClientFromEnv } = await import('./llm/client')
    const { embeddingsClientFromEnv } = await import('./embeddings/select')
    const { LOCAL_EMBEDDINGS_DIMENSIONS } = await import('./embeddings/local')
    const { createImagesClientFromEnv } = await import('./images/client')
    const { dataForSeoClientFromEnv } = await import('./dataforseo/client')
    const { youTubeClientFromEnv } = await import('./youtube/client')
    // Embeddings are not simulated: the local embedder computes them (embeddings/select.ts).
    expect(startDemoNetwork(noCredentials).sort()).toEqual(['dataforseo', 'google', 'images', 'llm', 'polar', 'youtube'])

    const profile = await createLlmClientFromEnv(noCredentials).generateObject({
      schema: z.object({ name: z.string(), services: z.array(z.string()).min(1) }),
      schemaName: 'business_profile',
      prompt: 'Site title: Acme Roasters. Services: coffee subscriptions, wholesale coffee.',
    })
    expect(profile.object.name.length).toBeGreaterThan(0)
    const [vector] = await embeddingsClientFromEnv(noCredentials).embed(['coffee beans'], 'clustering')
    expect(vector).toHaveLength(LOCAL_EMBEDDINGS_DIMENSIONS)
    const image = await createImagesClientFromEnv(noCredentials).generate({ prompt: 'a coffee cup', size: '1024x1024' })
    expect(image.mimeType).toBe('image/png')
    const volumes = await dataForSeoClientFromEnv(noCredentials).searchVolume(['coffee beans'], {
      country: 'US',
      language: 'en',
    })
    expect(volumes.data[0].keyword).toBe('coffee beans')
    const videos = await youTubeClientFromEnv(noCredentials).searchVideos('pour over coffee')
    expect(videos.length).toBeGreaterThan(0)
    for (const vendor of ['llm', 'images', 'dataforseo', 'youtube'] as const) expect(mockRequestCount(vendor), vendor).toBe(1)
    expect(mockRequestCount('embeddings')).toBe(0)
  })

  it('a configured provider is left to its real service', () => {
    const withLlm = parseEnv({ NODE_ENV: 'test', LLM_API_KEY: 'sk-real', BILLING: 'off' })
    const { providers } = demoHandlers(withLlm)
    expect(providers).not.toContain('llm')
    // Nor is the Polar stand-in: billing is simulated in full demo mode only.
    expect(providers).not.toContain('polar')
    // A real paid engine means real users: Google's stand-in is off, not simulated.
    expect(providers).not.toContain('google')
    expect(providers).toContain('dataforseo')
  })
})
