import { useCallback, useEffect, useRef } from 'react'
import { useLatest } from '~/lib/use-latest'

/**
 * A callback that runs `delay` ms after the last call (typed filter values: 300 ms): `run`
 * schedules it, `flush` runs a pending call now; unmounting runs a pending call instead of
 * dropping it.
 */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delay: number) {
  const callbackRef = useLatest(callback)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<Args | undefined>(undefined)
  // Unmounting (e.g. the popover closes right after typing) hands the last value on, not drops it.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      const args = pending.current
      pending.current = undefined
      if (args) callbackRef.current(...args)
    },
    [callbackRef],
  )
  const run = useCallback(
    (...args: Args) => {
      pending.current = args
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        pending.current = undefined
        callbackRef.current(...args)
      }, delay)
    },
    [callbackRef, delay],
  )
  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const args = pending.current
    pending.current = undefined
    if (args) callbackRef.current(...args)
  }, [callbackRef])
  return { run, flush }
}
