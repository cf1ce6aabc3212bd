import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { authErrorMessage } from '~/lib/auth-error'
import { callAuth } from '~/lib/call-auth'

type AuthClient = Parameters<Parameters<typeof callAuth>[0]>[0]
type AuthError = { code?: string; message?: string | null; statusText?: string | null; status?: number }
type AuthAnswer<T> = { data: T | null; error: AuthError | null }

/** What onSuccess answers when it leaves the page: the form stays pending until it is gone. */
export const LEAVING = 'leaving'

/**
 * The submit of an auth form (sign-in, sign-up, forgot and reset password): one better-auth call
 * through callAuth, pending meanwhile, and its error shown in the form as the server words it
 * (authErrorMessage). `onError` may word an error itself, or answer null to show none (the form
 * shows something else instead). `onSuccess` gets the call's data; the form stops being pending
 * after it unless it answers LEAVING.
 */
export function useAuthFormSubmit<T>({
  call,
  onSuccess,
  onError = authErrorMessage,
  initialError,
}: {
  call: (client: AuthClient) => Promise<AuthAnswer<T>>
  onSuccess: (data: T | null) => void | typeof LEAVING | Promise<void | typeof LEAVING>
  onError?: (error: AuthError) => string | null
  initialError?: string
}) {
  const [error, setError] = useState<string | null>(initialError ?? null)
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // onSubmit rather than a form action: React resets a form after an action, losing what was typed.
    event.preventDefault()
    setPending(true)
    setError(null)
    const result = await callAuth(call)
    if (result.error) {
      setError(onError(result.error))
      setPending(false)
      return
    }
    if ((await onSuccess(result.data)) !== LEAVING) setPending(false)
  }

  return { error, pending, onSubmit }
}

/**
 * After a sign-in or a sign-up with a session: into the app. The gate on /content sends a user
 * without a plan or business on to /paywall or /setup.
 */
export function useEnterApp() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async (): Promise<typeof LEAVING> => {
    // A previous user's cached data (same tab, session ended elsewhere) must never show for this one.
    queryClient.clear()
    await navigate({ to: '/content' })
    return LEAVING
  }
}
