import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { ArrowLeftIcon, FileWarningIcon, RotateCwIcon } from 'lucide-react'
import { Button } from '~/components/ui/button'

/**
 * The article page's own error view: the article could not be loaded. Try again
 * re-runs the route's loaders; the way out leads back to the blog, not to a generic page.
 */
export function ArticleErrorView({ error }: { error: unknown }) {
  const router = useRouter()
  const queryErrorBoundary = useQueryErrorResetBoundary()
  const message = error instanceof Error && error.message ? error.message : 'The server did not answer. Check your connection.'
  return (
    <section role="alert" className="mx-auto flex max-w-[72ch] flex-col items-start gap-5 px-6 py-24">
      <FileWarningIcon aria-hidden="true" className="size-10 text-amber-400" />
      <h1 className="text-3xl font-bold tracking-tight">This article could not be loaded</h1>
      <p className="text-muted-foreground">Something went wrong while fetching it. Try again, or pick another article from the blog.</p>
      <p className="rounded-md border border-border bg-card px-4 py-2 font-mono text-sm text-gray-300">{message}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => {
            queryErrorBoundary.reset()
            void router.invalidate()
          }}
        >
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link to="/blog">
            <ArrowLeftIcon aria-hidden="true" />
            Back to the blog
          </Link>
        </Button>
      </div>
    </section>
  )
}
