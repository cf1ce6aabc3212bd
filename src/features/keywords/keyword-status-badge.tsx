import { cn } from '~/lib/utils'

/** spec §4: draft gray, scheduled blue, published green, archived amber, pending gray. */
const STATUS_CLASSES: Record<string, string> = {
  draft: 'bg-gray-500/20 text-gray-300',
  scheduled: 'bg-blue-500/20 text-blue-300',
  published: 'bg-green-500/20 text-green-300',
  archived: 'bg-amber-500/20 text-amber-300',
  pending: 'bg-gray-500/20 text-gray-300',
}

export function KeywordStatusBadge({ status }: { status: string | null }) {
  if (!status) return null
  return (
    <span className={cn('rounded-md px-2 py-0.5 text-xs font-medium capitalize', STATUS_CLASSES[status] ?? STATUS_CLASSES.pending)}>
      {status}
    </span>
  )
}
