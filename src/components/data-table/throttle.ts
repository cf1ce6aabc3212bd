import { useCallback, useEffect, useRef } from 'react'
import { useLatest } from '~/lib/use-latest'

/**
 * A function called at most once per `interval` ms with the latest arguments: the first call
 * runs at once, calls inside the window collapse into one trailing call at its end. `cancel`
 * drops a pending trailing call.
 */
export function createThrottle<Args extends unknown[]>(callback: (...args: Args) => void, interval: number, now: () => number = Date.now) {
  let last = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: Args | undefined
  const run = (...args: Args) => {
    const wait = last + interval - now()
    if (wait <= 0 && timer === undefined) {
      last = now()
      callback(...args)
      return
    }
    pending = args
    if (timer !== undefined) return
    timer = setTimeout(
      () => {
        timer = undefined
        last = now()
        const latest = pending
        pending = undefined
        if (latest) callback(...latest)
      },
      Math.max(wait, 0),
    )
  }
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  return Object.assign(run, { cancel })
}

/** createThrottle as a hook (always calls the latest callback): rapid structural changes reach the URL at most every 50 ms. */
export function useThrottledCallback<Args extends unknown[]>(callback: (...args: Args) => void, interval: number) {
  const callbackRef = useLatest(callback)
  // Created on the first call (never during render), then kept for the component's life.
  const throttled = useRef<ReturnType<typeof createThrottle<Args>> | undefined>(undefined)
  useEffect(() => () => throttled.current?.cancel(), [])
  return useCallback(
    (...args: Args) => {
      throttled.current ??= createThrottle((...latest: Args) => callbackRef.current(...latest), interval)
      throttled.current(...args)
    },
    [callbackRef, interval],
  )
}
