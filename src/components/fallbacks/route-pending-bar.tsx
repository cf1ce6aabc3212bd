import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Loads shorter than this show nothing: an instant navigation must not flash a bar. */
export const PENDING_BAR_DELAY_MS = 150

/**
 * The pending indicator: a thin bar across the top of the window while the router
 * loads a route (navigation, Try again). It creeps towards 90 % and disappears when the load ends;
 * the progress is not measured, so it is announced as busy, not as a percentage.
 */
export function RoutePendingBar() {
  const isLoading = useRouterState({ select: (state) => state.isLoading })
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!isLoading) return
    const timer = window.setTimeout(() => setVisible(true), PENDING_BAR_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      setVisible(false)
    }
  }, [isLoading])

  if (!isLoading || !visible) return null
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-busy="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 bg-primary/20"
    >
      <CreepingFill />
    </div>
  )
}

function CreepingFill() {
  const [started, setStarted] = useState(false)
  useEffect(() => {
    // Starts at 0 and transitions to 90 % on the next frame, so the transition runs.
    const frame = window.requestAnimationFrame(() => setStarted(true))
    return () => window.cancelAnimationFrame(frame)
  }, [])
  return (
    <div
      className="h-full origin-left bg-primary shadow-[0_0_8px_var(--color-primary)]"
      style={{
        transform: `scaleX(${started ? 0.9 : 0.05})`,
        transition: 'transform 8s cubic-bezier(0.1, 0.7, 0.2, 1)',
      }}
    />
  )
}
