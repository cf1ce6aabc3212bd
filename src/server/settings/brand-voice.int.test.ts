import { createRouterClient } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { router } from '~/server/app/router'
import { business, user } from '~/server/db/schema'
import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { createTestApp, withoutCookieCache, type TestApp } from '~tests/fixtures/test-app'
import { insertBusiness, rejectionOf, rpcContext } from '~tests/fixtures/rpc'

// settings.deriveVoice / settings.updateVoice (docs/product/pipeline.md "Brand voice"): samples are
// read through the web provider (a fake fetcher here, never the network), the profile comes from the
// demo LLM (msw), and only the caller's current business is ever read or changed.
const network = setupServer(...llmHandlers())
let app: TestApp

const CASUAL_POST = [
  "We roast every Monday, and we're a little obsessed. You'll taste it the moment you open the bag!",
  "Our beans don't sit around. We ship them fast, and you brew them fresh. That's the whole trick.",
  "You've got questions? We've got answers. Our roasters love talking beans, so just ask us!",
  "We'll never sell you stale beans. You deserve better mornings, and we're here for them.",
].join(' ')

const FORMAL_POST = [
  'The organisation evaluates procurement requirements across multiple jurisdictions before any contract is executed.',
  'Regulatory documentation is maintained by the compliance department, which reviews each submission against applicable standards.',
  'Clients receive a comprehensive assessment, and their representatives are consulted regarding implementation timelines.',
  'The compliance department subsequently publishes an assessment summary for stakeholders and their advisors.',
].join(' ')

const PAGES: Record<string, string> = {
  'https://acme-voice.example/journal/monday-roast': `<!doctype html><html><head><title>Monday roast</title></head><body>
    <nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
    <article><h1>Why we roast on Mondays</h1><p>${CASUAL_POST}</p><p>${CASUAL_POST}</p></article>
    <footer>© Acme</footer></body></html>`,
  'https://acme-voice.example/journal/empty': '<!doctype html><html><body><p>Hi.</p></body></html>',
}

/** Serves PAGES; any other address answers 404, as the safe fetcher reports it. */
const fetched: string[] = []
const fakeFetch: SafeFetcher = async (url) => {
  fetched.push(url)
  const html = PAGES[url]
  if (!html)
    throw new SafeFetchError({
      kind: 'http_status',
      url,
      status: 404,
      message: `We could not reach ${url}: the site answered 404 (Not Found).`,
    })
  const body = Buffer.from(html)
  return { url, status: 200, contentType: 'text/html; charset=utf-8', body, text: () => html }
}

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
  network.close()
})

const clientFor = (cookie: string) =>
  createRouterClient(router, { context: rpcContext(app, cookie, { providers: { ...app.providers, web: { fetch: fakeFetch } } }) })

async function userWithBusiness() {
  const account = await app.signUp({ plan: 'Growth' })
  const row = await insertBusiness(app, account.userId)
  return { ...account, business: row, client: clientFor(account.cookie) }
}

const rowOf = async (id: string) => (await app.db.select().from(business).where(eq(business.id, id)))[0]!

const edited = {
  profile: {
    summary: 'Short, warm sentences.',
    sentenceLength: 'Short',
    person: 'We, to you',
    formality: 'Informal',
    useWords: ['roast date'],
    avoidWords: ['synergy'],
  },
  instructions: 'Mention the roast date.',
  bannedPhrases: ['game-changer', 'Best in class'],
}

describe('settings.deriveVoice', () => {
  it('reads a post’s address (main text only) and pasted text, derives a profile from them and saves both', async () => {
    const { client, business: row } = await userWithBusiness()
    fetched.length = 0
    const samples = [
      { kind: 'url' as const, url: 'https://acme-voice.example/journal/monday-roast' },
      { kind: 'text' as const, text: ` ${CASUAL_POST} ` },
    ]
    const saved = await client.settings.deriveVoice({ samples })
    expect(fetched).toEqual(['https://acme-voice.example/journal/monday-roast'])
    expect(saved.voice.samples).toEqual([samples[0], { kind: 'text', text: CASUAL_POST }])
    expect(saved.voice.profile).toMatchObject({
      person: expect.stringMatching(/^First person plural \(we, our\), speaking to the reader as “you”/),
      formality: expect.stringMatching(/^Informal/),
      sentenceLength: expect.stringMatching(/^Short/),
      useWords: expect.arrayContaining(['beans']),
    })
    // The navigation and footer are not the post: the words measured are the article's.
    expect(saved.voice.profile!.useWords).not.toContain('shop')
    expect(Date.parse(saved.voice.derivedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(await client.settings.get()).toEqual(saved)
    expect((await rowOf(row.id)).voiceProfile).toEqual(saved.voice.profile)
  })

  it('derives different, plausible profiles from two different voices', async () => {
    const { client } = await userWithBusiness()
    const casual = (await client.settings.deriveVoice({ samples: [{ kind: 'text', text: CASUAL_POST }] })).voice.profile!
    const formal = (
      await client.settings.deriveVoice({
        samples: [
          { kind: 'text', text: FORMAL_POST },
          { kind: 'text', text: FORMAL_POST },
        ],
      })
    ).voice.profile!
    expect(formal.person).toMatch(/^Third person/)
    expect(formal.formality).toMatch(/^Formal/)
    expect(formal.sentenceLength).toMatch(/^(Medium-length|Long)/)
    expect(formal.useWords).toEqual(expect.arrayContaining(['compliance', 'assessment']))
    expect(casual.person).not.toBe(formal.person)
    expect(casual.formality).not.toBe(formal.formality)
    expect(casual.useWords).not.toEqual(formal.useWords)
  })

  it.each([
    [
      'an address that answers 404',
      [
        { kind: 'text', text: CASUAL_POST },
        { kind: 'url', url: 'https://acme-voice.example/gone' },
      ],
      'VOICE_SAMPLE_UNREADABLE',
      'Sample 2: We could not reach https://acme-voice.example/gone: the site answered 404 (Not Found).',
      ['samples', 1],
    ],
    [
      'a page with almost no text',
      [{ kind: 'url', url: 'https://acme-voice.example/journal/empty' }],
      'VOICE_SAMPLE_UNREADABLE',
      'Sample 1: https://acme-voice.example/journal/empty has almost no readable text. Paste the post’s text instead.',
      ['samples', 0],
    ],
    [
      'samples too short to measure',
      [{ kind: 'text', text: 'We roast beans. You brew them.' }],
      'VOICE_SAMPLES_TOO_SHORT',
      'The samples have 6 words; a voice needs at least 60. Add a longer post.',
      ['samples'],
    ],
  ] as const)('refuses %s under the samples field and saves nothing', async (_name, samples, reason, message, path) => {
    const { client, business: row } = await userWithBusiness()
    const before = await rowOf(row.id)
    const error = await rejectionOf(client.settings.deriveVoice({ samples: [...samples] }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message, data: { reason, issues: [{ message, path: [...path] }] } })
    expect(await rowOf(row.id)).toEqual(before)
  })

  it('refuses a sixth sample and a non-web address with the schema’s message, reading nothing', async () => {
    const { client } = await userWithBusiness()
    fetched.length = 0
    const six = Array.from({ length: 6 }, () => ({ kind: 'text' as const, text: CASUAL_POST }))
    expect(await rejectionOf(client.settings.deriveVoice({ samples: six }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Add at most 5 sample posts.',
      data: { reason: 'INVALID_INPUT' },
    })
    expect(await rejectionOf(client.settings.deriveVoice({ samples: [{ kind: 'url', url: 'file:///etc/passwd' }] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Sample URL must start with http:// or https://.',
    })
    expect(fetched).toEqual([])
  })
})

describe('settings.updateVoice', () => {
  it('saves the edited profile, the standing instructions and the banned phrases', async () => {
    const { client, business: row } = await userWithBusiness()
    const saved = await client.settings.updateVoice({ ...edited, bannedPhrases: [...edited.bannedPhrases, ' game-changer ', ''] })
    expect(saved.voice).toMatchObject({ profile: edited.profile, instructions: edited.instructions, bannedPhrases: edited.bannedPhrases })
    expect(await rowOf(row.id)).toMatchObject({
      voiceProfile: edited.profile,
      voiceInstructions: edited.instructions,
      bannedPhrases: edited.bannedPhrases,
    })
  })

  it.each([
    ['51 banned phrases', { bannedPhrases: Array.from({ length: 51 }, (_, i) => `w${i}`) }, 'Ban at most 50 words or phrases.'],
    ['a banned phrase over 60 characters', { bannedPhrases: ['x'.repeat(61)] }, 'A banned word or phrase can be at most 60 characters.'],
    ['instructions over 2,000 characters', { instructions: 'x'.repeat(2_001) }, 'Standing instructions can be at most 2,000 characters.'],
  ])('refuses %s with the schema’s message and saves nothing', async (_name, change, message) => {
    const { client, business: row } = await userWithBusiness()
    const before = await rowOf(row.id)
    const error = await rejectionOf(client.settings.updateVoice({ ...edited, ...change }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message, data: { reason: 'INVALID_INPUT' } })
    expect(await rowOf(row.id)).toEqual(before)
  })
})

describe('ownership', () => {
  it('a selection forged to point at another user’s business is FORBIDDEN for both procedures; nothing is read or written', async () => {
    const victim = await userWithBusiness()
    const attacker = await userWithBusiness()
    await app.db.update(user).set({ selectedBusiness: victim.business.id }).where(eq(user.id, attacker.userId))
    const client = clientFor(withoutCookieCache(attacker.cookie))
    const before = await rowOf(victim.business.id)
    fetched.length = 0
    for (const call of [
      () => client.settings.deriveVoice({ samples: [{ kind: 'url', url: 'https://acme-voice.example/journal/monday-roast' }] }),
      () => client.settings.updateVoice(edited),
    ]) {
      const error = await rejectionOf(call())
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have access to the selected business.' })
    }
    expect(fetched).toEqual([])
    expect(await rowOf(victim.business.id)).toEqual(before)
  })
})
