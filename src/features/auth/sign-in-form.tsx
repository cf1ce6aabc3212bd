import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { authErrorMessage } from '~/lib/auth-error'
import { callAuth } from '~/lib/call-auth'
import { FormError } from './form-error'

/**
 * Email and password sign-in. Only `required` is checked here: email and password rules belong to
 * the server, whose exact message ("Invalid email or password", "Email not verified") is shown.
 */
export function SignInForm({ initialError }: { initialError?: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(initialError ?? null)
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // onSubmit rather than a form action: React resets a form after an action, losing the email.
    event.preventDefault()
    setPending(true)
    setError(null)
    const result = await callAuth((client) => client.signIn.email({ email, password }))
    if (result.error) {
      setError(authErrorMessage(result.error))
      setPending(false)
      return
    }
    // A previous user's cached data (same tab, session ended elsewhere) must never show for this one.
    queryClient.clear()
    // The gate on /content sends a user without a plan or business on to /paywall or /setup.
    await navigate({ to: '/content' })
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
