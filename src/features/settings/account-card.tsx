import { getRouteApi } from '@tanstack/react-router'
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

const appRoute = getRouteApi('/_app')

/** The signed-in account, read from the session in route context. */
export function AccountCard() {
  const { user } = appRoute.useRouteContext()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>The account you are signed in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-wrap items-center gap-4">
          <Avatar className="size-12">
            {user.image && <AvatarImage src={user.image} alt="" />}
            <AvatarFallback className="text-sm">{initialsOf(user.name)}</AvatarFallback>
          </Avatar>
          <div className="grid gap-1 text-sm">
            <dt className="sr-only">Name</dt>
            <dd className="font-medium">{user.name}</dd>
            <dt className="sr-only">Email</dt>
            <dd className="flex flex-wrap items-center gap-2 text-muted-foreground">
              {user.email}
              {user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Not verified</Badge>}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}
