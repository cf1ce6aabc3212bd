import { CircleAlertIcon } from 'lucide-react'
import { Alert, AlertDescription } from '~/components/ui/alert'

/** The server's message for a failed submit, announced as it appears (role="alert"). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <Alert variant="destructive" role="alert" icon={<CircleAlertIcon />}>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  )
}
