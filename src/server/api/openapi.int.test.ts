import type { OpenAPI } from '@orpc/openapi'
import { Validator } from '@seriousme/openapi-schema-validator'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { answerOf, apiRequest, documentedRequest, operationsOf, seedApiAccount } from '~tests/fixtures/api'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { JOB_KINDS } from '~/server/app/job-kinds'
import { publication, publishing } from '~/server/db/schema'
import { startJobs, stopJobs } from '~/server/jobs'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { EXAMPLE_IDS } from './api-router'

/**
 * /api/v1/openapi.json is a valid OpenAPI 3.1 document (checked by a maintained validator against
 * the official schema), and every operation in it answers as it documents: its own example call,
 * with the example ids swapped for a real account's, gets the documented status and a body the
 * documented schema accepts.
 */
// Adding keywords measures them (keyword data, embeddings); the writes queue jobs, which no worker runs here.
const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...embeddingsHandlers())
let app: TestApp
let document: OpenAPI.Document
let resolved: OpenAPI.Document
let key: string
let ids: Record<string, string>

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  await startJobs(app.handle, { kinds: JOB_KINDS, providers: app.providers, work: false })
  const response = await apiRequest(app, '/openapi.json')
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  document = (await response.json()) as OpenAPI.Document
  const validator = new Validator()
  await validator.validate(structuredClone(document) as Record<string, unknown>)
  resolved = validator.resolveRefs() as unknown as OpenAPI.Document

  ;({ key, ids } = await seedApiAccount(app, {
    business: 'Example Roasters',
    plannedKeyword: 'coffee grinder guide',
    writtenKeyword: 'coffee storage tips',
    articleTitle: 'How to store coffee',
    webhookUrl: 'https://example.com/hook',
  }))
}, 60_000)
afterAll(async () => {
  await stopJobs()
  await app?.close()
  network.close()
})

describe('/api/v1/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    expect(document.openapi).toMatch(/^3\.1\./)
  })

  it('documents how to authenticate, every operation’s scope, errors and a curl example', () => {
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(['bearerAuth', 'apiKeyHeader'])
    for (const { operation } of operationsOf(document)) {
      expect(operation.summary, operation.operationId).toBeTruthy()
      expect(operation.description, operation.operationId).toMatch(/Needs a key with the \*\*(read|write|publish)\*\* scope\.$/)
      expect(Object.keys(operation.responses ?? {}), operation.operationId).toEqual(
        expect.arrayContaining(['400', '401', '403', '404', '409', '429']),
      )
      const [sample] = (operation as { 'x-codeSamples'?: { lang: string; source: string }[] })['x-codeSamples'] ?? []
      expect(sample?.source, operation.operationId).toMatch(/^curl .*\n {2}-H "Authorization: Bearer \$RANKPILOT_API_KEY"/)
    }
  })

  it('documents where an article is live, and articles.get answers it', async () => {
    const get = operationsOf(resolved).find(({ operation }) => operation.operationId === 'articles.get')!
    const schema = (get.operation.responses!['200'] as OpenAPI.ResponseObject).content!['application/json']!.schema as {
      properties: Record<string, { type: string; items: { properties: Record<string, unknown>; required: string[] } }>
    }
    expect(schema.properties.publications!.type).toBe('array')
    expect(schema.properties.publications!.items.required).toEqual(
      expect.arrayContaining(['type', 'status', 'url', 'upToDate', 'lastSyncedAt', 'lastError', 'liveCheck']),
    )

    // The seeded webhook took the article and answered its address (the draft stays a draft: only the address matters here),
    // where the live check found one image of two not loading.
    const liveCheck = {
      checkedAt: '2026-05-02T08:30:04.000Z',
      url: 'https://example.com/blog/how-to-store-coffee',
      revision: 1,
      live: true,
      pageStatus: 200,
      pageError: null,
      imagesTotal: 2,
      imagesChecked: 2,
      imagesLoaded: 1,
      broken: [{ url: 'https://example.com/images/jar.png', status: 404, reason: 'HTTP 404 (Not Found)' }],
    }
    const businessId = ids[EXAMPLE_IDS.businessId]!
    const articleId = ids[EXAMPLE_IDS.articleId]!
    const [hook] = await app.db.select({ id: publishing.id }).from(publishing).where(eq(publishing.businessId, businessId))
    await app.db.insert(publication).values({
      businessId,
      articleId,
      integrationId: hook!.id,
      status: 'published',
      externalId: 'post-7',
      url: 'https://example.com/blog/how-to-store-coffee',
      publishedRevision: 1,
      lastSyncedAt: new Date('2026-05-02T08:30:00Z'),
      liveCheck,
    })
    const { status, body } = await answerOf(await apiRequest(app, `/businesses/${businessId}/articles/${articleId}`, { key }))
    expect(status).toBe(200)
    expect(body!.publications).toEqual([
      {
        id: expect.any(String),
        type: 'webhook',
        status: 'published',
        url: 'https://example.com/blog/how-to-store-coffee',
        externalId: 'post-7',
        upToDate: true,
        lastSyncedAt: '2026-05-02T08:30:00.000Z',
        lastError: null,
        liveCheck,
      },
    ])
  })

  it('its curl examples are the calls the document describes', () => {
    const list = operationsOf(document).find(({ operation }) => operation.operationId === 'keywords.list')!
    const [sample] = (list.operation as unknown as { 'x-codeSamples': { source: string }[] })['x-codeSamples']
    expect(sample.source).toBe(
      [
        `curl -G 'http://localhost:3000/api/v1/businesses/${EXAMPLE_IDS.businessId}/keywords'`,
        '  -H "Authorization: Bearer $RANKPILOT_API_KEY"',
        "  --data-urlencode 'page=1'",
        "  --data-urlencode 'perPage=20'",
        "  --data-urlencode 'sort[0][id]=searchVolume'",
        "  --data-urlencode 'sort[0][desc]=true'",
        "  --data-urlencode 'filters[0][id]=keyword'",
        "  --data-urlencode 'filters[0][value]=coffee'",
        "  --data-urlencode 'filters[0][variant]=text'",
        "  --data-urlencode 'filters[0][operator]=iLike'",
        "  --data-urlencode 'filters[0][filterId]=kw000001'",
        "  --data-urlencode 'joinOperator=and'",
      ].join(' \\\n'),
    )
  })
})

/** Every operation, reads first, so the writes' effects (an approved article, a queued job) come after. */
const READS = ['businesses.list', 'businesses.get', 'keywords.list', 'keywords.explain', 'research.status', 'clusters.list'].concat([
  'articles.list',
  'articles.get',
  'integrations.list',
  'performance.get',
  'performance.top',
  'jobs.get',
])
const WRITES = ['keywords.add', 'research.start', 'articles.generate', 'articles.approve', 'articles.publish']

describe('every operation answers as documented for its example call', () => {
  it('covers every operation of the document', () => {
    expect([...READS, ...WRITES].sort()).toEqual(
      operationsOf(document)
        .map(({ operation }) => operation.operationId)
        .sort(),
    )
  })

  it.each([...READS, ...WRITES])('%s', async (operationId) => {
    const documented = operationsOf(resolved).find(({ operation }) => operation.operationId === operationId)!
    const { path, ...init } = documentedRequest(documented, ids)
    const { status, body } = await answerOf(await apiRequest(app, path, { ...init, key }))
    const [documentedStatus] = Object.keys(documented.operation.responses ?? {}).filter((code) => code.startsWith('2'))
    expect([status, status >= 400 ? body : 'ok']).toEqual([Number(documentedStatus), 'ok'])
    const success = documented.operation.responses![documentedStatus] as OpenAPI.ResponseObject
    const schema = success.content?.['application/json']?.schema
    expect(schema, `${operationId} documents its answer`).toBeDefined()
    const checked = z.fromJSONSchema(schema as never).safeParse(body ?? null)
    expect(checked.success ? 'matches' : checked.error.issues).toBe('matches')
  })
})
