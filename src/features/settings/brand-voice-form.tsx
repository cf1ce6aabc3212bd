import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { Spinner } from '~/components/ui/spinner'
import { orpc } from '~/lib/orpc'
import { deriveVoiceInput, updateVoiceInput, VOICE_LIMITS, type VoiceProfile, type VoiceSample } from '~/shared/brand-voice'
import type { BusinessSettings } from '~/shared/settings'
import { SaveFooter, TextareaField } from './fields'
import { linesToList, listToLines } from './form-errors'
import { useSettingsSaveHandlers } from './use-save-settings'
import { useSettingsDraft } from './use-settings-draft'

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

/** A sample as the form edits it: an address or pasted text, kept apart so switching kind loses neither. */
interface SampleDraft {
  kind: VoiceSample['kind']
  url: string
  text: string
}

const sampleDraft = (sample: VoiceSample): SampleDraft =>
  sample.kind === 'url' ? { kind: 'url', url: sample.url, text: '' } : { kind: 'text', url: '', text: sample.text }
const sampleInput = (sample: SampleDraft) =>
  sample.kind === 'url' ? { kind: 'url' as const, url: sample.url.trim() } : { kind: 'text' as const, text: sample.text }

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** The message of the first issue about the samples, naming the sample ("Sample 2: …") when the schema did not. */
function samplesMessage(issues: readonly { message: string; path: readonly PropertyKey[] }[]): string | undefined {
  const issue = issues.find((item) => item.path[0] === 'samples')
  if (!issue) return undefined
  const index = issue.path[1]
  return typeof index === 'number' && !/^Sample \d/.test(issue.message) ? `Sample ${index + 1}: ${issue.message}` : issue.message
}

/**
 * The business's brand voice (docs/product/pipeline.md "Brand voice"): up to five sample posts,
 * the profile derived from them once (settings.deriveVoice) and edited here, standing instructions
 * and banned words, saved with settings.updateVoice. Every article prompt uses them.
 */
export function BrandVoiceForm({ settings }: { settings: BusinessSettings }) {
  const { voice } = settings
  const form = useSettingsDraft(toDraft(voice), FIELD_ORDER, fieldId)
  const { draft, errors, change } = form
  const [samples, setSamples] = useState<SampleDraft[]>(() =>
    voice.samples.length > 0 ? voice.samples.map(sampleDraft) : [{ kind: 'url', url: '', text: '' }],
  )
  const [samplesError, setSamplesError] = useState<string | undefined>()

  const saveHandlers = useSettingsSaveHandlers('Brand voice saved', form.showErrors)
  const save = useMutation(orpc.settings.updateVoice.mutationOptions(saveHandlers))
  const deriveHandlers = useSettingsSaveHandlers('Voice profile derived from your samples', () => {})
  const derive = useMutation(
    orpc.settings.deriveVoice.mutationOptions({
      ...deriveHandlers,
      onError: (error: Error) => {
        const issues = (error as { data?: { issues?: { message: string; path: PropertyKey[] }[] } }).data?.issues
        const message = issues ? samplesMessage(issues) : undefined
        if (message) setSamplesError(message)
        else deriveHandlers.onError(error)
      },
    }),
  )

  function updateSample(index: number, next: Partial<SampleDraft>) {
    setSamples((current) => current.map((sample, at) => (at === index ? { ...sample, ...next } : sample)))
    setSamplesError(undefined)
  }

  function onDerive() {
    const parsed = deriveVoiceInput.safeParse({ samples: samples.map(sampleInput) })
    if (!parsed.success) {
      setSamplesError(samplesMessage(parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path }))))
      return
    }
    setSamplesError(undefined)
    derive.mutate(parsed.data, {
      // The derived profile replaces the profile fields; instructions and banned words keep what was typed.
      onSuccess: (saved) => form.setDraft((current) => ({ ...current, ...profileDraft(saved.voice.profile) })),
    })
  }

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

  const hasProfile = voice.profile !== null || FIELD_ORDER.slice(0, 6).some((name) => draft[name].trim() !== '')

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
          <fieldset className="grid gap-3" aria-describedby="voice-samples-hint">
            <legend className="text-sm font-medium">Sample posts</legend>
            <p id="voice-samples-hint" className="text-xs text-muted-foreground">
              Up to {VOICE_LIMITS.samples} of your best posts: the address of a published post, or its text pasted (at most{' '}
              {VOICE_LIMITS.sampleChars.toLocaleString('en-US')} characters).
            </p>
            {samples.map((sample, index) => (
              <div key={index} className="grid gap-2 rounded-md border border-border bg-background/40 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-xs font-medium text-muted-foreground">Sample {index + 1}</span>
                  <div role="group" aria-label={`Sample ${index + 1} source`} className="flex gap-1">
                    {(['url', 'text'] as const).map((kind) => (
                      <Button
                        key={kind}
                        type="button"
                        size="sm"
                        variant={sample.kind === kind ? 'secondary' : 'ghost'}
                        aria-pressed={sample.kind === kind}
                        onClick={() => updateSample(index, { kind })}
                      >
                        {kind === 'url' ? 'Address' : 'Pasted text'}
                      </Button>
                    ))}
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="ml-auto"
                    aria-label={`Remove sample ${index + 1}`}
                    onClick={() => {
                      setSamples((current) => current.filter((_, at) => at !== index))
                      setSamplesError(undefined)
                    }}
                  >
                    Remove
                  </Button>
                </div>
                {sample.kind === 'url' ? (
                  <FormField
                    id={`voice-sample-${index}`}
                    label={`Sample ${index + 1} address`}
                    placeholder="https://example.com/blog/your-best-post"
                    inputMode="url"
                    value={sample.url}
                    onChange={(event) => updateSample(index, { url: event.target.value })}
                  />
                ) : (
                  <TextareaField
                    id={`voice-sample-${index}`}
                    label={`Sample ${index + 1} text`}
                    rows={5}
                    placeholder="Paste the text of one of your posts."
                    hint={`${sample.text.length.toLocaleString('en-US')} of ${VOICE_LIMITS.sampleChars.toLocaleString('en-US')} characters`}
                    value={sample.text}
                    onChange={(event) => updateSample(index, { text: event.target.value })}
                  />
                )}
              </div>
            ))}
            {samplesError && (
              <p role="alert" className="text-xs text-red-300">
                {samplesError}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={samples.length >= VOICE_LIMITS.samples}
                onClick={() => setSamples((current) => [...current, { kind: 'url', url: '', text: '' }])}
              >
                Add a sample
              </Button>
              <Button
                type="button"
                disabled={samples.length === 0 || derive.isPending}
                aria-busy={derive.isPending || undefined}
                onClick={onDerive}
              >
                {derive.isPending && <Spinner />}
                {derive.isPending ? 'Reading your posts…' : voice.profile ? 'Derive the profile again' : 'Derive voice profile'}
              </Button>
            </div>
          </fieldset>

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
