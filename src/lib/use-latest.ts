import { useLayoutEffect, useRef } from 'react'

/**
 * A ref that always holds the latest `value`, for callbacks that outlive a render (timers,
 * window listeners, throttles) and must call the newest props. It is updated after render, in a
 * layout effect, so render stays pure; event handlers and timers only ever run after that.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
