import { LoaderCircleIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/** An inline spinner for short waits (a pending button); long work gets a progress bar instead. */
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return <LoaderCircleIcon aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />
}
