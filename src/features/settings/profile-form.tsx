import type { FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { toast } from '~/lib/toast'
import {
  businessProfileSchema,
  normalizeSiteAddress,
  PROFILE_LIST_FIELDS,
  type BusinessProfile,
  type ProfileListField,
} from '~/shared/business-profile'
import type { BusinessSettings } from '~/shared/settings'
import { SaveFooter, TextareaField } from './fields'
import { linesToList, listToLines } from './form-errors'
import { useUpdateProfile } from './use-save-settings'
import { useSettingsDraft } from './use-settings-draft'

type ListField = ProfileListField
type TextField = Exclude<keyof BusinessProfile, ListField>
/** The form edits everything as text: list fields one entry per line. */
type Draft = Record<keyof BusinessProfile, string>

const TEXT_FIELDS: { name: TextField; label: string; multiline?: boolean; hint?: string }[] = [
  { name: 'name', label: 'Business name' },
  { name: 'url', label: 'Website', hint: 'example.com is saved as https://example.com.' },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'industry', label: 'Industry' },
  { name: 'businessModel', label: 'Business model' },
  { name: 'valueProposition', label: 'Value proposition', multiline: true },
]

const LIST_FIELDS: readonly { name: ListField; label: string }[] = PROFILE_LIST_FIELDS

const FIELD_ORDER = [...TEXT_FIELDS, ...LIST_FIELDS].map((field) => field.name)
const fieldId = (name: keyof Draft) => `profile-${name}`

function toDraft(profile: BusinessProfile): Draft {
  const draft = {} as Draft
  for (const { name } of TEXT_FIELDS) draft[name] = profile[name]
  for (const { name } of LIST_FIELDS) draft[name] = listToLines(profile[name])
  return draft
}

function fromDraft(draft: Draft) {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map(({ name }) => [name, draft[name]])),
    ...Object.fromEntries(LIST_FIELDS.map(({ name }) => [name, linesToList(draft[name])])),
  }
}

/**
 * The business profile (what analysis filled in at setup, docs/product/pipeline.md), validated with the
 * same schema as settings.updateProfile. Save stays disabled until something changed.
 */
export function ProfileForm({ settings }: { settings: BusinessSettings }) {
  const { draft, setDraft, errors, showErrors, change, validate, dirty, reset } = useSettingsDraft(
    toDraft(settings.profile),
    FIELD_ORDER,
    fieldId,
  )
  const save = useUpdateProfile(showErrors)

  /** The site-address rule: a bare host gets https://; anything else is refused by name (docs/product/entities.md). */
  const normalizedUrl = (value: string) => {
    const result = normalizeSiteAddress(value)
    if (result.ok) return result.url
    toast.error('Check the Website field', {
      description: `"${value.trim()}" is not a web address. Enter one such as example.com.`,
      id: 'website-address',
    })
    return value
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const url = normalizedUrl(draft.url)
    if (url !== draft.url) setDraft((current) => ({ ...current, url }))
    const input = validate(businessProfileSchema, fromDraft({ ...draft, url }))
    if (!input) return
    save.mutate(input, {
      // The saved profile is the new baseline; its trimmed values replace what was typed.
      onSuccess: (saved) => setDraft(toDraft(saved.profile)),
    })
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
        <CardHeader>
          <CardTitle id="profile-title">Business profile</CardTitle>
          <CardDescription>What articles and keyword research know about your business.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {TEXT_FIELDS.map(({ name, label, multiline, hint }) =>
            multiline ? (
              <TextareaField
                key={name}
                id={fieldId(name)}
                name={name}
                label={label}
                className="md:col-span-2"
                value={draft[name]}
                error={errors[name]}
                onChange={(event) => change(name, event.target.value)}
              />
            ) : (
              <FormField
                key={name}
                id={fieldId(name)}
                name={name}
                label={label}
                hint={hint}
                value={draft[name]}
                error={errors[name]}
                onChange={(event) => change(name, event.target.value)}
                onBlur={
                  name === 'url'
                    ? () => {
                        if (!draft.url.trim()) return
                        const url = normalizedUrl(draft.url)
                        if (url !== draft.url) change('url', url)
                      }
                    : undefined
                }
              />
            ),
          )}
          {LIST_FIELDS.map(({ name, label }) => (
            <TextareaField
              key={name}
              id={fieldId(name)}
              name={name}
              label={label}
              hint="One per line."
              value={draft[name]}
              error={errors[name]}
              onChange={(event) => change(name, event.target.value)}
            />
          ))}
        </CardContent>
        <SaveFooter dirty={dirty} pending={save.isPending} onReset={reset} saveLabel="Save profile" />
      </form>
    </Card>
  )
}
