import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertDialog } from 'radix-ui'
import { useState, type FormEvent } from 'react'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { authClient, authErrorMessage } from '~/lib/auth-client'
import { toast } from '~/lib/toast'
import { accountsQuery, CREDENTIAL_PROVIDER } from './auth-queries'

/** What the user types to confirm: deleting is permanent and takes every business with it. */
export const DELETE_CONFIRMATION = 'DELETE'

/**
 * delete-user: immediate with a fresh session or the password; otherwise the server
 * mails a link that completes the deletion (src/server/auth/delete-account.ts).
 */
export function DeleteAccountCard() {
  const queryClient = useQueryClient()
  const accounts = useQuery(accountsQuery)
  const hasPassword = accounts.data?.some((account) => account.providerId === CREDENTIAL_PROVIDER) ?? false
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  function onOpenChange(next: boolean) {
    setOpen(next)
    if (!next) {
      setTyped('')
      setPassword('')
      setError(undefined)
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (typed !== DELETE_CONFIRMATION) return setError(`Type ${DELETE_CONFIRMATION} to confirm.`)
    setPending(true)
    const result = await authClient.deleteUser({ callbackURL: '/', ...(password ? { password } : {}) })
    setPending(false)
    if (result.error) return setError(authErrorMessage(result.error))
    onOpenChange(false)
    if (result.data?.message === 'Verification email sent') {
      toast.success('Check your inbox', { description: 'We sent you a link to confirm deleting your account.' })
      return
    }
    // The account and its session are gone: leave with a full page load so nothing of it stays.
    queryClient.clear()
    window.location.assign('/')
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>Permanently deletes your account, your businesses, keywords and articles. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
          <AlertDialog.Trigger className={buttonVariants({ variant: 'destructive' })}>Delete account…</AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <AlertDialog.Title className="text-lg font-semibold">Delete your account?</AlertDialog.Title>
                <AlertDialog.Description className="text-sm text-muted-foreground">
                  Everything in it is deleted for good. Type {DELETE_CONFIRMATION} to confirm.
                </AlertDialog.Description>
                <FormField
                  label={`Type ${DELETE_CONFIRMATION}`}
                  name="confirmation"
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                />
                {hasPassword && (
                  <FormField
                    label="Password"
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    hint="Needed if you signed in more than a day ago; otherwise we email you a link."
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
                {error && (
                  <p role="alert" className="text-sm text-red-300">
                    {error}
                  </p>
                )}
                <div className="flex justify-end gap-2">
                  <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
                  <SubmitButton variant="destructive" pending={pending} pendingLabel="Deleting…" disabled={typed !== DELETE_CONFIRMATION}>
                    Delete account
                  </SubmitButton>
                </div>
              </form>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </CardContent>
    </Card>
  )
}
