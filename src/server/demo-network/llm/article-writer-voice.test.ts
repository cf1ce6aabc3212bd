import { describe, expect, it } from 'vitest'
import { findBanned } from '~/server/articles/banned-phrases'
import { ARTICLE_SCHEMAS, outlinePrompt, sectionPrompt, type BriefPage, type WriterProfile } from '~/server/articles/prompts'
import { writeArticlePart } from './article-writer'

// The demo writer honours the business's banned phrases (docs/product/pipeline.md "Brand voice"):
// it reads them from the prompt's `Banned phrases:` list and never writes them.
const page: BriefPage = {
  url: 'https://coffee-guide.example/espresso-grind',
  title: 'Espresso grind size: the complete guide',
  headings: ['Why grind size matters for espresso', 'How to dial in your grinder', 'Grind size and extraction time'],
  text: [
    'Grind size is the single biggest lever a home barista has over espresso extraction.',
    'A finer grind slows the water down and pulls more flavour from the coffee.',
    'A coarser grind lets water rush through, which leaves the shot sour and thin.',
    'Adjust the grinder in small steps and taste every shot before changing it again.',
  ].join(' '),
}

const profile = (bannedPhrases: string[]): WriterProfile => ({
  name: 'Acme Roasters',
  url: 'https://acme.example',
  description: 'Specialty coffee roaster.',
  valueProposition: 'Fresh beans every week.',
  services: ['Coffee subscriptions'],
  audiences: ['Home baristas'],
  language: 'English',
  tone: 'Friendly',
  voice: { profile: null, instructions: '', bannedPhrases },
})

const userText = (request: { prompt: string }) => request.prompt

describe('the demo writer and banned phrases', () => {
  it('leaves a banned word out of the outline and the sections it would otherwise write', () => {
    const brief = (banned: string[]) => ({ keyword: 'espresso grind size', profile: profile(banned), results: [page, page], questions: [] })
    const section = (banned: string[]) =>
      sectionPrompt({
        keyword: 'espresso grind size',
        profile: profile(banned),
        title: 'Espresso grind size',
        heading: 'How to dial in your grinder',
        points: ['finer grind', 'coarser grind'],
        otherHeadings: [],
        sources: [page],
      })
    const freeOutline = JSON.stringify(writeArticlePart(ARTICLE_SCHEMAS.outline, userText(outlinePrompt(brief([])))))
    const freeSection = JSON.stringify(writeArticlePart(ARTICLE_SCHEMAS.section, userText(section([]))))
    // Without a ban the writer uses the word; with it, never.
    expect(findBanned(freeOutline + freeSection, ['coarser', 'grinder'])).toEqual(['coarser', 'grinder'])
    const outline = JSON.stringify(writeArticlePart(ARTICLE_SCHEMAS.outline, userText(outlinePrompt(brief(['coarser', 'grinder'])))))
    const written = writeArticlePart(ARTICLE_SCHEMAS.section, userText(section(['coarser', 'grinder']))) as { blocks: string[] }
    expect(findBanned(outline + JSON.stringify(written), ['coarser', 'grinder'])).toEqual([])
    expect(written.blocks.join(' ').length).toBeGreaterThan(100)
  })
})
