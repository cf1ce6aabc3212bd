import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { Spinner } from '~/components/ui/spinner'
import type { SocialProviderId } from '~/shared/social-providers'
import { authClient, authErrorMessage } from '~/lib/auth-client'
import { toast } from '~/lib/toast'
import { providerLabel } from '../auth/social-providers'
import { accountsQuery, CREDENTIAL_PROVIDER, sessionsQuery, unwrap } from './auth-queries'

const rootRoute = getRouteApi('__root__')

const accountLabel = (providerId: string) =>
  providerId === CREDENTIAL_PROVIDER ? 'Email and password' : providerLabel(providerId as SocialProviderId)

/**
 * How the user can sign in: linked accounts (list-accounts), linking each offered provider
 * (link-social, which leaves for the provider and returns here) and unlinking by provider id.
 */
export function LinkedAccountsCard() {
  const { socialProviders } = rootRoute.useLoaderData()
  const queryClient = useQueryClient()
  const accounts = useQuery(accountsQuery)
  const [linking, setLinking] = useState<SocialProviderId | null>(null)
  const unlink = useMutation({
    // Our documented form, { providerId, accountId: the provider's id } (unlink-account.ts maps it to
    // the row); better-auth 1.7.7's client types only know its own { accountId: row id }.
    mutationFn: ({ providerId, accountId }: { providerId: string; accountId: string }) =>
      unwrap(authClient.unlinkAccount({ providerId, accountId } as { accountId: string })),
    onSuccess: async (_result, { providerId }) => {
      toast.success(`${accountLabel(providerId)} unlinked`)
      await queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey })
      await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })
    },
    onError: (error) => toast.error('Could not unlink the account', { description: error.message }),
  })

  async function link(provider: SocialProviderId) {
    setLinking(provider)
    // On success the browser leaves for the provider; it comes back to /settings.
    const result = await authClient.linkSocial({ provider, callbackURL: '/settings', errorCallbackURL: '/settings' })
    if (result.error) {
      setLinking(null)
      toast.error(`Could not link ${providerLabel(provider)}`, { description: authErrorMessage(result.error) })
    }
  }

  const linked = accounts.data ?? []
  const available = socialProviders.filter((provider) => !linked.some((account) => account.providerId === provider))

  return (
    <Card>
      <CardHeader>
        <CardTitle>Linked accounts</CardTitle>
        <CardDescription>The ways you can sign in. Keep at least one.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {accounts.isPending ? (
          <div role="status" aria-label="Loading linked accounts" className="grid gap-2">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : accounts.isError ? (
          <ErrorPanel title="Could not load your linked accounts" error={accounts.error} onRetry={() => accounts.refetch()} />
        ) : (
          <ul aria-label="Linked accounts" className="grid divide-y divide-border rounded-md border border-border">
            {linked.map((account) => (
              <li key={account.id} className="flex items-center justify-between gap-3 p-3 text-sm">
                <span className="font-medium">{accountLabel(account.providerId)}</span>
                {account.providerId !== CREDENTIAL_PROVIDER && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Unlink ${accountLabel(account.providerId)}`}
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate({ providerId: account.providerId, accountId: account.accountId })}
                  >
                    {unlink.isPending && unlink.variables?.providerId === account.providerId && <Spinner />}
                    Unlink
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {accounts.isSuccess && available.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {available.map((provider) => (
              <Button key={provider} variant="outline" size="sm" disabled={linking !== null} onClick={() => link(provider)}>
                {linking === provider && <Spinner />}
                Link {providerLabel(provider)}
              </Button>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
