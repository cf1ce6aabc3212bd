import { lazy, Suspense, useEffect, useSyncExternalStore, type CSSProperties } from 'react'
import { isToasterRequested, requestToaster, subscribeToToasterRequest } from '~/lib/toast'

// sonner is its own chunk, fetched when the first toast is raised or the browser is idle,
// whichever comes first: it stays off the critical path of every page (and out of the public
// pages' initial JavaScript). Toasts raised before the outlet mounts are shown once it does.
const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/** How long after hydration the outlet mounts anyway (for code that calls sonner directly). */
const IDLE_MOUNT_TIMEOUT_MS = 3000

/** The app's one toast outlet (variants: default, success, error, warning). */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, () => false)

  useEffect(() => {
    if (requested) return
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(requestToaster, { timeout: IDLE_MOUNT_TIMEOUT_MS })
      return () => window.cancelIdleCallback(handle)
    }
    const handle = window.setTimeout(requestToaster, 1000)
    return () => window.clearTimeout(handle)
  }, [requested])

  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme="dark"
        position="bottom-right"
        closeButton
        // sonner's own colours, set to the theme tokens (its styles outrank utility classes).
        style={
          {
            '--normal-bg': 'var(--color-card)',
            '--normal-border': 'var(--color-border)',
            '--normal-text': 'var(--color-card-foreground)',
            '--normal-bg-hover': 'var(--color-accent)',
            '--normal-border-hover': 'var(--color-input)',
          } as CSSProperties
        }
        toastOptions={{
          classNames: {
            toast: 'shadow-lg',
            title: 'font-medium',
            description: '!text-muted-foreground',
            success: '!border-success/60 [&_[data-icon]]:text-success',
            error: '!border-destructive/60 [&_[data-icon]]:text-red-400',
            warning: '!border-warning/60 [&_[data-icon]]:text-warning',
            actionButton:
              '!inline-flex !items-center !gap-1.5 !rounded-md !bg-primary !px-2.5 !py-1 !text-xs !font-medium !text-primary-foreground hover:!bg-primary/90 [&_svg]:size-3.5',
          },
        }}
      />
    </Suspense>
  )
}
