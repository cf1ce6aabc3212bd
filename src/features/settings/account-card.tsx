import { getRouteApi, useRouter } from '@tanstack/react-router'
import { LockIcon } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { authClient, authErrorMessage } from '~/lib/auth-client'
import { toast } from '~/lib/toast'
import { DEMO_IDENTITY_NOTE, isDemoAccount } from '~/shared/demo-account'

const appRoute = getRouteApi('/_app')

/**
 * The signed-in account: its name (update-user) and email address (change-email). The shared demo
 * account's identity is read-only on the server, so its forms are shown disabled with the reason.
 */
export function AccountCard() {
  const { user } = appRoute.useRouteContext()
  const locked = isDemoAccount(user)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>The account you are signed in with.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="flex flex-wrap items-center gap-4">
          <Avatar className="size-12">
            {user.image && <AvatarImage src={user.image} alt="" />}
            <AvatarFallback className="text-sm">{initialsOf(user.name)}</AvatarFallback>
          </Avatar>
          <div className="grid gap-1 text-sm">
            <dt className="sr-only">Name</dt>
            <dd className="font-medium" data-testid="account-name">
              {user.name}
            </dd>
            <dt className="sr-only">Email</dt>
            <dd className="flex flex-wrap items-center gap-2 text-muted-foreground">
              {user.email}
              {user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Not verified</Badge>}
            </dd>
          </div>
        </dl>
        {locked && (
          <Alert icon={<LockIcon aria-hidden="true" />} id="account-locked-note">
            <AlertTitle>Shared demo account</AlertTitle>
            <AlertDescription>{DEMO_IDENTITY_NOTE}</AlertDescription>
          </Alert>
        )}
        {/* A disabled fieldset disables every field and button inside it. */}
        <fieldset
          disabled={locked}
          aria-describedby={locked ? 'account-locked-note' : undefined}
          className="grid min-w-0 gap-6 md:grid-cols-2"
        >
          <NameForm key={user.name} name={user.name} />
          <EmailForm email={user.email} verified={user.emailVerified} />
        </fieldset>
      </CardContent>
    </Card>
  )
}

function NameForm({ name: current }: { name: string }) {
  const router = useRouter()
  const [name, setName] = useState(current)
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return setError('Enter your name.')
    setPending(true)
    const result = await authClient.updateUser({ name: trimmed })
    setPending(false)
    if (result.error) return toast.error('Could not change your name', { description: authErrorMessage(result.error) })
    setError(undefined)
    toast.success('Name updated')
    // update-user re-issues the session cookie; re-running the guards puts the new name in context.
    await router.invalidate()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid content-start gap-3" aria-label="Change name">
      <FormField
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <SubmitButton
        pending={pending}
        pendingLabel="Saving…"
        variant="outline"
        className="justify-self-start"
        disabled={name.trim() === current}
      >
        Save name
      </SubmitButton>
    </form>
  )
}

function EmailForm({ email: current, verified }: { email: string; verified: boolean }) {
  const router = useRouter()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const newEmail = email.trim()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail)) return setError('Enter a valid email address.')
    setPending(true)
    const result = await authClient.changeEmail({ newEmail, callbackURL: '/settings' })
    setPending(false)
    if (result.error) return setError(authErrorMessage(result.error))
    setError(undefined)
    setEmail('')
    // A verified address must approve the change by email; an unverified one switches
    // at once and the new address gets a verification mail.
    if (verified) {
      toast.success('Check your inbox', { description: `We sent a link to ${current} to approve the change to ${newEmail}.` })
    } else {
      toast.success('Email changed', { description: `We sent a verification link to ${newEmail}.` })
      await router.invalidate()
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid content-start gap-3" aria-label="Change email">
      <FormField
        label="New email"
        name="newEmail"
        type="email"
        autoComplete="email"
        placeholder={current}
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value)
          setError(undefined)
        }}
      />
      <SubmitButton pending={pending} pendingLabel="Sending…" variant="outline" className="justify-self-start" disabled={!email.trim()}>
        Change email
      </SubmitButton>
    </form>
  )
}
