import { ORPCError } from '@orpc/server'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/server/db'
import { business } from '~/server/db/schema'
import { getOwnedBusiness } from '~/server/access/business'
import { extractPage } from '~/server/crawl/extract'
import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import type { LlmClient } from '~/server/providers/llm/client'
import { type AppErrorData } from '~/server/rpc/errors'
import { VOICE_LIMITS, voiceProfileSchema, type updateVoiceInput, type VoiceProfile, type VoiceSample } from '~/shared/brand-voice'
import type { BusinessSettings } from '~/shared/settings'
import { recordSettingsChange, toSettings } from './settings.service'
import { VOICE_PROFILE_SCHEMA_NAME, voiceAnswerSchema, voiceDerivationPrompt } from './voice-prompt'
import { VOICE_ERRORS } from './settings.errors'

/**
 * The brand voice of a business (docs/product/pipeline.md "Brand voice"): its sample posts are read
 * (a URL through the safe fetcher and the crawler's text extraction, as site analysis reads pages)
 * and the LLM derives the voice profile from their text once; the user then edits it, with standing
 * instructions and banned phrases.
 */

/** Fewest words the samples together must have: below it sentence length and vocabulary say nothing. */
export const MIN_SAMPLE_WORDS = 60

export interface ReadSample {
  /** The post's address, or "pasted text". */
  label: string
  text: string
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const words = (text: string) => text.split(/\s+/).filter(Boolean).length

function sampleError(index: number, message: string): ORPCError<string, AppErrorData> {
  // The issue's path puts the sentence under the sample in the form.
  const data: AppErrorData = { reason: VOICE_ERRORS.VOICE_SAMPLE_UNREADABLE.reason, issues: [{ message, path: ['samples', index] }] }
  return new ORPCError(VOICE_ERRORS.VOICE_SAMPLE_UNREADABLE.code, { message, data })
}

/** The samples' text: a URL is read as a web page and its main text extracted (crawl/extract.ts). */
export async function readVoiceSamples(samples: VoiceSample[], fetcher: SafeFetcher): Promise<ReadSample[]> {
  const read = await Promise.all(
    samples.map(async (sample, index): Promise<ReadSample> => {
      if (sample.kind === 'text') return { label: 'pasted text', text: oneLine(sample.text) }
      let html: string
      let url: string
      try {
        const response = await fetcher(sample.url, { expect: ['html'] })
        html = response.text()
        url = response.url
      } catch (error) {
        if (error instanceof SafeFetchError) throw sampleError(index, `Sample ${index + 1}: ${error.message}`)
        throw error
      }
      const text = extractPage(html, url, { maxTextChars: VOICE_LIMITS.sampleChars }).text
      if (words(text) < 20) {
        throw sampleError(index, `Sample ${index + 1}: ${sample.url} has almost no readable text. Paste the post’s text instead.`)
      }
      return { label: sample.url, text }
    }),
  )
  const total = read.reduce((sum, sample) => sum + words(sample.text), 0)
  if (total < MIN_SAMPLE_WORDS) {
    const message = `The samples have ${total} words; a voice needs at least ${MIN_SAMPLE_WORDS}. Add a longer post.`
    const data: AppErrorData = { reason: VOICE_ERRORS.VOICE_SAMPLES_TOO_SHORT.reason, issues: [{ message, path: ['samples'] }] }
    throw new ORPCError(VOICE_ERRORS.VOICE_SAMPLES_TOO_SHORT.code, { message, data })
  }
  return read
}

/** The model's answer within the profile's limits: texts cut at a word, lists cut to their maximum. */
export function voiceProfileFromAnswer(answer: z.output<typeof voiceAnswerSchema>): VoiceProfile {
  const cut = (text: string, max: number) => {
    const line = oneLine(text)
    return line.length <= max ? line : line.slice(0, max).replace(/\s+\S*$/, '')
  }
  const list = (items: string[]) =>
    items
      .map((item) => cut(item, VOICE_LIMITS.profileWordChars))
      .filter(Boolean)
      .slice(0, VOICE_LIMITS.profileWords)
  return voiceProfileSchema.parse({
    summary: cut(answer.summary, VOICE_LIMITS.profileTextChars),
    sentenceLength: cut(answer.sentenceLength, VOICE_LIMITS.profileTextChars),
    person: cut(answer.person, VOICE_LIMITS.profileTextChars),
    formality: cut(answer.formality, VOICE_LIMITS.profileTextChars),
    useWords: list(answer.useWords),
    avoidWords: list(answer.avoidWords),
  })
}

/**
 * Reads the samples, derives the profile with one LLM call and saves both (with the time) in one
 * UPDATE scoped to the owner. A sample that cannot be read refuses the whole call, saving nothing.
 */
export async function deriveVoice(
  db: Database,
  userId: string,
  businessId: string,
  samples: VoiceSample[],
  deps: { fetch: SafeFetcher; llm: LlmClient },
): Promise<BusinessSettings> {
  await getOwnedBusiness(db, userId, businessId)
  const read = await readVoiceSamples(samples, deps.fetch)
  const { object } = await deps.llm.generateObject({
    schema: voiceAnswerSchema,
    schemaName: VOICE_PROFILE_SCHEMA_NAME,
    ...voiceDerivationPrompt(read),
  })
  const now = new Date()
  const [row] = await db
    .update(business)
    .set({ voiceSamples: samples, voiceProfile: voiceProfileFromAnswer(object), voiceDerivedAt: now, updatedAt: now })
    .where(and(eq(business.id, businessId), eq(business.userId, userId)))
    .returning()
  await recordSettingsChange(db, row!, 'voice')
  return toSettings(row!)
}

/** The profile as the user edited it, the standing instructions and the banned phrases, in one UPDATE scoped to the owner. */
export async function updateVoice(
  db: Database,
  userId: string,
  businessId: string,
  input: z.output<typeof updateVoiceInput>,
): Promise<BusinessSettings> {
  await getOwnedBusiness(db, userId, businessId)
  const [row] = await db
    .update(business)
    .set({ voiceProfile: input.profile, voiceInstructions: input.instructions, bannedPhrases: input.bannedPhrases, updatedAt: new Date() })
    .where(and(eq(business.id, businessId), eq(business.userId, userId)))
    .returning()
  await recordSettingsChange(db, row!, 'voice')
  return toSettings(row!)
}
