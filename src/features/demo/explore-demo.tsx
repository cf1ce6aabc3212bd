import { getRouteApi } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'

const rootRoute = getRouteApi('__root__')

/**
 * "Explore the demo" (docs/product/services.md): one click into the seeded demo account. A plain form post,
 * so it works before the page has hydrated; the server answers with the session and a redirect.
 */
export function ExploreDemo() {
  const { demo } = rootRoute.useLoaderData()
  if (!demo?.account) return null
  return (
    <form method="post" action="/api/demo/sign-in" className="grid gap-2">
      <Button type="submit" variant="secondary" className="w-full">
        Explore the demo
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        A shared account with a coffee roaster already set up. Changes are reset on restart.
      </p>
    </form>
  )
}
