import { MailCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { FormError } from './form-error'
import { useAuthFormSubmit } from './use-auth-form-submit'

/** Where the emailed link lands after the server checks the token (`?token=` or `?error=`). */
const RESET_PAGE = '/reset-password'

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const { error, pending, onSubmit } = useAuthFormSubmit({
    call: (client) => client.requestPasswordReset({ email, redirectTo: RESET_PAGE }),
    onSuccess: () => setSent(true),
  })

  if (sent) {
    // The server answers the same for unknown addresses, so we must not claim an email was sent.
    return (
      <Alert variant="success" icon={<MailCheckIcon />}>
        <AlertTitle>Check your email</AlertTitle>
        <AlertDescription>
          If an account uses {email}, a link to reset its password is on its way. The link works for one hour.
        </AlertDescription>
      </Alert>
    )
  }

  return (
    // POST: a submit before the page has hydrated must not put what was typed in the address.
    <form method="post" onSubmit={onSubmit} className="grid gap-4">
      <FormError message={error} />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton pending={pending} pendingLabel="Sending link…" className="w-full">
        Send reset link
      </SubmitButton>
    </form>
  )
}
