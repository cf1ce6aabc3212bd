import { Link } from '@tanstack/react-router'
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { authErrorMessage } from '~/lib/auth-error'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_HINT } from '~/shared/password'
import { FormError } from './form-error'
import { useAuthFormSubmit } from './use-auth-form-submit'

/** The link was expired, already used, or mangled: say so and offer a fresh one. */
export function InvalidResetLink() {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive" role="alert" icon={<CircleAlertIcon />}>
        <AlertTitle>This reset link is invalid or has expired</AlertTitle>
        <AlertDescription>Reset links work once, for one hour. Request a new one to choose your password.</AlertDescription>
      </Alert>
      <Button asChild className="w-full">
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </div>
  )
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const [tokenRejected, setTokenRejected] = useState(false)
  const { error, pending, onSubmit } = useAuthFormSubmit({
    call: (client) => client.resetPassword({ newPassword: password, token }),
    onSuccess: () => setDone(true),
    onError: (failure) => {
      // An expired or used token cannot be fixed by retyping: show the same view as ?error=INVALID_TOKEN.
      if (failure.code !== 'INVALID_TOKEN') return authErrorMessage(failure)
      setTokenRejected(true)
      return null
    },
  })

  if (tokenRejected) return <InvalidResetLink />

  if (done) {
    return (
      <div className="grid gap-4">
        <Alert variant="success" icon={<CircleCheckIcon />}>
          <AlertTitle>Password changed</AlertTitle>
          <AlertDescription>Sign in with your new password.</AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to="/sign-in">Sign in</Link>
        </Button>
      </div>
    )
  }

  return (
    // POST: a submit before the page has hydrated must not put what was typed in the address.
    <form method="post" onSubmit={onSubmit} className="grid gap-4">
      <FormError message={error} />
      <FormField
        label="New password"
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
      <SubmitButton pending={pending} pendingLabel="Saving…" className="w-full">
        Set new password
      </SubmitButton>
    </form>
  )
}
