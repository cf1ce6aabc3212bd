import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, insertKeyword } from '~tests/fixtures/rpc'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { articleProviders } from '~tests/fixtures/article-providers'
import { article } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { BANNED_REWRITE_TRIES, findBanned } from './banned-phrases'
import { generateArticle } from './generate'
import { ARTICLE_SCHEMAS } from './prompts'
import { rewriteSection } from './rewrite-section'

// The brand voice in the writing chain, on the mocks (docs/product/pipeline.md "Brand voice"): every
// prompt carries the profile, the standing instructions and the banned phrases, and a banned phrase
// the writer produces is asked away, or removed, so the saved article never holds one.
const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...imagesHandlers(), ...youtubeHandlers())
let app: TestApp
let providers: Providers
let cleanup: () => Promise<void>

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  ;({ providers, cleanup } = await articleProviders(app, fetchResultPage))
}, 60_000)
afterAll(async () => {
  await app?.close()
  network.close()
  await cleanup?.()
})

const BANNED = ['Game-changer', 'best in class']
const ASKED_AGAIN = 'Your previous answer used banned phrases'

interface Call {
  schemaName: string
  system: string
  prompt: string
}

/**
 * The demo LLM, with a writer that slips banned phrases in: into every section, the outline's title
 * and an FAQ answer on a first ask (always, with `stubborn`), and into the meta description always.
 */
function sloppyWriter(options: { stubborn: boolean }) {
  const calls: Call[] = []
  const llm = {
    model: providers.llm.model,
    generateText: providers.llm.generateText,
    async generateObject(request: { schemaName: string; system?: string; prompt: string }) {
      calls.push({ schemaName: request.schemaName, system: request.system ?? '', prompt: request.prompt })
      const answer = await providers.llm.generateObject(request as Parameters<Providers['llm']['generateObject']>[0])
      const slip = options.stubborn || !(request.system ?? '').includes(ASKED_AGAIN)
      const object = answer.object as Record<string, unknown>
      if (request.schemaName === ARTICLE_SCHEMAS.section && slip) {
        object.blocks = [...(object.blocks as string[]), 'Freshly roasted beans are a real game-changer for your morning cup.']
      }
      if (request.schemaName === ARTICLE_SCHEMAS.outline && slip) object.title = `${object.title as string}: the Game-Changer`
      if (request.schemaName === ARTICLE_SCHEMAS.meta) object.metaDescription = `Best in class beans. ${object.metaDescription as string}`
      if (request.schemaName === ARTICLE_SCHEMAS.faq) {
        const [first, ...rest] = object.questions as Array<{ question: string; answer: string }>
        object.questions = [{ ...first!, answer: `${first!.answer} Ours are best in class.` }, ...rest]
      }
      return answer
    },
  } as unknown as Providers['llm']
  return { calls, providers: { ...providers, llm } }
}

async function voicedRoaster() {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: `https://acme-${owner.userId.slice(0, 6).toLowerCase()}.example`,
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    valueProposition: 'Coffee roasted to order and on your doorstep within two days.',
    services: ['Coffee subscriptions'],
    targetAudiences: ['Home baristas'],
    voiceProfile: {
      summary: 'Short sentences in the first person plural, speaking to the reader as “you”.',
      sentenceLength: 'Short: about 11 words a sentence.',
      person: 'First person plural (we, our)',
      formality: 'Informal',
      useWords: ['roast date', 'dial in'],
      avoidWords: ['leverage'],
    },
    voiceInstructions: 'Mention the roast date where it matters.',
    bannedPhrases: BANNED,
  }))!
  const planned = await insertKeyword(app, business.id, { keyword: 'best espresso beans', status: 'scheduled', scheduledAt: new Date() })
  return { business, planned }
}

const job = (input: { businessId: string; keywordId: string; section?: string }, jobProviders: Providers) => ({
  input,
  jobId: crypto.randomUUID(),
  db: app.db,
  providers: jobProviders,
  signal: new AbortController().signal,
  progress: () => {},
})

async function savedText(keywordId: string) {
  const [row] = await app.db.select().from(article).where(eq(article.keywordId, keywordId))
  const { title, metaTitle, metaDescription, markdown, html, faq, outline, jsonLd, internalLinks, images } = row!
  return {
    row: row!,
    text: JSON.stringify({ title, metaTitle, metaDescription, markdown, html, faq, outline, jsonLd, internalLinks, images }),
  }
}

describe('brand voice in the writing chain', () => {
  it('gives every writing prompt the profile, the instructions and the banned phrases', async () => {
    const { business, planned } = await voicedRoaster()
    const writer = sloppyWriter({ stubborn: false })
    await generateArticle(job({ businessId: business.id, keywordId: planned.id }, writer.providers))
    const writing = writer.calls.filter((call) => Object.values(ARTICLE_SCHEMAS).includes(call.schemaName as never))
    expect(new Set(writing.map((call) => call.schemaName))).toEqual(new Set(Object.values(ARTICLE_SCHEMAS)))
    for (const call of writing) {
      expect(call.prompt).toContain('Voice: Short sentences in the first person plural')
      expect(call.prompt).toContain('Words to use:\n- roast date\n- dial in')
      expect(call.prompt).toContain('Banned phrases:\n- Game-changer\n- best in class')
      expect(call.system).toContain('The business’s standing instructions: Mention the roast date where it matters.')
      expect(call.system).toContain('Never use any of the Banned phrases')
    }
  })

  it('rewrites a section holding a banned phrase; the saved article holds none', async () => {
    const { business, planned } = await voicedRoaster()
    const writer = sloppyWriter({ stubborn: false })
    const result = await generateArticle(job({ businessId: business.id, keywordId: planned.id }, writer.providers))
    expect(result.resumed).toBe(false)
    const sectionAsks = writer.calls.filter((call) => call.schemaName === ARTICLE_SCHEMAS.section)
    const again = sectionAsks.filter((call) => call.system.includes(`${ASKED_AGAIN} (“Game-changer”)`))
    // Every section (and the introduction) was asked once, held the phrase, and was written again once.
    expect(again.length).toBeGreaterThanOrEqual(4)
    expect(sectionAsks.length).toBe(again.length * 2)
    expect(writer.calls.filter((call) => call.schemaName === ARTICLE_SCHEMAS.outline)).toHaveLength(2)
    const { row, text } = await savedText(planned.id)
    expect(findBanned(text, BANNED)).toEqual([])
    expect(row.title.length).toBeGreaterThan(10)
    expect(row.faq.length).toBeGreaterThanOrEqual(1)
    expect(row.metaDescription.length).toBeGreaterThan(50)
  })

  it('removes the sentence when the writer keeps using the phrase, keeping the rest of the section', async () => {
    const { business, planned } = await voicedRoaster()
    const writer = sloppyWriter({ stubborn: true })
    await generateArticle(job({ businessId: business.id, keywordId: planned.id }, writer.providers))
    const sectionAsks = writer.calls.filter((call) => call.schemaName === ARTICLE_SCHEMAS.section)
    expect(sectionAsks.length % (BANNED_REWRITE_TRIES + 1)).toBe(0)
    const { row, text } = await savedText(planned.id)
    expect(findBanned(text, BANNED)).toEqual([])
    expect(text).not.toContain('Freshly roasted beans are a real')
    for (const entry of row.outline.filter((item) => item.level === 'h2')) {
      const body = row.markdown.split(`## ${entry.heading}\n\n`)[1]?.split('\n## ')[0] ?? ''
      expect(body.trim().length).toBeGreaterThan(40)
    }
  })

  it('rewrites a section asked for by the user without the banned phrase', async () => {
    const { business, planned } = await voicedRoaster()
    await generateArticle(job({ businessId: business.id, keywordId: planned.id }, sloppyWriter({ stubborn: false }).providers))
    const { row } = await savedText(planned.id)
    const heading = row.outline.find((entry) => entry.level === 'h2')!.heading
    const writer = sloppyWriter({ stubborn: false })
    const result = await rewriteSection(job({ businessId: business.id, keywordId: planned.id, section: heading }, writer.providers))
    expect(result.resumed).toBe(false)
    expect(writer.calls.map((call) => call.system.includes(ASKED_AGAIN))).toEqual([false, true])
    const after = await savedText(planned.id)
    expect(after.row.version).toBe(2)
    expect(findBanned(after.text, BANNED)).toEqual([])
  })
})
