import { linesToList, listToLines } from '~/features/settings/form-errors'
import type { SetupProfile, SetupProfileInput } from '~/shared/setup-wizard'
import { PROFILE_LIST_FIELDS, type ProfileListField } from '~/shared/business-profile'

/**
 * Step 1's form state: every profile field of the business as text, list fields one entry per
 * line, so an analysis result, a saved business and the user's typing all meet in one shape.
 */

export type ListField = ProfileListField | 'seeds'
export type TextField = 'name' | 'description' | 'industry' | 'businessModel' | 'valueProposition'
export type ProfileDraft = Record<TextField | ListField, string>

export const TEXT_FIELDS: { name: TextField; label: string; multiline?: boolean }[] = [
  { name: 'name', label: 'Business name' },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'industry', label: 'Industry' },
  { name: 'businessModel', label: 'Business model' },
  { name: 'valueProposition', label: 'Value proposition', multiline: true },
]

export const LIST_FIELDS: readonly { name: ListField; label: string }[] = [
  ...PROFILE_LIST_FIELDS,
  { name: 'seeds', label: 'Seed keywords' },
]

/** Where the website address sits in the form's field order (for focusing the first error). */
export const FIELD_ORDER = ['url', ...TEXT_FIELDS.map((field) => field.name), ...LIST_FIELDS.map((field) => field.name)]

export const EMPTY_DRAFT: ProfileDraft = Object.fromEntries(
  FIELD_ORDER.filter((name) => name !== 'url').map((name) => [name, '']),
) as ProfileDraft

type ProfileSource = Partial<Record<TextField, string | null>> & Partial<Record<ListField, readonly string[] | unknown>>

const entries = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : []

/** A saved business or an analysis result as the form's text. */
export function toDraft(source: ProfileSource): ProfileDraft {
  const draft = { ...EMPTY_DRAFT }
  for (const { name } of TEXT_FIELDS) draft[name] = source[name] ?? ''
  for (const { name } of LIST_FIELDS) draft[name] = listToLines(entries(source[name]))
  return draft
}

/** The form's text as the profile the server validates (setupProfileSchema). */
export function fromDraft(draft: ProfileDraft, url: string): SetupProfileInput {
  return {
    url,
    name: draft.name,
    description: draft.description,
    industry: draft.industry,
    businessModel: draft.businessModel,
    valueProposition: draft.valueProposition,
    targetAudiences: linesToList(draft.targetAudiences),
    services: linesToList(draft.services),
    primaryServices: linesToList(draft.primaryServices),
    coreProducts: linesToList(draft.coreProducts),
    customerProblems: linesToList(draft.customerProblems),
    competitiveAdvantages: linesToList(draft.competitiveAdvantages),
    targetOutcomes: linesToList(draft.targetOutcomes),
    seeds: linesToList(draft.seeds),
  }
}

/** An analysis result's profile (its seed list is called seedKeywords there). */
export function draftFromAnalysis(profile: Omit<SetupProfile, 'seeds' | 'url'> & { seedKeywords: string[] }): ProfileDraft {
  return toDraft({ ...profile, seeds: profile.seedKeywords })
}
