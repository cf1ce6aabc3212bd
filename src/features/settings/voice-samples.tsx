import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { Spinner } from '~/components/ui/spinner'
import { orpc } from '~/lib/orpc'
import { deriveVoiceInput, VOICE_LIMITS, type VoiceProfile, type VoiceSample } from '~/shared/brand-voice'
import type { BusinessSettings } from '~/shared/settings'
import { TextareaField } from './fields'
import { useSettingsSaveHandlers } from './use-save-settings'

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

/** The message of the first issue about the samples, naming the sample ("Sample 2: …") when the schema did not. */
function samplesMessage(issues: readonly { message: string; path: readonly PropertyKey[] }[]): string | undefined {
  const issue = issues.find((item) => item.path[0] === 'samples')
  if (!issue) return undefined
  const index = issue.path[1]
  return typeof index === 'number' && !/^Sample \d/.test(issue.message) ? `Sample ${index + 1}: ${issue.message}` : issue.message
}

/**
 * The sample posts being edited and the derivation from them (settings.deriveVoice): a refusal
 * about the samples shows under them; `onDerived` receives the derived profile.
 */
export function useVoiceSamples(voice: BusinessSettings['voice'], onDerived: (profile: VoiceProfile | null) => void) {
  const [samples, setSamples] = useState<SampleDraft[]>(() =>
    voice.samples.length > 0 ? voice.samples.map(sampleDraft) : [{ kind: 'url', url: '', text: '' }],
  )
  const [samplesError, setSamplesError] = useState<string | undefined>()

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

  function removeSample(index: number) {
    setSamples((current) => current.filter((_, at) => at !== index))
    setSamplesError(undefined)
  }

  function addSample() {
    setSamples((current) => [...current, { kind: 'url', url: '', text: '' }])
  }

  function onDerive() {
    const parsed = deriveVoiceInput.safeParse({ samples: samples.map(sampleInput) })
    if (!parsed.success) {
      setSamplesError(samplesMessage(parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path }))))
      return
    }
    setSamplesError(undefined)
    derive.mutate(parsed.data, { onSuccess: (saved) => onDerived(saved.voice.profile) })
  }

  return { samples, samplesError, deriving: derive.isPending, updateSample, removeSample, addSample, onDerive }
}

type VoiceSamples = ReturnType<typeof useVoiceSamples>

/** The sample posts, each an address or pasted text, and the buttons that add one and derive the profile. */
export function VoiceSamplesFieldset({ samples: state, hasDerived }: { samples: VoiceSamples; hasDerived: boolean }) {
  const { samples, samplesError, deriving } = state
  return (
    <fieldset className="grid gap-3" aria-describedby="voice-samples-hint">
      <legend className="text-sm font-medium">Sample posts</legend>
      <p id="voice-samples-hint" className="text-xs text-muted-foreground">
        Up to {VOICE_LIMITS.samples} of your best posts: the address of a published post, or its text pasted (at most{' '}
        {VOICE_LIMITS.sampleChars.toLocaleString('en-US')} characters).
      </p>
      {samples.map((sample, index) => (
        <SampleEditor key={index} sample={sample} index={index} state={state} />
      ))}
      {samplesError && (
        <p role="alert" className="text-xs text-red-300">
          {samplesError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" disabled={samples.length >= VOICE_LIMITS.samples} onClick={state.addSample}>
          Add a sample
        </Button>
        <Button type="button" disabled={samples.length === 0 || deriving} aria-busy={deriving || undefined} onClick={state.onDerive}>
          {deriving && <Spinner />}
          {deriving ? 'Reading your posts…' : hasDerived ? 'Derive the profile again' : 'Derive voice profile'}
        </Button>
      </div>
    </fieldset>
  )
}

function SampleEditor({ sample, index, state }: { sample: SampleDraft; index: number; state: VoiceSamples }) {
  const { updateSample } = state
  return (
    <div className="grid gap-2 rounded-md border border-border bg-background/40 p-3">
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
          onClick={() => state.removeSample(index)}
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
  )
}
