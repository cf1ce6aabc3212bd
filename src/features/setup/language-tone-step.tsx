import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { StepActions } from './step-actions'
import { ComboboxField, optionsOf, SelectField } from '~/features/settings/fields'
import { orpc } from '~/lib/orpc'
import type { Business } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { KEYWORD_REGIONS, LANGUAGES, TONES } from '~/shared/business-profile'
import { articleLanguageOf } from '~/shared/markets'
import { LANGUAGE_TONE_DEFAULTS, languageToneSchema } from '~/shared/setup-wizard'

const REGION_OPTIONS = KEYWORD_REGIONS.map((region) => ({ value: region.code, label: region.name }))

/** Step 4: the language articles are written in, their tone, and the keyword market (defaults from the site's market, docs/product/pipeline.md "Markets"; Informative). */
export function LanguageToneStep({ business, onBack, onSaved }: { business: Business; onBack: () => void; onSaved: () => void }) {
  const [values, setValues] = useState({
    language: business.language || LANGUAGE_TONE_DEFAULTS.language,
    tone: business.tone || LANGUAGE_TONE_DEFAULTS.tone,
    keywordRegion: business.keywordRegion || LANGUAGE_TONE_DEFAULTS.keywordRegion,
  })
  const [languageChosen, setLanguageChosen] = useState(false)
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
        <ComboboxField
          id="setup-language"
          label="Language"
          value={values.language}
          options={optionsOf(LANGUAGES)}
          onChange={(language) => {
            setLanguageChosen(true)
            set('language')(language)
          }}
        />
        <SelectField id="setup-tone" label="Tone" value={values.tone} options={optionsOf(TONES)} onChange={set('tone')} />
        <ComboboxField
          id="setup-region"
          label="Keyword region"
          value={values.keywordRegion}
          options={REGION_OPTIONS}
          onChange={(region) => {
            set('keywordRegion')(region)
            // Articles are written in the market's main language until the user picks one.
            if (!languageChosen) set('language')(articleLanguageOf(region))
          }}
          hint="The country keyword volumes and search results come from."
        />
      </div>
      <StepActions onBack={onBack} pending={save.isPending} />
    </form>
  )
}
