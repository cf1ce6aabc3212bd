import { eq } from 'drizzle-orm'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, insertKeyword, rpcClient } from '~tests/fixtures/rpc'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { articleProviders } from '~tests/fixtures/article-providers'
import { article, business as businessTable } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { peopleAlsoAsk } from '~/server/demo-network/dataforseo/mock-serp'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { parseArticleMaterial } from '~/server/demo-network/llm/article-writer'
import { DEFAULT_LLM_BASE_URL } from '~/server/providers/llm/client'
import { chatCompletionResponse, llmHandlers } from '~/server/demo-network/llm/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { MAX_EXTRA_SECTIONS, plannedSections } from '~/shared/articles/length-target'
import { generateArticle } from './generate'
import { ARTICLE_SCHEMAS } from './prompts'

// Length that fits the SERP (docs/product/pipeline.md "Length"): the target is the fetched
// results' median clamped to the business's range; the outline is asked for the sections it
// needs; a short article gets sections on subjects the pages and "people also ask" raise, at most
// MAX_EXTRA_SECTIONS calls, and none once the writer has nothing new. The result pages are the
// fixture's (a median near 100 words), so the business's minimum sets the target.
const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...imagesHandlers(), ...youtubeHandlers())
let app: TestApp
let providers: Providers
let cleanup: () => Promise<void>

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  ;({ providers, cleanup } = await articleProviders(app, fetchResultPage))
}, 60_000)
afterEach(() => network.resetHandlers())
afterAll(async () => {
  await app?.close()
  network.close()
  await cleanup?.()
})

const KEYWORD = 'best espresso beans'
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']

async function roaster(range: { articleMinWords: number; articleMaxWords: number }) {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: `https://acme-${owner.userId.slice(0, 6).toLowerCase()}.example`,
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    services: ['Coffee subscriptions'],
    language: 'English',
    addYoutubeVideo: false,
    includeInfographics: false,
    ...range,
  }))!
  const planned = await insertKeyword(app, business.id, { keyword: KEYWORD, status: 'scheduled', scheduledAt: new Date() })
  return { owner, business, planned, client: rpcClient(app, owner.cookie) }
}

const run = (businessId: string, keywordId: string) =>
  generateArticle({
    input: { businessId, keywordId },
    jobId: crypto.randomUUID(),
    db: app.db,
    providers,
    signal: new AbortController().signal,
    progress: () => {},
  })

const completion = (object: unknown) => chatCompletionResponse(JSON.stringify(object), { id: 'chatcmpl-length' })

/**
 * Records the outline request and every section heading asked for; sections are answered by
 * `write` (from the section's heading), everything else by the mock writer.
 */
function recordWriting(write: (heading: string) => string[]) {
  const seen = { outline: { system: '', prompt: '' }, sections: [] as string[] }
  network.use(
    http.post(`${DEFAULT_LLM_BASE_URL}/chat/completions`, async ({ request }) => {
      const body = (await request.clone().json()) as {
        response_format?: { json_schema?: { name?: string } }
        messages: Array<{ role: string; content: string }>
      }
      const name = body.response_format?.json_schema?.name
      if (name === ARTICLE_SCHEMAS.outline) {
        seen.outline = {
          system: body.messages.find((message) => message.role === 'system')!.content,
          prompt: body.messages.find((message) => message.role === 'user')!.content,
        }
        return undefined
      }
      if (name !== ARTICLE_SCHEMAS.section) return undefined
      const material = parseArticleMaterial(body.messages.map((message) => message.content).join('\n'))
      const heading = material.fields.get('section heading')!
      seen.sections.push(heading)
      return completion({ blocks: write(heading) })
    }),
  )
  return seen
}

/** About 150 words of sentences of the heading's own: new material in every section. */
const ownMaterial = (heading: string) =>
  ORDINALS.slice(0, 3).map((paragraph) =>
    ORDINALS.slice(0, 4)
      // A listicle's item number ("1. …") is left out: a number in a sentence needs a citation.
      .map(
        (sentence) =>
          `The ${sentence} point of ${paragraph} part on ${heading.replace(/^\d+\.\s*|[?.]$/g, '').toLowerCase()} stands here alone.`,
      )
      .join(' '),
  )

const sectionsOf = (markdown: string) => [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]!)

describe('article length on the mocks', () => {
  it('plans for the target, then writes sections on subjects the sources raise until the target is met', async () => {
    const { business, planned, client } = await roaster({ articleMinWords: 1500, articleMaxWords: 3000 })
    const seen = recordWriting(ownMaterial)
    const result = await run(business.id, planned.id)
    const sectionsWanted = plannedSections(1500)

    // The outline was asked for the target's length and sections.
    expect(seen.outline.system).toContain(`about 1,500 words in ${sectionsWanted} sections`)
    expect(seen.outline.prompt).toContain(`Target length: 1,500 words\nSections: ${sectionsWanted}`)

    const { length } = result as Extract<typeof result, { length: unknown }>
    expect(length.target).toBe(1500)
    expect(length.extraSections).toBeGreaterThan(0)
    expect(length.extraCalls).toBeLessThanOrEqual(MAX_EXTRA_SECTIONS)
    // The introduction, the planned sections, then the added ones: no other section call.
    expect(seen.sections).toHaveLength(1 + length.plannedSections + length.extraCalls)
    const added = seen.sections.slice(1 + length.plannedSections)
    // Each added subject is one the pages or "people also ask" raise, none a planned heading.
    const questions = peopleAlsoAsk(KEYWORD)
    const pageHeadings = ['Dose and yield', 'Water temperature', 'Grind size', 'Common mistakes', 'Roast date', 'Origin and process']
    for (const heading of added) {
      expect([...questions, ...pageHeadings, 'Storage', 'How often to order', 'Whole bean or ground', 'Cancelling']).toContain(heading)
      expect(seen.sections.slice(1, 1 + length.plannedSections)).not.toContain(heading)
    }

    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    // The added sections are in the article, with their own material; the body reached the target (within 10%).
    const headings = sectionsOf(written!.markdown)
    for (const heading of added) expect(headings).toContain(heading)
    expect(written!.targetWords).toBe(1500)
    expect(written!.serpPagesRead).toBeGreaterThan(0)
    expect(length.words).toBe(written!.wordCount)
    expect(written!.wordCount).toBeGreaterThanOrEqual(1350)
    // The score measures the article against its target, and article.get answers it.
    const lengthCheck = written!.seoChecks.find((check) => check.id === 'contentLength')!
    expect(lengthCheck.detail).toContain('the target is 1,500')
    const api = await client.article.get({ businessId: business.id, articleId: written!.id })
    expect(api).toMatchObject({ targetWords: 1500, wordCount: written!.wordCount, serpPagesRead: written!.serpPagesRead })

    // An edit is scored against the same target: a cut article fails the length check with the words it lacks.
    const shortened = written!.markdown.split('\n## ').slice(0, 3).join('\n## ')
    const input = {
      businessId: business.id,
      articleId: written!.id,
      metaTitle: written!.metaTitle,
      metaDescription: written!.metaDescription,
    }
    const preview = await client.article.preview({ ...input, markdown: shortened })
    expect(preview.seoChecks.find((check) => check.id === 'contentLength')).toMatchObject({
      passed: false,
      detail: expect.stringContaining('the target is 1,500'),
    })
    const saved = await client.article.save({ ...input, markdown: shortened, revision: written!.revision })
    expect(saved.seoChecks.find((check) => check.id === 'contentLength')!.detail).toContain('the target is 1,500')
    expect((await client.article.get({ businessId: business.id, articleId: written!.id })).targetWords).toBe(1500)
  })

  it('never pads: sections that bring nothing new are not kept and no more are asked for', async () => {
    const { business, planned } = await roaster({ articleMinWords: 2000, articleMaxWords: 3000 })
    const same = ['Fresh beans matter more than any gadget for a good shot at home.', 'Taste as you go and change one thing at a time.']
    const seen = recordWriting(() => same)
    const result = await run(business.id, planned.id)
    const { length } = result as Extract<typeof result, { length: unknown }>
    // Short of 2,000 words, it tried once (as many sections at once as the shortfall needed, at most three) and stopped.
    expect(length.extraRounds).toBe(1)
    expect(length.extraCalls).toBeGreaterThan(0)
    expect(length.extraCalls).toBeLessThanOrEqual(MAX_EXTRA_SECTIONS)
    expect(length.extraSections).toBe(0)
    expect(seen.sections).toHaveLength(1 + length.plannedSections + length.extraCalls)
    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    const added = seen.sections.slice(1 + length.plannedSections)
    for (const heading of added) expect(sectionsOf(written!.markdown)).not.toContain(heading)
    expect(written!.targetWords).toBe(2000)
  })

  it('writes no extra section when the planned ones meet a target the business set low', async () => {
    const { business, planned } = await roaster({ articleMinWords: 300, articleMaxWords: 300 })
    const seen = recordWriting(ownMaterial)
    const result = await run(business.id, planned.id)
    const { length } = result as Extract<typeof result, { length: unknown }>
    expect(seen.outline.system).toContain(`about 300 words in ${plannedSections(300)} sections`)
    expect(length).toMatchObject({ target: 300, extraCalls: 0, extraRounds: 0, extraSections: 0 })
    expect(seen.sections).toHaveLength(1 + length.plannedSections)
    const [row] = await app.db.select({ min: businessTable.articleMinWords }).from(businessTable).where(eq(businessTable.id, business.id))
    expect(row!.min).toBe(300)
  })
})
