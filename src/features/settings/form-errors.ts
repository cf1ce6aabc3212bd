import type { z } from 'zod'

/** Field name → the first message for it, as shown under each input. */
export type FieldErrors = Record<string, string>

/** The first issue per top-level field of a failed client-side parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field && !(field in errors)) errors[field] = issue.message
  }
  return errors
}

/**
 * The field errors a procedure sent back (data.issues with a path, see readableInputErrors and
 * BUSINESS_URL_TAKEN), or null when the error is not about particular fields.
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  const issues = (error as { data?: { issues?: readonly { message: string; path?: readonly PropertyKey[] }[] } } | null)?.data?.issues
  if (!Array.isArray(issues)) return null
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issue.path?.[0]
    if (field !== undefined && !(String(field) in errors)) errors[String(field)] = issue.message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** The first field, in the form's order, that has an error. */
export function firstInvalidField(order: readonly string[], errors: FieldErrors): string | undefined {
  return order.find((field) => field in errors)
}

/** One entry per line, as list fields are edited; blank lines are dropped. */
export function linesToList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

export const listToLines = (items: readonly string[]) => items.join('\n')

/** `#rrggbb` (any case): what the colour picker can show. */
export const isHexColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value.trim())
