import { z } from 'zod'

/**
 * The voice derivation's prompt and answer (docs/product/pipeline.md "Brand voice"), apart from the
 * service so the demo LLM (src/server/demo-network/llm/voice-analysis.ts) answers the same schema name.
 */

/** The schema name of the derivation's structured answer (the demo LLM answers it from the samples' text). */
export const VOICE_PROFILE_SCHEMA_NAME = 'voice_profile'

/** What one sample carries into the prompt; the rest of a long post adds cost, not voice. */
export const SAMPLE_PROMPT_CHARS = 6_000

/** What the model answers; clamped to the profile's limits before it is saved (voiceProfileFromAnswer). */
export const voiceAnswerSchema = z.object({
  summary: z.string().describe('Two sentences describing how this business writes'),
  sentenceLength: z.string().describe('Typical sentence length, with the average number of words per sentence'),
  person: z
    .string()
    .describe('Grammatical person: first person singular or plural, whether it addresses the reader as "you", or third person'),
  formality: z.string().describe('Formal, neutral or informal, with the signs (contractions, exclamations, jargon)'),
  useWords: z.array(z.string()).describe('Distinctive words and phrases the samples use often'),
  avoidWords: z.array(z.string()).describe('Words and phrases that would not fit this voice'),
})

/** A sample as the prompt carries it: where it came from ("pasted text" or its address) and its text. */
export interface PromptSample {
  label: string
  text: string
}

/**
 * The derivation's prompt: the instructions as the system message, the samples as labelled content
 * (`Sample N: <where>` then `Text: <the post>`), so a reader (and the demo LLM) tells them apart.
 */
export function voiceDerivationPrompt(samples: PromptSample[]) {
  return {
    system: [
      'You describe the writing voice of a business from its own posts, so new articles can be written in it.',
      'Measure, do not guess: the typical sentence length (average words per sentence), the grammatical person,',
      'the formality, the distinctive words and phrases it uses, and words that would not fit it.',
      'Describe only what the samples show.',
    ].join(' '),
    prompt: samples
      .map((sample, index) => [`Sample ${index + 1}: ${sample.label}`, `Text: ${sample.text.slice(0, SAMPLE_PROMPT_CHARS)}`].join('\n'))
      .join('\n\n'),
  }
}
