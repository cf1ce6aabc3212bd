import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '~/lib/utils'
import { Input } from './input'
import { Label } from './label'

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string
  /** Shown under the input and linked to it, so a screen reader reads it with the field. */
  error?: string
  /** Help text under the input, linked the same way. */
  hint?: string
  /** Something to put right of the label, such as a "Forgot password?" link. */
  labelAside?: ReactNode
}

/**
 * A labelled input with optional hint and error text, wired with aria attributes. Its rows stack
 * from the top (`content-start`): beside a taller neighbour in a form grid, the label and input
 * stay level with the neighbour's instead of spreading out over the extra height.
 */
export function FormField({ label, error, hint, labelAside, id, className, ...inputProps }: FormFieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  return (
    <div data-slot="form-field" className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
