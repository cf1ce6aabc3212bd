import { useState, type FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { articleSettingsSchema, IMAGE_STYLES, KEYWORD_REGIONS, LANGUAGES, TONES, type ArticleSettings } from '~/shared/business-profile'
import type { BusinessSettings } from '~/shared/settings'
import { CheckboxField, ComboboxField, optionsOf, SaveFooter, SelectField } from './fields'
import { isHexColor } from './form-errors'
import { useUpdateArticleSettings } from './use-save-settings'
import { useSettingsDraft } from './use-settings-draft'

/** Numbers and colours are typed as text; the schema judges them on save. */
const NUMBER_FIELDS = ['internalLinks', 'articleLeadDays', 'seoScoreFloor', 'articleMinWords', 'articleMaxWords'] as const
type NumberField = (typeof NUMBER_FIELDS)[number]
type Draft = Omit<ArticleSettings, NumberField> & Record<NumberField, string>

const NUMBER_MESSAGES: Record<NumberField, string> = {
  internalLinks: 'Internal links must be a whole number.',
  articleLeadDays: 'Lead time must be a whole number of days.',
  seoScoreFloor: 'The score floor must be a whole number.',
  articleMinWords: 'The minimum length must be a whole number of words.',
  articleMaxWords: 'The maximum length must be a whole number of words.',
}

const FIELD_ORDER = [
  'language',
  'tone',
  'keywordRegion',
  'imageStyle',
  'brandColor',
  'internalLinks',
  'articleLeadDays',
  'seoScoreFloor',
  'articleMinWords',
  'articleMaxWords',
  'autoPublish',
  'addYoutubeVideo',
  'addCta',
  'includeInfographics',
] as const
const fieldId = (name: keyof Draft) => `article-${name}`

const TOGGLES = [
  { name: 'autoPublish', label: 'Publish automatically', hint: 'Finished articles go to your connected site without review.' },
  { name: 'addYoutubeVideo', label: 'Add a YouTube video', hint: 'Embed a relevant video in each article.' },
  { name: 'addCta', label: 'Add a call to action', hint: 'End each article by pointing readers to your business.' },
  { name: 'includeInfographics', label: 'Include infographics', hint: 'Illustrate key points with generated infographics.' },
] as const

/** The number fields, in their order on the form. */
const NUMBER_INPUTS: readonly { name: NumberField; label: string; hint: string }[] = [
  { name: 'internalLinks', label: 'Internal links per article', hint: 'Links to your other pages, 0 to 10.' },
  {
    name: 'articleLeadDays',
    label: 'Write articles ahead (days)',
    hint: 'How many days before its publishing day an article is written, 1 to 14.',
  },
  {
    name: 'seoScoreFloor',
    label: 'Minimum SEO score',
    hint: 'Articles scoring below it wait for your review, even when publishing automatically.',
  },
  {
    name: 'articleMinWords',
    label: 'Minimum article length (words)',
    hint: 'Articles follow the length of the top search results, never shorter than this (300 to 10,000).',
  },
  {
    name: 'articleMaxWords',
    label: 'Maximum article length (words)',
    hint: 'Never longer than this, however long the top results are (at least the minimum, up to 10,000).',
  },
]

const toDraft = (settings: ArticleSettings): Draft => ({
  ...settings,
  internalLinks: String(settings.internalLinks),
  articleLeadDays: String(settings.articleLeadDays),
  seoScoreFloor: String(settings.seoScoreFloor),
  articleMinWords: String(settings.articleMinWords),
  articleMaxWords: String(settings.articleMaxWords),
})

/** A number as typed, or NaN when the text is not one. */
function numberValue(text: string): number {
  const trimmed = text.trim()
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** Every article setting of a business, validated with settings.updateArticleSettings's schema. */
export function ArticleSettingsForm({ settings }: { settings: BusinessSettings }) {
  const baseline = toDraft(settings.articleSettings)
  const form = useSettingsDraft(baseline, FIELD_ORDER, fieldId)
  const { draft, errors, change } = form
  // The picker can only show a valid colour: while the text is not one, it keeps the last valid.
  const [pickerColor, setPickerColor] = useState(baseline.brandColor)
  const save = useUpdateArticleSettings(form.showErrors)

  function changeColor(value: string) {
    change('brandColor', value)
    if (isHexColor(value)) setPickerColor(value.trim().toLowerCase())
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const numbers = Object.fromEntries(NUMBER_FIELDS.map((name) => [name, numberValue(draft[name])])) as Record<NumberField, number>
    const notNumbers = NUMBER_FIELDS.filter((name) => Number.isNaN(numbers[name]))
    if (notNumbers.length > 0) return form.showErrors(Object.fromEntries(notNumbers.map((name) => [name, NUMBER_MESSAGES[name]])))
    const input = form.validate(articleSettingsSchema, { ...draft, ...numbers })
    if (!input) return
    save.mutate(input, {
      onSuccess: (saved) => {
        form.setDraft(toDraft(saved.articleSettings))
        setPickerColor(saved.articleSettings.brandColor)
      },
    })
  }

  function reset() {
    form.reset()
    setPickerColor(baseline.brandColor)
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="article-settings-title">
        <CardHeader>
          <CardTitle id="article-settings-title">Article settings</CardTitle>
          <CardDescription>How new articles for this business are written, illustrated and published.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-4 md:grid-cols-2">
            <ComboboxField
              id={fieldId('language')}
              label="Language"
              value={draft.language}
              options={optionsOf(LANGUAGES)}
              error={errors.language}
              onChange={(value) => change('language', value as Draft['language'])}
            />
            <SelectField
              id={fieldId('tone')}
              label="Tone"
              value={draft.tone}
              options={optionsOf(TONES)}
              error={errors.tone}
              onChange={(value) => change('tone', value as Draft['tone'])}
            />
            <ComboboxField
              id={fieldId('keywordRegion')}
              label="Keyword region"
              hint="The country search volumes, difficulty and search results come from."
              value={draft.keywordRegion}
              options={KEYWORD_REGIONS.map((region) => ({ value: region.code, label: region.name }))}
              error={errors.keywordRegion}
              onChange={(value) => change('keywordRegion', value)}
            />
            <SelectField
              id={fieldId('imageStyle')}
              label="Image style"
              value={draft.imageStyle}
              options={optionsOf(IMAGE_STYLES)}
              error={errors.imageStyle}
              onChange={(value) => change('imageStyle', value as Draft['imageStyle'])}
            />
            <BrandColorField pickerColor={pickerColor} value={draft.brandColor} error={errors.brandColor} onChange={changeColor} />
            {NUMBER_INPUTS.map(({ name, label, hint }) => (
              <FormField
                key={name}
                id={fieldId(name)}
                name={name}
                label={label}
                hint={hint}
                inputMode="numeric"
                value={draft[name]}
                error={errors[name]}
                onChange={(event) => change(name, event.target.value)}
              />
            ))}
          </div>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="sr-only">Article options</legend>
            {TOGGLES.map(({ name, label, hint }) => (
              <CheckboxField
                key={name}
                id={fieldId(name)}
                label={label}
                hint={hint}
                checked={draft[name]}
                onChange={(checked) => change(name, checked)}
              />
            ))}
          </fieldset>
        </CardContent>
        <SaveFooter dirty={form.dirty} pending={save.isPending} onReset={reset} saveLabel="Save article settings" />
      </form>
    </Card>
  )
}

/** The brand colour as text beside a picker; the picker can only show a valid colour. */
function BrandColorField({
  pickerColor,
  value,
  error,
  onChange,
}: {
  pickerColor: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={fieldId('brandColor')}>Brand colour</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label="Brand colour picker"
          value={pickerColor}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
        />
        <Input
          id={fieldId('brandColor')}
          name="brandColor"
          value={value}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId('brandColor')}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${fieldId('brandColor')}-error`} className="text-xs text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
