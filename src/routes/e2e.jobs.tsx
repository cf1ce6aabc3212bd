import { useMutation } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { JobProgress } from '~/features/jobs/job-progress'
import { client } from '~/lib/orpc'
import { e2eTestRoutesEnabled } from '~/server/e2e/fallbacks'

/**
 * TESTS ONLY (tests/e2e/jobs.e2e.ts): starts the counting demo job and shows <JobProgress> for it.
 * Served only when the server runs with E2E_TEST_ROUTES=true; anywhere else it is the 404 page.
 * Search: `steps` and `delay` (ms per step) shape the job.
 */

interface JobsSearch {
  steps?: number
  delay?: number
}

const checkEnabled = createServerFn({ method: 'POST' }).handler(() => {
  if (!e2eTestRoutesEnabled()) throw notFound()
  return { enabled: true }
})

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(Math.round(value), min), max) : fallback

export const Route = createFileRoute('/e2e/jobs')({
  validateSearch: (search: Record<string, unknown>): JobsSearch => ({
    steps: typeof search.steps === 'number' ? search.steps : undefined,
    delay: typeof search.delay === 'number' ? search.delay : undefined,
  }),
  loader: () => checkEnabled(),
  head: () => ({ meta: [{ title: 'Jobs test page' }, { name: 'robots', content: 'noindex' }] }),
  component: JobsTestPage,
})

function JobsTestPage() {
  const search = Route.useSearch()
  const [jobId, setJobId] = useState<string>()
  const start = useMutation({
    mutationFn: () => client.e2e.startDemoJob({ steps: clamp(search.steps, 1, 100, 12), delayMs: clamp(search.delay, 0, 5000, 400) }),
    onSuccess: (run) => setJobId(run.id),
  })
  return (
    <main className="mx-auto grid max-w-2xl gap-6 px-6 py-12">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Jobs test page</h1>
        <p className="text-muted-foreground">Starts the demo counting job and follows its progress.</p>
      </header>
      <div>
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          Start demo job
        </Button>
      </div>
      {start.isError && <p role="alert">{start.error.message}</p>}
      {jobId && (
        <JobProgress
          key={jobId}
          jobId={jobId}
          label="Demo count"
          onRetry={() => start.mutate()}
          onCancel={() => void client.job.cancel({ id: jobId })}
        />
      )}
    </main>
  )
}
