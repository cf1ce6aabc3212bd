import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { FormField } from '~/components/ui/form-field'
import { Label } from '~/components/ui/label'
import { Skeleton } from '~/components/ui/skeleton'
import { SubmitButton } from '~/components/ui/submit-button'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { authClient, authErrorMessage } from '~/lib/auth-client'
import { toast } from '~/lib/toast'
import { accountsQuery, CREDENTIAL_PROVIDER, sessionsQuery } from './auth-queries'

const appRoute = getRouteApi('/_app')

/**
 * Change the password (change-password), or, for an account that signs in only through a
 * provider, set one: better-auth exposes set-password to the server only, so the way in is the
 * reset link mailed to the account's address.
 */
export function PasswordCard() {
  const accounts = useQuery(accountsQuery)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>The password you sign in with by email.</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <div role="status" aria-label="Loading sign-in methods" className="grid gap-2">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : accounts.isError ? (
          <ErrorPanel title="Could not load your sign-in methods" error={accounts.error} onRetry={() => accounts.refetch()} />
        ) : accounts.data.some((account) => account.providerId === CREDENTIAL_PROVIDER) ? (
          <ChangePasswordForm />
        ) : (
          <SetPasswordByEmail />
        )}
      </CardContent>
    </Card>
  )
}

function ChangePasswordForm() {
  const queryClient = useQueryClient()
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true)
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string; confirmation?: string }>({})
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next: typeof errors = {}
    if (!currentPassword) next.currentPassword = 'Enter your current password.'
    if (!newPassword) next.newPassword = 'Enter a new password.'
    if (newPassword && confirmation !== newPassword) next.confirmation = 'The passwords do not match.'
    setErrors(next)
    const first = (['currentPassword', 'newPassword', 'confirmation'] as const).find((field) => next[field])
    if (first) return document.getElementById(`password-${first}`)?.focus()

    setPending(true)
    const result = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions })
    setPending(false)
    if (result.error) {
      const message = authErrorMessage(result.error)
      // better-auth's wording: "Invalid password" is the current one; length rules the new one.
      if (/^Invalid password/i.test(message)) return setErrors({ currentPassword: message })
      if (/^Password too/i.test(message)) return setErrors({ newPassword: message })
      return toast.error('Could not change your password', { description: message })
    }
    setCurrentPassword('')
    setNewPassword('')
    setConfirmation('')
    toast.success('Password changed', { description: revokeOtherSessions ? 'Your other devices were signed out.' : undefined })
    await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 md:max-w-md" aria-label="Change password">
      <FormField
        id="password-currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={errors.currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <FormField
        id="password-newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        error={errors.newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <FormField
        id="password-confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <div className="flex items-center gap-2">
        <Checkbox id="password-revoke" checked={revokeOtherSessions} onCheckedChange={(state) => setRevokeOtherSessions(state === true)} />
        <Label htmlFor="password-revoke">Sign out my other devices</Label>
      </div>
      <SubmitButton pending={pending} pendingLabel="Changing…" className="justify-self-start">
        Change password
      </SubmitButton>
    </form>
  )
}

function SetPasswordByEmail() {
  const { user } = appRoute.useRouteContext()
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    const result = await authClient.requestPasswordReset({ email: user.email, redirectTo: '/reset-password' })
    setPending(false)
    if (result.error) return toast.error('Could not send the link', { description: authErrorMessage(result.error) })
    toast.success('Check your inbox', { description: `We sent a link to ${user.email} to set a password.` })
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        You sign in with a linked account only. Set a password to also sign in with your email address.
      </p>
      <SubmitButton pending={pending} pendingLabel="Sending…" variant="outline" className="justify-self-start">
        Email me a link to set a password
      </SubmitButton>
    </form>
  )
}
