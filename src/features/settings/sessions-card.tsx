import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { MonitorSmartphoneIcon } from 'lucide-react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { Spinner } from '~/components/ui/spinner'
import { authClient } from '~/lib/auth-client'
import { toast } from '~/lib/toast'
import { sessionsQuery, unwrap } from './auth-queries'
import { describeDevice, formatLastActive } from './session-device'

const appRoute = getRouteApi('/_app')

/** Where the account is signed in (list-sessions), with revoke one / revoke all others. */
export function SessionsCard() {
  const { session: current } = appRoute.useRouteContext()
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQuery)
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })
  const revoke = useMutation({
    mutationFn: (token: string) => unwrap(authClient.revokeSession({ token })),
    onSuccess: async () => {
      toast.success('Device signed out')
      await refresh()
    },
    onError: (error) => toast.error('Could not sign that device out', { description: error.message }),
  })
  const revokeOthers = useMutation({
    mutationFn: () => unwrap(authClient.revokeOtherSessions()),
    onSuccess: async () => {
      toast.success('Other devices signed out')
      await refresh()
    },
    onError: (error) => toast.error('Could not sign the other devices out', { description: error.message }),
  })

  // The current session first, then the most recently active.
  const list = [...(sessions.data ?? [])].sort(
    (a, b) =>
      Number(b.id === current.id) - Number(a.id === current.id) || new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
  )
  const others = list.filter((session) => session.id !== current.id)

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Devices signed in to your account.</CardDescription>
        </div>
        {others.length > 0 && (
          <Button variant="outline" size="sm" disabled={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
            {revokeOthers.isPending && <Spinner />}
            Sign out other devices
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div role="status" aria-label="Loading sessions" className="grid gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : sessions.isError ? (
          <ErrorPanel title="Could not load your sessions" error={sessions.error} onRetry={() => sessions.refetch()} />
        ) : (
          <ul aria-label="Sessions" className="grid divide-y divide-border rounded-md border border-border">
            {list.map((session) => {
              const isCurrent = session.id === current.id
              const device = describeDevice(session.userAgent)
              return (
                <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <MonitorSmartphoneIcon aria-hidden="true" className="size-5 text-muted-foreground" />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {device}
                      {isCurrent && <Badge variant="success">This device</Badge>}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {session.ipAddress || 'Unknown IP address'} · Last active {formatLastActive(session.updatedAt)}
                    </p>
                  </div>
                  {!isCurrent && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Sign out ${device}, last active ${formatLastActive(session.updatedAt)}`}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(session.token)}
                    >
                      {revoke.isPending && revoke.variables === session.token && <Spinner />}
                      Sign out
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
