import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches, kept current. The server (and the first client render,
 * which must match its HTML) answers `serverValue`; the browser's answer follows at once.
 */
export function useMediaQuery(query: string, serverValue = false) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  )
}
