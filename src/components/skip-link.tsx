import type { MouseEvent } from 'react'

/** The id of the app shell's `<main>`, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * "Skip to content": the first focusable element of the app shell, hidden until focused, moving
 * focus past the navigation to the main landmark (which takes focus with tabIndex -1). Focus is
 * moved by hand rather than through the `#` address, so the URL stays the page's own.
 */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId)
    if (!target) return
    event.preventDefault()
    target.focus()
    target.scrollIntoView({ block: 'start' })
  }
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-ring"
    >
      Skip to content
    </a>
  )
}
