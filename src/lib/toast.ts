import { RefreshCwIcon } from 'lucide-react'
import { createElement, Fragment, type ReactNode } from 'react'

/**
 * The app's notifications (docs/product/messages.md): variants default, success, error and warning, and a toast
 * with a retry action. Use these instead of importing `sonner`:
 *
 *   toast.success('Saved')
 *   toast.error('Could not save', { description: error.message })
 *   toastWithRetry('Could not load your keywords', () => refetch())
 *
 * sonner (~9 KB gzipped) is loaded on the first toast, not with the page: public pages stay
 * light. The <Toaster /> outlet (src/components/ui/toaster.tsx) mounts when asked to here, or
 * once the browser is idle, and shows toasts raised before it mounted. On the server every call
 * is a no-op.
 */

export type ToastVariant = 'default' | 'success' | 'error' | 'warning'
export type ToastId = string | number

export interface ToastOptions {
  description?: ReactNode
  /** Reusing an id replaces that toast instead of adding one. */
  id?: ToastId
  /** Milliseconds; sonner's default (4 s) when omitted. `Infinity` keeps it until dismissed. */
  duration?: number
  /** One action button; clicking it runs `onClick` and dismisses the toast. */
  action?: { label: ReactNode; onClick: () => void }
  /**
   * Where it shows; the outlet's corner (bottom right) when omitted. A toast waits while the
   * pointer is over it, so one raised by a button in that corner belongs elsewhere: it would
   * appear under the pointer that just clicked and stay until the pointer moved away.
   */
  position?: 'top-center' | 'bottom-right'
}

type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | undefined
let toasterRequested = false
const toasterListeners = new Set<() => void>()
let nextId = 0

/** For the <Toaster /> outlet: whether it should be mounted now. */
export function isToasterRequested() {
  return toasterRequested
}

export function subscribeToToasterRequest(listener: () => void) {
  toasterListeners.add(listener)
  return () => {
    toasterListeners.delete(listener)
  }
}

/** Asks the outlet to mount (and sonner to load). Idempotent. */
export function requestToaster() {
  if (toasterRequested) return
  toasterRequested = true
  for (const listener of toasterListeners) listener()
}

function loadSonner() {
  sonner ??= import('sonner')
  return sonner
}

/** Runs `use` with sonner once loaded, in call order; nothing on the server. */
function withSonner(use: (module: Sonner) => void) {
  if (typeof window === 'undefined') return
  requestToaster()
  loadSonner()
    .then(use)
    .catch((error: unknown) => console.error('[toast] could not load the notifications', error))
}

function show(variant: ToastVariant, message: ReactNode, options: ToastOptions = {}): ToastId {
  const id = options.id ?? `toast-${++nextId}`
  withSonner(({ toast: sonnerToast }) => {
    const { action, ...rest } = options
    const data = {
      ...rest,
      id,
      ...(action && {
        action: {
          label: action.label,
          onClick: () => {
            action.onClick()
            sonnerToast.dismiss(id)
          },
        },
      }),
    }
    if (variant === 'default') sonnerToast(message, data)
    else sonnerToast[variant](message, data)
  })
  return id
}

/** A neutral toast; `toast.success`, `toast.error`, `toast.warning` for the other variants. */
export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => show('default', message, options), {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  /** Dismisses one toast, or all of them without an id. */
  dismiss: (id?: ToastId) => withSonner(({ toast: sonnerToast }) => sonnerToast.dismiss(id)),
})

/** The retry action's content: a refresh icon and the accessible name "Retry". */
export const RETRY_LABEL = 'Retry'

export interface ToastWithRetryOptions extends Omit<ToastOptions, 'action'> {
  /** `error` by default: a retry follows a failure. */
  variant?: ToastVariant
}

/**
 * A toast with a refresh button: clicking it runs `action` and dismisses the toast.
 * It stays until acted on or closed, so the way to try again does not vanish after 4 s.
 */
export function toastWithRetry(message: ReactNode, action: () => unknown, options: ToastWithRetryOptions = {}): ToastId {
  const { variant = 'error', ...rest } = options
  return show(variant, message, {
    duration: Number.POSITIVE_INFINITY,
    ...rest,
    action: {
      label: createElement(Fragment, null, createElement(RefreshCwIcon, { 'aria-hidden': true }), RETRY_LABEL),
      onClick: () => {
        const result = action()
        if (result instanceof Promise) result.catch((error: unknown) => console.error('[toast] the retry failed', error))
      },
    },
  })
}
