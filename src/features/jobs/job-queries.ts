import { orpc } from '~/lib/orpc'

/**
 * The job's latest snapshot, kept live by job.watch's event stream (each event replaces the
 * data); the query settles when the job reaches its end state.
 */
export const jobWatchQueryOptions = (id: string) =>
  orpc.job.watch.experimental_liveOptions({ input: { id }, retry: 3, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY })
