import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on
 * (and at once on a page the browser renders itself). For what only the browser can show the
 * same way, such as a time in its own time zone: the server's HTML leaves it out, so it matches
 * the first render in the browser (docs/decisions/0019-screen-data-loading.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}
