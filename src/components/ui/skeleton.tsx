import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/** A placeholder block while data loads; hidden from assistive tech (the container says "Loading"). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
}
