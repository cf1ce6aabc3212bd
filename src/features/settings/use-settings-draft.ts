import { useCallback, useState } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, firstInvalidField, type FieldErrors } from './form-errors'

/**
 * The state every settings card's form keeps: the draft as typed (from `baseline`, the saved
 * values), the error under each field, and focus on the first invalid field, in the form's
 * `fieldOrder`, whenever errors are shown (a failed check here or the server's refusal).
 */
export function useSettingsDraft<Draft extends Record<string, unknown>>(
  baseline: Draft,
  fieldOrder: readonly (keyof Draft & string)[],
  fieldId: (name: keyof Draft & string) => string,
) {
  const [draft, setDraft] = useState<Draft>(baseline)
  const [errors, setErrors] = useState<FieldErrors>({})

  const showErrors = useCallback(
    (next: FieldErrors) => {
      setErrors(next)
      const first = firstInvalidField(fieldOrder, next) as (keyof Draft & string) | undefined
      if (first) document.getElementById(fieldId(first))?.focus()
    },
    [fieldOrder, fieldId],
  )

  /** A field typed in: its value, and its error gone until the next check. */
  const change = useCallback(<K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }))
    setErrors(({ [name as string]: _cleared, ...rest }) => rest)
  }, [])

  /** The input checked with the procedure's own schema: its data, or undefined with the errors shown. */
  function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> | undefined {
    const parsed = schema.safeParse(input)
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error))
      return undefined
    }
    setErrors({})
    return parsed.data
  }

  return {
    draft,
    /** Replaces the draft, e.g. with what the server saved (its trimmed values are the new baseline). */
    setDraft,
    errors,
    showErrors,
    change,
    validate,
    /** Whether any field differs from the saved values (Save stays disabled until one does). */
    dirty: fieldOrder.some((name) => draft[name] !== baseline[name]),
    /** Back to the saved values, without errors. */
    reset: () => {
      setDraft(baseline)
      setErrors({})
    },
  }
}
