import { Button, type ButtonProps } from './button'
import { Spinner } from './spinner'

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  pending: boolean
  /** Shown while pending, e.g. "Signing in…". */
  pendingLabel: string
}

/** A form's submit button that shows progress and blocks double submits while a request runs. */
export function SubmitButton({ pending, pendingLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </Button>
  )
}
