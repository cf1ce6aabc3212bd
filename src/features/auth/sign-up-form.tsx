import { MailCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_HINT } from '~/shared/password'
import { FormError } from './form-error'
import { useAuthFormSubmit, useEnterApp } from './use-auth-form-submit'

/**
 * Account creation with name, email and password. The password's length rule is stated under the
 * field from the constants the server enforces, and the browser checks it before submitting;
 * the server still judges ("Password too short", "User already exists") and its message is shown as is.
 */
export function SignUpForm() {
  const enterApp = useEnterApp()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null)
  const { error, pending, onSubmit } = useAuthFormSubmit({
    call: (client) => client.signUp.email({ name, email, password }),
    onSuccess: (data) => {
      // With email verification required the server creates the user but no session (token null):
      // the user must click the emailed link before signing in.
      if (!data?.token) {
        setVerificationSentTo(email)
        return
      }
      return enterApp()
    },
  })

  if (verificationSentTo) {
    return (
      <Alert variant="success" icon={<MailCheckIcon />}>
        <AlertTitle>Check your email</AlertTitle>
        <AlertDescription>
          We sent a verification link to {verificationSentTo}. Open it to finish creating your account; the link works for one hour.
        </AlertDescription>
      </Alert>
    )
  }

  return (
    // POST: a submit before the page has hydrated must not put what was typed in the address.
    <form method="post" onSubmit={onSubmit} className="grid gap-4">
      <FormError message={error} />
      <FormField label="Name" name="name" autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={PASSWORD_RULE_HINT}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton pending={pending} pendingLabel="Creating account…" className="w-full">
        Create account
      </SubmitButton>
    </form>
  )
}
