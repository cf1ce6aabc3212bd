import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { Separator } from '~/components/ui/separator'
import { Spinner } from '~/components/ui/spinner'
import type { SocialProviderId } from '~/shared/social-providers'
import { authErrorMessage } from '~/lib/auth-error'
import { callAuth } from '~/lib/call-auth'
import { FormError } from './form-error'
import { providerLabel } from './social-providers'

const rootRoute = getRouteApi('__root__')

/** Where social sign-in returns: the app, whose gate then sends the user on to paywall or setup. */
const AFTER_SIGN_IN = '/content'

/**
 * One "Continue with …" button per provider the server has credentials for (root loader config).
 * Renders nothing when none are configured, so email-only deployments show no dead buttons.
 */
export function SocialSignIn({ errorCallbackURL }: { errorCallbackURL: string }) {
  const { socialProviders } = rootRoute.useLoaderData()
  const [pending, setPending] = useState<SocialProviderId | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (socialProviders.length === 0) return null

  async function continueWith(provider: SocialProviderId) {
    setPending(provider)
    setError(null)
    // On success the client follows the provider's authorisation URL, leaving this page.
    const result = await callAuth((client) => client.signIn.social({ provider, callbackURL: AFTER_SIGN_IN, errorCallbackURL }))
    if (result.error) {
      setError(authErrorMessage(result.error))
      setPending(null)
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        {socialProviders.map((provider) => (
          <Button
            key={provider}
            variant="outline"
            className="w-full"
            disabled={pending !== null}
            aria-busy={pending === provider || undefined}
            onClick={() => continueWith(provider)}
          >
            {pending === provider && <Spinner />}
            Continue with {providerLabel(provider)}
          </Button>
        ))}
      </div>
      <FormError message={error} />
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <Separator className="flex-1" />
        or
        <Separator className="flex-1" />
      </div>
    </div>
  )
}
