import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { StepActions } from './step-actions'
import { optionsOf, SelectField } from '~/features/settings/fields'
import { orpc } from '~/lib/orpc'
import type { Business } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { KEYWORD_REGIONS, LANGUAGES, TONES } from '~/shared/business-profile'
import { LANGUAGE_TONE_DEFAULTS, languageToneSchema } from '~/shared/setup-wizard'

const REGION_OPTIONS = KEYWORD_REGIONS.map((region) => ({ value: region.code, label: region.name }))

/** Step 4: the language articles are written in, their tone, and the keyword market (defaults English, Informative, US). */
export function LanguageToneStep({ business, onBack, onSaved }: { business: Business; onBack: () => void; onSaved: () => void }) {
  const [values, setValues] = useState({
    language: business.language || LANGUAGE_TONE_DEFAULTS.language,
    tone: business.tone || LANGUAGE_TONE_DEFAULTS.tone,
    keywordRegion: business.keywordRegion || LANGUAGE_TONE_DEFAULTS.keywordRegion,
  })
  const save = useMutation(
    orpc.setup.saveLanguageTone.mutationOptions({
      onSuccess: () => {
        toast.success('Language and tone saved')
        onSaved()
      },
      onError: (error) => toast.error('Could not save language and tone', { description: error.message }),
    }),
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = languageToneSchema.safeParse(values)
    if (!parsed.success)
      return toast.error('Could not save language and tone', { description: parsed.error.issues.map((issue) => issue.message).join(' ') })
    save.mutate({ businessId: business.id, settings: parsed.data })
  }
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }))
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id="setup-language"
          label="Language"
          value={values.language}
          options={optionsOf(LANGUAGES)}
          onChange={set('language')}
        />
        <SelectField id="setup-tone" label="Tone" value={values.tone} options={optionsOf(TONES)} onChange={set('tone')} />
        <SelectField
          id="setup-region"
          label="Keyword region"
          value={values.keywordRegion}
          options={REGION_OPTIONS}
          onChange={set('keywordRegion')}
          hint="The market keyword volumes come from."
        />
      </div>
      <StepActions onBack={onBack} pending={save.isPending} />
    </form>
  )
}
