import { LoaderCircleIcon } from 'lucide-react'

/**
 * The full-page loading state: a spinner centred on the dark navy background, at least
 * one screen tall. The router shows it for a route still loading after `defaultPendingMs` (1 s)
 * that has no pending component of its own, and while a route's code or suspended data arrive;
 * short waits only get the pending bar.
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh w-full flex-1 items-center justify-center bg-[#0b1120]">
      <LoaderCircleIcon aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label}…</span>
    </div>
  )
}
