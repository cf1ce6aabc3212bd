import type { business as businessTable } from '~/server/db/schema'
import type { VoiceProfile } from '~/shared/brand-voice'
import { ARTICLE_PROMPT_LABELS as LABELS } from './prompt-labels'

/**
 * The business's brand voice in every writing and rewriting prompt (docs/product/pipeline.md
 * "Brand voice"). As everywhere in our prompts, what to do is the system message and what the
 * business is, is labelled content: the profile and the banned phrases travel as `Label: value`
 * lines and `Label:` lists (the demo writer reads the banned phrases there), the rule to follow
 * them and the standing instructions in the system message.
 */
export interface WriterVoice {
  profile: VoiceProfile | null
  instructions: string
  bannedPhrases: string[]
}

export function writerVoiceOf(
  business: Pick<typeof businessTable.$inferSelect, 'voiceProfile' | 'voiceInstructions' | 'bannedPhrases'>,
): WriterVoice {
  return {
    profile: business.voiceProfile ?? null,
    instructions: business.voiceInstructions.trim(),
    bannedPhrases: (business.bannedPhrases ?? []).map((phrase) => phrase.trim()).filter(Boolean),
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const field = (label: string, value: string) => (oneLine(value) ? `${label}: ${oneLine(value)}` : '')
const list = (label: string, items: readonly string[]) => {
  const lines = items.map(oneLine).filter(Boolean)
  return lines.length > 0 ? [`${label}:`, ...lines.map((item) => `- ${item}`)].join('\n') : ''
}

/** The voice as labelled content for the user message; '' without one. */
export function voiceBlock(voice: WriterVoice | undefined): string {
  if (!voice) return ''
  const { profile } = voice
  return [
    profile ? field('Voice', profile.summary) : '',
    profile ? field('Sentence length', profile.sentenceLength) : '',
    profile ? field('Person', profile.person) : '',
    profile ? field('Formality', profile.formality) : '',
    profile ? list('Words to use', profile.useWords) : '',
    profile ? list('Words to avoid', profile.avoidWords) : '',
    list(LABELS.bannedPhrases, voice.bannedPhrases),
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** The system message's rule for the voice; '' without one. */
export function voiceRule(voice: WriterVoice | undefined): string {
  if (!voice) return ''
  return [
    voice.profile
      ? 'Write in the business’s own voice as its Voice, Sentence length, Person and Formality describe it; prefer its Words to use and never use its Words to avoid.'
      : '',
    voice.bannedPhrases.length > 0 ? 'Never use any of the Banned phrases, in any form or case.' : '',
    voice.instructions ? `The business’s standing instructions: ${oneLine(voice.instructions)}` : '',
  ]
    .filter(Boolean)
    .join(' ')
}
