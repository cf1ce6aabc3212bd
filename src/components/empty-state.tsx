import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/utils'

interface EmptyStateProps {
  icon: LucideIcon
  title: string
  /** What will appear here, and what fills it. */
  description: ReactNode
  /** The one action that fills the list, when there is one the user can take now. */
  action?: ReactNode
  className?: string
}

/** What an empty list shows instead of nothing (design.md: every list designs its empty state). */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center', className)}>
      <span className="grid size-10 place-items-center rounded-full bg-primary/15 text-violet-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="max-w-md text-sm text-muted-foreground">{description}</div>
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}
