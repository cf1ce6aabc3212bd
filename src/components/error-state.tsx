import { CircleAlertIcon, RotateCwIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from './ui/alert'
import { Button } from './ui/button'

interface ErrorStateProps {
  /** What could not be done, e.g. "Could not load your keywords". */
  title: string
  error: unknown
  onRetry: () => void
}

/** A failed load: what went wrong and a Try again button (design.md list states). */
export function ErrorState({ title, error, onRetry }: ErrorStateProps) {
  const message = error instanceof Error && error.message ? error.message : 'The server did not answer. Check your connection.'
  return (
    <Alert variant="destructive" role="alert" icon={<CircleAlertIcon />}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
      <div className="mt-2">
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Alert>
  )
}
