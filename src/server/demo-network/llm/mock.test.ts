import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLlmClient } from '~/server/providers/llm/client'
import { llmHandlers } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

// Three schemas of the kind later issues use; the mock must satisfy each from the prompt alone.
const businessProfileSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(20).max(300),
  industry: z.string().min(2),
  services: z.array(z.string().min(2)).min(1).max(8),
  targetAudience: z.string(),
  url: z.url(),
  language: z.string().length(2),
  tone: z.enum(['formal', 'friendly', 'playful', 'authoritative']),
  competitors: z.array(z.object({ name: z.string(), url: z.url().nullable() })).max(3),
})

const keywordListSchema = z.object({
  keywords: z
    .array(
      z.object({
        keyword: z.string().min(2).max(80),
        intent: z.enum(['informational', 'commercial', 'transactional', 'navigational']),
        priority: z.number().int().min(1).max(10),
      }),
    )
    .min(8)
    .max(15),
})

const outlineSchema = z.object({
  title: z.string().min(10).max(70),
  metaDescription: z.string().min(50).max(160),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  sections: z
    .array(z.object({ heading: z.string(), points: z.array(z.string()).min(2).max(4) }))
    .min(4)
    .max(8),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
  readingMinutes: z.number().min(3).max(20),
})

const crawledPage = `Analyse this crawled page and describe the business behind it.
URL: https://www.harbourlightbakery.co.uk/
Title: Harbour Light Bakery | Sourdough and celebration cakes in Bristol
Meta description: A family bakery on Bristol's harbourside baking slow sourdough, pastries and celebration cakes every morning.
Headings:
- Sourdough bread
- Celebration cakes
- Wholesale for cafés
Text:
We bake every loaf by hand with a three-day sourdough process. Cafés across Bristol order our bread for wholesale delivery before 7am. Custom celebration cakes are made to order with a week's notice.`

useMockServer(...llmHandlers())

const llm = createLlmClient({ apiKey: 'sk-test', model: 'gpt-4.1-mini', sleep: async () => {} })

describe('mocked LLM structured output', () => {
  it('builds a business profile from the crawled page', async () => {
    const { object, usage } = await llm.generateObject({
      schema: businessProfileSchema,
      schemaName: 'business_profile',
      prompt: crawledPage,
    })
    expect(businessProfileSchema.parse(object)).toEqual(object)
    expect(object.name).toBe('Harbour Light Bakery')
    expect(object.url).toBe('https://www.harbourlightbakery.co.uk/')
    expect(object.services).toEqual(['Sourdough bread', 'Celebration cakes', 'Wholesale for cafés'])
    expect(object.description).toContain('family bakery')
    // Who the page says it serves ("Wholesale for cafés"), not a sentence made up around a service.
    expect(object.targetAudience).toBe('Cafés')
    // The instruction line above the page is not the page.
    expect(JSON.stringify(object)).not.toMatch(/Analyse this crawled page|describe the business behind it/i)
    expect(usage.inputTokens).toBeGreaterThan(50)
    expect(usage.outputTokens).toBeGreaterThan(10)
  })

  it('builds a keyword list around the seed topic', async () => {
    const { object } = await llm.generateObject({
      schema: keywordListSchema,
      schemaName: 'keyword_list',
      system: 'You are an SEO researcher.',
      prompt: 'Suggest keywords a small business could rank for.\nSeed topic: trail running shoes\nCountry: United Kingdom',
    })
    expect(object.keywords.length).toBeGreaterThanOrEqual(8)
    for (const { keyword } of object.keywords) expect(keyword).toContain('trail running shoes')
    expect(new Set(object.keywords.map((row) => row.keyword)).size).toBe(object.keywords.length)
  })

  // Any schema the article writer does not know is filled from the prompt's material.
  it('fills an unknown outline schema with headings that carry the keyword', async () => {
    const { object } = await llm.generateObject({
      schema: outlineSchema,
      schemaName: 'blog_outline',
      prompt: 'Write an outline for a blog article.\nKeyword: home espresso machine\nAudience: beginners',
    })
    expect(object.title).toContain('Home espresso machine')
    expect(object.slug).toBe('home-espresso-machine')
    expect(object.sections.length).toBeGreaterThanOrEqual(4)
    for (const section of object.sections) expect(section.heading.toLowerCase()).toContain('home espresso machine')
    expect(object.sections[0]!.points).not.toEqual(object.sections[1]!.points)
  })

  it('answers differently for different prompts and identically for the same one', async () => {
    const ask = (topic: string) =>
      llm.generateObject({ schema: keywordListSchema, schemaName: 'keyword_list', prompt: `Seed topic: ${topic}` }).then((r) => r.object)
    const first = await ask('vegan meal prep')
    expect(await ask('vegan meal prep')).toEqual(first)
    const other = await ask('garden sheds')
    expect(other.keywords[0]!.keyword).toBe('garden sheds')
    expect(first.keywords[0]!.keyword).toBe('vegan meal prep')
  })

  it('answers prose about the prompt when no schema is asked for', async () => {
    const { text } = await llm.generateText({
      prompt: 'Write a short intro.\nKeyword: rainwater harvesting\n- Lower water bills\n- Garden irrigation',
    })
    expect(text).toContain('Rainwater harvesting')
    expect(text).toContain('- Garden irrigation')
  })
})
