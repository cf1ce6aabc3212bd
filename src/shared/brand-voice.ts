import { z } from 'zod'
import { httpUrl } from './business-profile'

/**
 * A business's brand voice (docs/product/pipeline.md, "Brand voice"): up to five sample posts the
 * voice profile is derived from, the profile itself (the user edits it), standing instructions and
 * banned words or phrases. One definition for the settings form and its procedures.
 */

export const VOICE_LIMITS = {
  samples: 5,
  sampleChars: 20_000,
  bannedPhrases: 50,
  bannedPhraseChars: 60,
  instructionsChars: 2_000,
  profileWords: 20,
  profileWordChars: 60,
  profileTextChars: 300,
} as const

/** A sample post: the address of a published post (read through the safe fetcher) or its text, pasted. */
export const voiceSampleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: httpUrl('Sample URL') }),
  z.object({
    kind: z.literal('text'),
    text: z
      .string()
      .trim()
      .min(1, 'A pasted sample cannot be empty: paste the text of a post, or remove the sample.')
      .max(VOICE_LIMITS.sampleChars, `A pasted sample can be at most ${VOICE_LIMITS.sampleChars.toLocaleString('en-US')} characters.`),
  }),
])
export type VoiceSample = z.output<typeof voiceSampleSchema>

export const voiceSamplesSchema = z
  .array(voiceSampleSchema)
  .min(1, 'Add at least one sample post to derive a voice from.')
  .max(VOICE_LIMITS.samples, `Add at most ${VOICE_LIMITS.samples} sample posts.`)

const profileText = (label: string) =>
  z.string().trim().max(VOICE_LIMITS.profileTextChars, `${label} can be at most ${VOICE_LIMITS.profileTextChars} characters.`)

const wordList = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(VOICE_LIMITS.profileWordChars, `Each entry of ${label} can be at most ${VOICE_LIMITS.profileWordChars} characters.`),
    )
    .max(VOICE_LIMITS.profileWords, `${label} can have at most ${VOICE_LIMITS.profileWords} entries.`)
    .transform(uniqueEntries)

/** Blank entries dropped, repeats (any case) kept once, in the order given. */
function uniqueEntries(items: string[]): string[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = item.toLocaleLowerCase()
    if (item === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What the samples say about how the business writes; derived once, then the user's to edit. */
export const voiceProfileSchema = z.object({
  summary: profileText('The voice summary'),
  sentenceLength: profileText('Sentence length'),
  person: profileText('Person'),
  formality: profileText('Formality'),
  useWords: wordList('Words to use'),
  avoidWords: wordList('Words to avoid'),
})
export type VoiceProfile = z.output<typeof voiceProfileSchema>

export const bannedPhrasesSchema = z
  .array(
    z
      .string()
      .trim()
      .max(VOICE_LIMITS.bannedPhraseChars, `A banned word or phrase can be at most ${VOICE_LIMITS.bannedPhraseChars} characters.`),
  )
  .transform(uniqueEntries)
  .refine((items) => items.length <= VOICE_LIMITS.bannedPhrases, `Ban at most ${VOICE_LIMITS.bannedPhrases} words or phrases.`)
  .refine((items) => items.every((item) => /[\p{L}\p{N}]/u.test(item)), 'A banned word or phrase must contain a letter or a digit.')

/** settings.deriveVoice: the samples to read; the derived profile is saved with them. */
export const deriveVoiceInput = z.object({ samples: voiceSamplesSchema })

/** settings.updateVoice: the profile as the user edited it (null: none), standing instructions, banned phrases. */
export const updateVoiceInput = z.object({
  profile: voiceProfileSchema.nullable(),
  instructions: z
    .string()
    .trim()
    .max(
      VOICE_LIMITS.instructionsChars,
      `Standing instructions can be at most ${VOICE_LIMITS.instructionsChars.toLocaleString('en-US')} characters.`,
    ),
  bannedPhrases: bannedPhrasesSchema,
})

/** The brand voice as /settings shows it. */
export interface BrandVoice {
  samples: VoiceSample[]
  profile: VoiceProfile | null
  /** When the profile was derived from the samples (ISO), null before. */
  derivedAt: string | null
  instructions: string
  bannedPhrases: string[]
}
