import { useEffect } from 'react'
import { useLatest } from '~/lib/use-latest'

/*
 * The filter list's keys (docs/product/keywords-table.md): `f` opens it and Shift+f removes the last filter, anywhere
 * on the page while the user is not typing; Backspace/Delete remove a filter (the list's trigger
 * and rows handle those).
 */

export const REMOVE_KEYS = ['Backspace', 'Delete']

/** True when a key press happens while the user is typing (inputs, text areas, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false
  const element = target as HTMLElement
  return (
    element.tagName === 'INPUT' ||
    element.tagName === 'TEXTAREA' ||
    element.tagName === 'SELECT' ||
    element.isContentEditable ||
    element.closest?.('[contenteditable="true"], [contenteditable=""]') !== null
  )
}

/** Open menus and lists use letters for type-ahead ("False" in a true/false select). */
function isInTypeAhead(target: EventTarget | null): boolean {
  const closest = (target as Partial<Element> | null)?.closest
  return (
    typeof closest === 'function' && closest.call(target, '[role="listbox"], [role="menu"], [role="option"], [role="menuitem"]') !== null
  )
}

/** Which page-wide shortcut a key press is, if any. */
export function filterListShortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'repeat' | 'defaultPrevented' | 'target'>,
): 'open' | 'removeLast' | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return undefined
  if (event.key.toLowerCase() !== 'f' || isTypingTarget(event.target) || isInTypeAhead(event.target)) return undefined
  return event.shiftKey ? 'removeLast' : 'open'
}

/** Listens for `f` and Shift+f on the window while mounted; the latest handlers are always called. */
export function useFilterListShortcuts(handlers: { open: () => void; removeLast: () => void }) {
  const handlersRef = useLatest(handlers)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = filterListShortcutOf(event)
      if (!shortcut) return
      event.preventDefault()
      handlersRef.current[shortcut]()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [handlersRef])
}
