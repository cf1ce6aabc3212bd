import { ArrowRightIcon } from 'lucide-react'
import { useId } from 'react'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import type { FieldErrors } from '~/features/settings/form-errors'
import {
  WEBFLOW_TARGET_DEFINITIONS,
  WEBFLOW_TARGETS,
  webflowFieldsFor,
  type WebflowCollectionField,
  type WebflowFieldMap,
  type WebflowTarget,
} from '~/shared/webflow-fields'

/**
 * Where the Webflow connector puts each part of the article (src/shared/webflow-fields.ts): the
 * collection fields Test connection read, and the map chosen for them.
 */
export interface WebflowMapping {
  fields: WebflowCollectionField[]
  map: WebflowFieldMap
}

/** The key a part's error is kept under in the form's errors (integration.connect's path ['fieldMap', part]). */
export const fieldMapErrorKey = (target: WebflowTarget) => `fieldMap.${target}`

/** Radix Select has no empty value: this one stands for "not sent". */
const NONE = 'none'

const fieldLabel = (field: WebflowCollectionField | undefined, slug: string) =>
  field ? `${field.displayName} (${field.slug})` : `${slug} (not in the collection)`

/** The form's part: one choice per part of the article, from the collection's fields of a fitting type. */
export function WebflowFieldMapFieldset({
  mapping,
  value,
  onChange,
  errors,
}: {
  mapping: WebflowMapping
  value: WebflowFieldMap
  onChange: (target: WebflowTarget, slug: string) => void
  errors: FieldErrors
}) {
  const id = useId()
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3" aria-describedby={`${id}-hint`} data-testid="webflow-field-map">
      <legend className="px-1 text-sm font-medium">What goes where</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The collection’s fields as Test connection read them. The title and the slug always go to Webflow’s Name and Slug. Added a field in
        Webflow? Save, or press Test connection, to see it here.
      </p>
      {WEBFLOW_TARGETS.map((target) => {
        const definition = WEBFLOW_TARGET_DEFINITIONS[target]
        const options = webflowFieldsFor(target, mapping.fields)
        const chosen = value[target]
        const known = options.some((field) => field.slug === chosen)
        const error = errors[fieldMapErrorKey(target)]
        const controlId = `${id}-${target}`
        return (
          <div key={target} className="grid min-w-0 gap-1.5">
            <label htmlFor={controlId} className="text-sm font-medium">
              {definition.label}
            </label>
            <div className="grid min-w-0 gap-1">
              <Select value={chosen || NONE} onValueChange={(next) => onChange(target, next === NONE ? '' : next)}>
                <SelectTrigger
                  id={controlId}
                  className="w-full min-w-0 [&>span]:min-w-0 [&>span]:truncate"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[`${controlId}-hint`, error && `${controlId}-error`].filter(Boolean).join(' ')}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {!definition.required && <SelectItem value={NONE}>Not sent</SelectItem>}
                  {definition.required && !chosen && (
                    <SelectItem value={NONE} disabled>
                      Choose a field
                    </SelectItem>
                  )}
                  {chosen && !known && <SelectItem value={chosen}>{fieldLabel(undefined, chosen)}</SelectItem>}
                  {options.map((field) => (
                    <SelectItem key={field.slug} value={field.slug}>
                      {fieldLabel(field, field.slug)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={`${controlId}-hint`} className="text-xs text-muted-foreground">
                {definition.help} {options.length === 0 && `The collection has no ${definition.types.join(' or ')} field for it.`}
              </p>
              {error && (
                <p id={`${controlId}-error`} className="text-xs text-red-300">
                  {error}
                </p>
              )}
            </div>
          </div>
        )
      })}
    </fieldset>
  )
}

/** The card's part: each part of the article and the field that receives it. */
export function WebflowFieldMapSummary({ mapping }: { mapping: WebflowMapping }) {
  const rows: Array<[string, string | null]> = [
    ['Title', 'Name (name)'],
    ['Slug', 'Slug (slug)'],
    ...WEBFLOW_TARGETS.map((target): [string, string | null] => {
      const slug = mapping.map[target]
      return [
        WEBFLOW_TARGET_DEFINITIONS[target].label,
        slug
          ? fieldLabel(
              mapping.fields.find((field) => field.slug === slug),
              slug,
            )
          : null,
      ]
    }),
  ]
  return (
    <div className="col-span-2 min-w-0" data-testid="webflow-fields">
      <dt className="text-xs text-muted-foreground">What goes where</dt>
      <dd>
        <ul className="mt-1 grid gap-1 text-xs">
          {rows.map(([ours, theirs]) => (
            <li key={ours} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
              <span className="font-medium">{ours}</span>
              <ArrowRightIcon aria-label="goes to" className="size-3 shrink-0 text-muted-foreground" />
              <span className={theirs ? 'min-w-0 break-words' : 'text-muted-foreground'}>{theirs ?? 'Not sent'}</span>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-muted-foreground">Images are uploaded to the site’s assets. Change the fields with Edit.</p>
      </dd>
    </div>
  )
}
