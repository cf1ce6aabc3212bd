import { useMutation } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { orpc } from '~/lib/orpc'
import { updateVoiceInput, VOICE_LIMITS, type VoiceProfile } from '~/shared/brand-voice'
import type { BusinessSettings } from '~/shared/settings'
import { SaveFooter, TextareaField } from './fields'
import { linesToList, listToLines } from './form-errors'
import { useSettingsSaveHandlers } from './use-save-settings'
import { useSettingsDraft } from './use-settings-draft'
import { useVoiceSamples, VoiceSamplesFieldset } from './voice-samples'

const FIELD_ORDER = ['summary', 'sentenceLength', 'person', 'formality', 'useWords', 'avoidWords', 'instructions', 'bannedPhrases'] as const
type Draft = Record<(typeof FIELD_ORDER)[number], string>
const fieldId = (name: string) => `voice-${name}`

const profileDraft = (profile: VoiceProfile | null) => ({
  summary: profile?.summary ?? '',
  sentenceLength: profile?.sentenceLength ?? '',
  person: profile?.person ?? '',
  formality: profile?.formality ?? '',
  useWords: listToLines(profile?.useWords ?? []),
  avoidWords: listToLines(profile?.avoidWords ?? []),
})

const toDraft = (voice: BusinessSettings['voice']): Draft => ({
  ...profileDraft(voice.profile),
  instructions: voice.instructions,
  bannedPhrases: listToLines(voice.bannedPhrases),
})

const PROFILE_TEXT_FIELDS = [
  { name: 'sentenceLength', label: 'Sentence length' },
  { name: 'person', label: 'Person' },
  { name: 'formality', label: 'Formality' },
] as const

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * The business's brand voice (docs/product/pipeline.md "Brand voice"): up to five sample posts,
 * the profile derived from them once (settings.deriveVoice) and edited here, standing instructions
 * and banned words, saved with settings.updateVoice. Every article prompt uses them.
 */
export function BrandVoiceForm({ settings }: { settings: BusinessSettings }) {
  const { voice } = settings
  const form = useSettingsDraft(toDraft(voice), FIELD_ORDER, fieldId)
  const { draft, errors, change } = form
  const saveHandlers = useSettingsSaveHandlers('Brand voice saved', form.showErrors)
  const save = useMutation(orpc.settings.updateVoice.mutationOptions(saveHandlers))
  // The derived profile replaces the profile fields; instructions and banned words keep what was typed.
  const samples = useVoiceSamples(voice, (profile) => form.setDraft((current) => ({ ...current, ...profileDraft(profile) })))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const profileTyped = [draft.summary, draft.sentenceLength, draft.person, draft.formality, draft.useWords, draft.avoidWords].some(
      (value) => value.trim() !== '',
    )
    const input = form.validate(updateVoiceInput, {
      profile: profileTyped
        ? {
            summary: draft.summary,
            sentenceLength: draft.sentenceLength,
            person: draft.person,
            formality: draft.formality,
            useWords: linesToList(draft.useWords),
            avoidWords: linesToList(draft.avoidWords),
          }
        : null,
      instructions: draft.instructions,
      bannedPhrases: linesToList(draft.bannedPhrases),
    })
    if (!input) return
    save.mutate(input, { onSuccess: (saved) => form.setDraft(toDraft(saved.voice)) })
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="brand-voice-title">
        <CardHeader>
          <CardTitle id="brand-voice-title">Brand voice</CardTitle>
          <CardDescription>
            Articles are written the way you write: a voice profile learned from your own posts, your standing instructions, and words they
            never use.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 [overflow-wrap:anywhere]">
          <VoiceSamplesFieldset samples={samples} hasDerived={voice.profile !== null} />

          <VoiceProfileSection form={form} voice={voice} />

          <div className="grid gap-4 md:grid-cols-2">
            <TextareaField
              id={fieldId('instructions')}
              label="Standing instructions"
              rows={6}
              placeholder="Always mention the roast date. Say “coffee lovers”, not “customers”."
              hint={`What every article should do, at most ${VOICE_LIMITS.instructionsChars.toLocaleString('en-US')} characters.`}
              value={draft.instructions}
              error={errors.instructions}
              onChange={(event) => change('instructions', event.target.value)}
            />
            <TextareaField
              id={fieldId('bannedPhrases')}
              label="Banned words and phrases"
              rows={6}
              placeholder={'game-changer\nbest in class'}
              hint={`One per line, at most ${VOICE_LIMITS.bannedPhrases}, each up to ${VOICE_LIMITS.bannedPhraseChars} characters. Never in an article, in any case.`}
              value={draft.bannedPhrases}
              error={errors.bannedPhrases}
              onChange={(event) => change('bannedPhrases', event.target.value)}
            />
          </div>
        </CardContent>
        <SaveFooter dirty={form.dirty} pending={save.isPending} onReset={form.reset} saveLabel="Save brand voice" />
      </form>
    </Card>
  )
}

type VoiceDraftForm = ReturnType<typeof useSettingsDraft<Draft>>

/** The voice profile: derived from the samples or written by hand, every field editable. */
function VoiceProfileSection({ form, voice }: { form: VoiceDraftForm; voice: BusinessSettings['voice'] }) {
  const { draft, errors, change } = form
  const hasProfile = voice.profile !== null || FIELD_ORDER.slice(0, 6).some((name) => draft[name].trim() !== '')
  return (
    <section aria-labelledby="voice-profile-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="voice-profile-title" className="text-sm font-medium">
          Voice profile
        </h3>
        <p className="text-xs text-muted-foreground">
          {voice.derivedAt
            ? `Derived from your samples on ${longDate(voice.derivedAt)}. Edit anything that does not sound like you.`
            : hasProfile
              ? 'Written by you. Derive it from your posts to measure your voice.'
              : 'No profile yet: add a sample post and derive one, or describe your voice yourself.'}
        </p>
        {errors.profile && <p className="text-xs text-red-300">{errors.profile}</p>}
      </div>
      <TextareaField
        id={fieldId('summary')}
        label="Summary"
        rows={2}
        value={draft.summary}
        error={errors.summary}
        onChange={(event) => change('summary', event.target.value)}
      />
      <div className="grid gap-4 md:grid-cols-3">
        {PROFILE_TEXT_FIELDS.map(({ name, label }) => (
          <TextareaField
            key={name}
            id={fieldId(name)}
            label={label}
            rows={4}
            value={draft[name]}
            onChange={(event) => change(name, event.target.value)}
          />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextareaField
          id={fieldId('useWords')}
          label="Words to use"
          rows={6}
          hint={`One per line, at most ${VOICE_LIMITS.profileWords}.`}
          value={draft.useWords}
          onChange={(event) => change('useWords', event.target.value)}
        />
        <TextareaField
          id={fieldId('avoidWords')}
          label="Words to avoid"
          rows={6}
          hint={`One per line, at most ${VOICE_LIMITS.profileWords}. Articles steer clear of them.`}
          value={draft.avoidWords}
          onChange={(event) => change('avoidWords', event.target.value)}
        />
      </div>
    </section>
  )
}
