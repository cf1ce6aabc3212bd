import { useCallback, useEffect, useRef, useState } from 'react'

export interface ScrollEdges {
  /** Columns are hidden to the left (scrolled away from the start). */
  before: boolean
  /** Columns are hidden to the right: the table is wider than its container. */
  after: boolean
}

/** Which sides of a horizontally scrolling box hide content; a pixel of rounding is ignored. */
export function scrollEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): ScrollEdges {
  return { before: scrollLeft > 1, after: scrollLeft + clientWidth < scrollWidth - 1 }
}

const NONE: ScrollEdges = { before: false, after: false }

/**
 * Tracks a scrolling container's hidden sides, after scrolling and whenever the container or its
 * content changes size, so a table can show that more columns are there; and the width it shows
 * (`visibleWidth`, 0 before it is measured), so a message can stay in view over a wider table.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [edges, setEdges] = useState<ScrollEdges>(NONE)
  const [visibleWidth, setVisibleWidth] = useState(0)
  const update = useCallback(() => {
    const element = ref.current
    if (!element) return
    const next = scrollEdges(element.scrollLeft, element.clientWidth, element.scrollWidth)
    setEdges((current) => (current.before === next.before && current.after === next.after ? current : next))
    setVisibleWidth(element.clientWidth)
  }, [])
  useEffect(() => {
    const element = ref.current
    if (!element) return
    update()
    const observer = new ResizeObserver(update)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [update])
  return { ref, edges, visibleWidth, update }
}
