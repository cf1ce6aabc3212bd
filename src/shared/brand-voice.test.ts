import { describe, expect, it } from 'vitest'
import { deriveVoiceInput, updateVoiceInput, VOICE_LIMITS } from './brand-voice'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

const validUpdate = {
  profile: {
    summary: 'Short, friendly sentences.',
    sentenceLength: 'Short: about 10 words.',
    person: 'First person plural',
    formality: 'Informal',
    useWords: ['roast', ' brew ', 'Roast', ''],
    avoidWords: ['leverage'],
  },
  instructions: '  Always mention the roast date.  ',
  bannedPhrases: [' Game-changer ', 'game-changer', '', 'best in class'],
}

describe('deriveVoiceInput (settings.deriveVoice)', () => {
  it('accepts up to five samples, addresses and pasted text, trimmed', () => {
    const parsed = deriveVoiceInput.parse({
      samples: [
        { kind: 'url', url: ' https://acme.example/journal/espresso ' },
        { kind: 'text', text: '  We roast on Mondays.  ' },
      ],
    })
    expect(parsed.samples).toEqual([
      { kind: 'url', url: 'https://acme.example/journal/espresso' },
      { kind: 'text', text: 'We roast on Mondays.' },
    ])
  })

  it.each([
    ['no sample', [], 'Add at least one sample post to derive a voice from.'],
    [
      'six samples',
      Array.from({ length: 6 }, (_, i) => ({ kind: 'text', text: `Post ${i}` })),
      `Add at most ${VOICE_LIMITS.samples} sample posts.`,
    ],
    ['a javascript: address', [{ kind: 'url', url: 'javascript:alert(1)' }], 'Sample URL must start with http:// or https://.'],
    ['an ftp address', [{ kind: 'url', url: 'ftp://acme.example/post' }], 'Sample URL must start with http:// or https://.'],
    [
      'an address without a host',
      [{ kind: 'url', url: 'https://localhost/post' }],
      'Sample URL must be a web address such as https://example.com.',
    ],
    [
      'an empty pasted sample',
      [{ kind: 'text', text: '   ' }],
      'A pasted sample cannot be empty: paste the text of a post, or remove the sample.',
    ],
    [
      'a pasted sample over 20,000 characters',
      [{ kind: 'text', text: 'a'.repeat(20_001) }],
      'A pasted sample can be at most 20,000 characters.',
    ],
  ])('refuses %s with a message naming the limit', (_name, samples, message) => {
    expect(firstMessage(deriveVoiceInput.safeParse({ samples }))).toBe(message)
  })

  it('accepts a pasted sample of exactly 20,000 characters', () => {
    expect(deriveVoiceInput.safeParse({ samples: [{ kind: 'text', text: 'a'.repeat(20_000) }] }).success).toBe(true)
  })
})

describe('updateVoiceInput (settings.updateVoice)', () => {
  it('trims, drops blanks and keeps each word list entry and banned phrase once, whatever its case', () => {
    const parsed = updateVoiceInput.parse(validUpdate)
    expect(parsed.profile!.useWords).toEqual(['roast', 'brew'])
    expect(parsed.bannedPhrases).toEqual(['Game-changer', 'best in class'])
    expect(parsed.instructions).toBe('Always mention the roast date.')
  })

  it('accepts no profile (none derived yet)', () => {
    expect(updateVoiceInput.parse({ ...validUpdate, profile: null }).profile).toBeNull()
  })

  it('counts banned phrases after blanks and repeats are dropped: 50 distinct pass', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `word${i}`)
    expect(updateVoiceInput.safeParse({ ...validUpdate, bannedPhrases: [...fifty, 'WORD1', ''] }).success).toBe(true)
  })

  it.each([
    ['51 banned phrases', { bannedPhrases: Array.from({ length: 51 }, (_, i) => `word${i}`) }, 'Ban at most 50 words or phrases.'],
    ['a banned phrase over 60 characters', { bannedPhrases: ['x'.repeat(61)] }, 'A banned word or phrase can be at most 60 characters.'],
    ['a banned phrase of punctuation only', { bannedPhrases: ['!!!'] }, 'A banned word or phrase must contain a letter or a digit.'],
    ['instructions over 2,000 characters', { instructions: 'x'.repeat(2_001) }, 'Standing instructions can be at most 2,000 characters.'],
    [
      'a profile summary over 300 characters',
      { profile: { ...validUpdate.profile, summary: 'x'.repeat(301) } },
      'The voice summary can be at most 300 characters.',
    ],
    [
      'more than 20 words to use',
      { profile: { ...validUpdate.profile, useWords: Array.from({ length: 21 }, (_, i) => `w${i}`) } },
      'Words to use can have at most 20 entries.',
    ],
  ])('refuses %s with a message naming the limit', (_name, change, message) => {
    expect(firstMessage(updateVoiceInput.safeParse({ ...validUpdate, ...change }))).toBe(message)
  })
})
