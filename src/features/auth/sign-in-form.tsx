import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { FormError } from './form-error'
import { useAuthFormSubmit, useEnterApp } from './use-auth-form-submit'

/**
 * Email and password sign-in. Only `required` is checked here: email and password rules belong to
 * the server, whose exact message ("Invalid email or password", "Email not verified") is shown.
 */
export function SignInForm({ initialError }: { initialError?: string }) {
  const enterApp = useEnterApp()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { error, pending, onSubmit } = useAuthFormSubmit({
    call: (client) => client.signIn.email({ email, password }),
    onSuccess: enterApp,
    initialError,
  })

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
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        labelAside={
          <Link to="/forgot-password" className="text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Forgot password?
          </Link>
        }
      />
      <SubmitButton pending={pending} pendingLabel="Signing in…" className="w-full">
        Sign in
      </SubmitButton>
    </form>
  )
}
