import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { businessAnalysisSchema, competitorAnalysisSchema } from '~/server/setup/site-analysis'
import { useMockServer } from '~tests/fixtures/mock-server'
import { createLlmClient } from '~/server/providers/llm/client'
import { llmHandlers } from './mock'

// The demo LLM answers from the content a prompt hands over, never from its instructions: the
// system message and free instruction sentences are not material (prompt-material.ts).

useMockServer(...llmHandlers())
const llm = createLlmClient({ model: 'gpt-4.1-mini', sleep: async () => {} })

const SYSTEM =
  'You describe a business from its own website for an SEO content tool. Use only what the pages say; ' +
  'leave a field empty (or a list empty) rather than invent. Write in the language of the site.'

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : []

/** A blog post with no meta description, a short text and navigation headings: the page the demo once echoed its prompt for. */
const bareBlogPost = `Describe the business behind this page. Keep it short.
Website: https://www.fieldnotes.example/2023/11/first-winter-ascent/

Page: https://www.fieldnotes.example/2023/11/first-winter-ascent/ (home)
Title: My first winter ascent
Headings:
# My first winter ascent
## Home
## Blog
## Contact
## Read more
## November 14, 2023
## Posted by Jamie Fraser
Text:
Posted by Jamie Fraser. Crampons and an ice axe turned a summer hill walk into a serious winter climb. The winter hill walk up the ridge took seven hours in deep snow.`

describe('the demo LLM over a crawled page', () => {
  it('never answers with the instructions, even when the page says little', async () => {
    const { object } = await llm.generateObject({
      schema: businessAnalysisSchema,
      schemaName: 'business_profile',
      system: SYSTEM,
      prompt: bareBlogPost,
    })
    const answer = strings(object).join('\n').toLowerCase()
    for (const instruction of [
      'describe a business',
      'seo content tool',
      'use only what the pages say',
      'describe the business behind',
      'keep it short',
    ])
      expect(answer).not.toContain(instruction)
    // No meta description: the page's first meaningful sentences.
    expect(object.description).toBe(
      'Crampons and an ice axe turned a summer hill walk into a serious winter climb. The winter hill walk up the ridge took seven hours in deep snow.',
    )
    // No navigation, dates or author as an offering; a page that offers nothing lists nothing.
    expect(object.services).toEqual([])
    expect(object.coreProducts).toEqual([])
    expect(object.industry).toBe('Outdoor recreation and hiking')
    expect(object.seedKeywords).toEqual(expect.arrayContaining(['winter ascent', 'ice axe', 'hill walk']))
    for (const seed of object.seedKeywords) expect(bareBlogPost.toLowerCase()).toContain(seed)
    expect(object.seedKeywords.join(' ')).not.toMatch(/jamie|fraser|november/)
  })

  it('falls back to a noun phrase of the title for an industry it has no word for', async () => {
    const { object } = await llm.generateObject({
      schema: businessAnalysisSchema,
      schemaName: 'business_profile',
      system: SYSTEM,
      prompt: [
        'Website: https://quillandink.example/',
        '',
        'Page: https://quillandink.example/ (home)',
        'Title: Quill & Ink | Hand-bound notebooks and fountain pen ink',
        'Description: Quill & Ink binds notebooks by hand in Norwich and mixes its own fountain pen ink.',
        'Headings:',
        '## Hand-bound notebooks',
        '## Fountain pen ink',
        '## Gift vouchers',
        'Text:',
        'Every hand-bound notebook is sewn with linen thread. Our fountain pen ink comes in twelve colours.',
      ].join('\n'),
    })
    expect(object.name).toBe('Quill & Ink')
    expect(['Hand-bound notebooks', 'Fountain pen ink']).toContain(object.industry)
    expect(object.services).toEqual(['Hand-bound notebooks', 'Fountain pen ink', 'Gift vouchers'])
    expect(object.valueProposition).toBe('Quill & Ink binds notebooks by hand in Norwich and mixes its own fountain pen ink.')
  })

  it('profiles a competitor from its own pages and rates it against the business compared', async () => {
    const prompt = (offer: string) =>
      [
        'Website: https://rapidrooter.example/',
        '',
        'Page: https://rapidrooter.example/ (home)',
        'Title: Rapid Rooter | Drain clearing',
        'Description: Rapid Rooter offers drain clearing to homeowners across the county.',
        'Headings:',
        '# Drain clearing',
        '## Blocked drains',
        '## CCTV drain surveys',
        'Text:',
        'Rapid Rooter sends a plumber to your door within the hour, every day of the year.',
        '',
        'Compare against: Acme Plumbing (https://acme.example/)',
        `Their offer in brief: ${offer}`,
      ].join('\n')
    const close = await llm.generateObject({
      schema: competitorAnalysisSchema,
      schemaName: 'competitor_profile',
      prompt: prompt('Acme Plumbing clears blocked drains and repairs leaks for homeowners.'),
    })
    expect(close.object).toMatchObject({
      name: 'Rapid Rooter',
      description: 'Rapid Rooter offers drain clearing to homeowners across the county.',
    })
    expect(close.object.primaryServices).toEqual(['Blocked drains', 'CCTV drain surveys'])
    expect(close.object.businessCategory).toBe('direct competitor')
    const far = await llm.generateObject({
      schema: competitorAnalysisSchema,
      schemaName: 'competitor_profile',
      prompt: prompt('Bespoke wedding photography in Cornwall.'),
    })
    expect(far.object.relevanceToOurBusiness).toBeLessThan(close.object.relevanceToOurBusiness)
    expect(far.object.businessCategory).toBe('content competitor')
    // Our own business's words are context, not the competitor's profile.
    expect(strings(far.object).join(' ')).not.toMatch(/Acme|wedding|Cornwall/)
  })
})

describe('the demo LLM over a list of sites', () => {
  const suggestionSchema = z.object({ competitors: z.array(z.object({ name: z.string(), website: z.string(), reason: z.string() })) })
  const business = ['Business: Crumb & Co.', 'Own website: https://www.crumbandco.example/', 'Services: Sourdough bread, Celebration cakes']

  it('suggests only the sites the prompt lists, never the business’s own', async () => {
    const { object } = await llm.generateObject({
      schema: suggestionSchema,
      schemaName: 'competitor_suggestions',
      system: 'You name real competitors of a business. Choose them only from the sites listed.',
      prompt: [
        ...business,
        '',
        'Sites ranking for its keywords:',
        '- bettys.co.uk: Ranks #2 for “celebration cakes”',
        '- shop.crumbandco.example: Ranks #1 for “sourdough bread”',
        '- gailsbread.co.uk: Ranks #3 for “sourdough bread”',
      ].join('\n'),
    })
    expect(object.competitors).toEqual([
      { name: 'bettys.co.uk', website: 'https://bettys.co.uk', reason: 'Ranks #2 for “celebration cakes”' },
      { name: 'gailsbread.co.uk', website: 'https://gailsbread.co.uk', reason: 'Ranks #3 for “sourdough bread”' },
    ])
  })

  it('suggests nothing rather than invent a site', async () => {
    const { object } = await llm.generateObject({
      schema: suggestionSchema,
      schemaName: 'competitor_suggestions',
      prompt: business.join('\n'),
    })
    expect(object.competitors).toEqual([])
  })
})
