import { describe, expect, it } from 'vitest'
import { describeVoice, measureVoice, sampleTexts } from './voice-analysis'

const CASUAL = [
  "We roast every Monday, and we're a little obsessed. You'll taste it the moment you open the bag!",
  "Our beans don't sit around. We ship them fast, and you brew them fresh. That's the whole trick.",
  "You've got questions? We've got answers. Our roasters love talking beans, so just ask us!",
].join(' ')

const FORMAL = [
  'The organisation evaluates procurement requirements across multiple jurisdictions before any contract is executed.',
  'Regulatory documentation is maintained by the compliance department, which reviews each submission against applicable standards.',
  'Clients receive a comprehensive assessment, and their representatives are consulted regarding implementation timelines.',
  'The compliance department subsequently publishes an assessment summary for stakeholders and their advisors.',
].join(' ')

describe('the demo voice profile, measured from the samples', () => {
  it('measures sentence length, pronoun shares and contractions from the text itself', () => {
    const casual = measureVoice([CASUAL])
    expect(casual.sentences).toBe(8)
    expect(casual.averageSentenceWords).toBeLessThan(10)
    expect(casual.person.firstPlural + casual.person.second).toBeGreaterThan(0.8)
    expect(casual.person.firstSingular).toBe(0)
    expect(casual.contractionsPerSentence).toBeGreaterThan(0.5)
    const formal = measureVoice([FORMAL])
    expect(formal.averageSentenceWords).toBeGreaterThan(12)
    expect(formal.person.third).toBe(1)
    expect(formal.contractionsPerSentence).toBe(0)
  })

  it('gives two different, plausible profiles for two different voices', () => {
    const casual = describeVoice([CASUAL])
    const formal = describeVoice([FORMAL])
    expect(casual.sentenceLength).toMatch(/^Short: about \d words a sentence/)
    expect(casual.person).toMatch(/^First person plural \(we, our\), speaking to the reader as “you”/)
    expect(casual.formality).toMatch(/^Informal/)
    expect(casual.useWords).toEqual(expect.arrayContaining(['beans']))
    expect(casual.avoidWords).toEqual(expect.arrayContaining(['leverage', 'furthermore']))

    expect(formal.sentenceLength).toMatch(/^(Medium-length|Long): about \d\d words a sentence/)
    expect(formal.person).toMatch(/^Third person/)
    expect(formal.formality).toMatch(/^Formal/)
    expect(formal.useWords).toEqual(expect.arrayContaining(['compliance', 'department', 'assessment']))
    expect(formal.avoidWords).toEqual(expect.arrayContaining(['awesome']))
    expect(formal.avoidWords).not.toContain('furthermore')

    for (const key of ['summary', 'sentenceLength', 'person', 'formality'] as const) expect(casual[key]).not.toBe(formal[key])
  })

  it('counts a word and its plural as one distinctive word, under its shorter form', () => {
    const words = measureVoice(['Taste every shot. Tastes change as beans rest. Good tastes take time, so taste again.']).distinctiveWords
    expect(words).toContain('taste')
    expect(words).not.toContain('tastes')
  })

  it('reads only the samples’ Text lines of the prompt, never its other words', () => {
    const prompt = `Sample 1: pasted text\nText: ${CASUAL}\n\nSample 2: https://acme.example/post\nText: ${CASUAL}`
    expect(sampleTexts(prompt)).toEqual([CASUAL, CASUAL])
    expect(describeVoice(sampleTexts(`Describe the voice formally and thoroughly, furthermore.\n${prompt}`))).toEqual(
      describeVoice([CASUAL, CASUAL]),
    )
  })
})
