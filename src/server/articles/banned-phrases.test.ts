import { describe, expect, it } from 'vitest'
import {
  askAvoidingBanned,
  findBanned,
  scrubArticlePart,
  scrubBlock,
  scrubFaq,
  scrubMarkdown,
  scrubOutline,
  stripBanned,
} from './banned-phrases'
import { ARTICLE_SCHEMAS } from './prompts'

describe('findBanned: case-insensitive, whole words', () => {
  it('finds a word in any case and next to punctuation, not inside another word', () => {
    expect(findBanned('The BEST beans, best.', ['best'])).toEqual(['best'])
    expect(findBanned('A bestseller and the bestest', ['best'])).toEqual([])
    expect(findBanned('A game-changer for you', ['game'])).toEqual(['game'])
  })

  it('finds a phrase across any whitespace, and reports each phrase as the business wrote it', () => {
    expect(findBanned('It is\ngame   changing', ['Game changing', 'delve'])).toEqual(['Game changing'])
  })

  it('treats the phrase as text, not as a pattern', () => {
    expect(findBanned('costs $5 (approx.)', ['(approx.)'])).toEqual(['(approx.)'])
    expect(findBanned('a.b', ['a?b'])).toEqual([])
  })
})

describe('removing what could not be rewritten', () => {
  it('drops the sentences holding a phrase from prose and list items', () => {
    expect(scrubBlock('Fresh beans matter. Our beans are the Ultimate choice. Grind just before brewing.', ['ultimate'])).toBe(
      'Fresh beans matter. Grind just before brewing.',
    )
    expect(scrubBlock('- Grind fresh.\n- The ultimate tip.\n- Weigh the dose.', ['ultimate'])).toBe('- Grind fresh.\n- Weigh the dose.')
    expect(scrubBlock('The ultimate tip.', ['ultimate'])).toBe('')
  })

  it('takes the phrase out of a heading, and drops a figure whose text holds it', () => {
    expect(scrubBlock('## The Ultimate Guide to Espresso', ['ultimate'])).toBe('## The Guide to Espresso')
    expect(scrubBlock('![The ultimate grinder](/media/a.png)', ['ultimate'])).toBe('')
    expect(stripBanned('Best espresso beans, ultimate edition', ['ultimate edition'])).toBe('Best espresso beans')
  })

  it('cleans a whole document and leaves nothing banned', () => {
    const markdown =
      '# Ultimate espresso\n\nIntro. The ultimate intro.\n\n## Dialling in\n\nUse a scale. It is ultimate.\n\n```\nultimate code\n```'
    const cleaned = scrubMarkdown(markdown, ['ultimate'])
    expect(cleaned).toBe('# espresso\n\nIntro.\n\n## Dialling in\n\nUse a scale.\n\n```\nultimate code\n```')
  })

  it('cleans outlines, FAQs and every article part by its schema', () => {
    const outline = scrubOutline(
      {
        title: 'Ultimate beans',
        sections: [
          { heading: 'Ultimate', level: 'h2', points: ['ultimate', 'roast date'] },
          { heading: 'Grind', level: 'h2', points: [] },
        ],
      },
      ['ultimate'],
    )
    expect(outline).toEqual({ title: 'beans', sections: [{ heading: 'Grind', level: 'h2', points: [] }] })
    expect(
      scrubFaq(
        [
          { question: 'Is it ultimate?', answer: 'Yes.' },
          { question: 'How fresh?', answer: 'Within two days. Truly ultimate.' },
        ],
        ['ultimate'],
      ),
    ).toEqual([{ question: 'How fresh?', answer: 'Within two days.' }])
    expect(
      scrubArticlePart(ARTICLE_SCHEMAS.meta, { metaTitle: 'Ultimate beans', metaDescription: 'The ultimate beans.' }, ['ultimate']),
    ).toEqual({
      metaTitle: 'beans',
      metaDescription: 'The beans.',
    })
    expect(scrubArticlePart('business_profile', { name: 'ultimate' }, ['ultimate'])).toEqual({ name: 'ultimate' })
  })
})

describe('askAvoidingBanned', () => {
  it('asks again, naming what the answer used, until the answer is clean, within its tries', async () => {
    const systems: string[] = []
    const answers = ['An ultimate section.', 'A clean section.']
    const result = await askAvoidingBanned(
      { system: 'Write.', prompt: 'Keyword: beans' },
      ['Ultimate'],
      async (request) => {
        systems.push(request.system)
        return answers[systems.length - 1]!
      },
      (text) => text,
    )
    expect(result).toEqual({ answer: 'A clean section.', rewrites: 1 })
    expect(systems[1]).toContain('Your previous answer used banned phrases (“Ultimate”)')
  })

  it('stops after its tries and returns the last answer for the caller to clean', async () => {
    let calls = 0
    const result = await askAvoidingBanned(
      { system: 'Write.', prompt: '' },
      ['ultimate'],
      async () => {
        calls++
        return 'Still ultimate.'
      },
      (text) => text,
      2,
    )
    expect(calls).toBe(3)
    expect(result.rewrites).toBe(2)
  })
})
