import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The facade is tested against sonner's own toast store (no DOM needed): what would be shown,
// with which variant, action and duration. The browser suite clicks the real thing.

type ToastModule = typeof import('./toast')
type SonnerModule = typeof import('sonner')

let toastModule: ToastModule
let sonner: SonnerModule

/** Lets queued `import('sonner').then(…)` callbacks run. */
const flush = () => new Promise((done) => setTimeout(done, 0))

const textOf = (node: ReactNode): string => {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (isValidElement(node)) return textOf((node as ReactElement<{ children?: ReactNode }>).props.children)
  return ''
}

/** The toast with this id if it is still shown (not dismissed). */
const active = (id: string | number) => sonner.toast.getToasts().find((toast) => toast.id === id) as import('sonner').ToastT | undefined

describe('toasts in the browser', () => {
  beforeEach(async () => {
    vi.stubGlobal('window', globalThis)
    // sonner delivers dismissals on the next frame.
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0))
    vi.resetModules()
    toastModule = await import('./toast')
    sonner = await import('sonner')
    sonner.toast.dismiss()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the four variants and asks the outlet to mount', async () => {
    const { toast, isToasterRequested } = toastModule
    expect(isToasterRequested()).toBe(false)
    const ids = [
      toast('Heads up'),
      toast.success('Saved'),
      toast.error('Could not save', { description: 'Network down' }),
      toast.warning('Almost out of articles'),
    ]
    expect(isToasterRequested()).toBe(true)
    await flush()
    expect(ids.map((id) => [active(id)?.type, active(id)?.title])).toEqual([
      [undefined, 'Heads up'], // sonner's plain toast has no type
      ['success', 'Saved'],
      ['error', 'Could not save'],
      ['warning', 'Almost out of articles'],
    ])
    expect(active(ids[2])?.description).toBe('Network down')
  })

  it('dismisses by id, in call order even before sonner has loaded', async () => {
    const { toast } = toastModule
    const id = toast('Going away')
    toast.dismiss(id)
    await flush()
    await flush()
    expect(active(id)).toBeUndefined()
  })

  it('toastWithRetry: an error toast with a "Retry" refresh button that runs the action and dismisses the toast', async () => {
    const { toastWithRetry, RETRY_LABEL } = toastModule
    const action = vi.fn()
    const id = toastWithRetry('Could not load your keywords', action)
    await flush()
    const shown = active(id)
    expect(shown?.type).toBe('error')
    expect(shown?.duration).toBe(Number.POSITIVE_INFINITY)
    const button = shown?.action as { label: ReactNode; onClick: (event: unknown) => void }
    expect(textOf(button.label)).toBe(RETRY_LABEL)
    button.onClick({ defaultPrevented: false })
    expect(action).toHaveBeenCalledTimes(1)
    await flush()
    expect(active(id)).toBeUndefined()
  })

  it('toastWithRetry takes a variant and logs a failing async action instead of an unhandled rejection', async () => {
    const { toastWithRetry } = toastModule
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const id = toastWithRetry('Publishing is slow today', () => Promise.reject(new Error('still down')), { variant: 'warning' })
    await flush()
    expect(active(id)?.type).toBe('warning')
    ;(active(id)?.action as { onClick: (event: unknown) => void }).onClick({})
    await flush()
    expect(logged).toHaveBeenCalledWith('[toast] the retry failed', expect.any(Error))
    logged.mockRestore()
  })
})

describe('toasts on the server', () => {
  it('are no-ops that still return an id', async () => {
    vi.resetModules()
    const { toast, toastWithRetry, isToasterRequested } = await import('./toast')
    expect(typeof window).toBe('undefined')
    expect(toast.error('nope')).toBeTruthy()
    expect(toastWithRetry('nope', () => {})).toBeTruthy()
    expect(isToasterRequested()).toBe(false)
  })
})
