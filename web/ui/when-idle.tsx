import { type ReactNode, useEffect, useState } from 'react'

/**
 * Mounts its children only after the page has painted and the browser is idle (at the latest a
 * second later): a part the page can do without then never competes with its main content.
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let idle = 0
    const frame = requestAnimationFrame(() => {
      idle = requestIdleCallback(() => setReady(true), { timeout: 1000 })
    })
    return () => {
      cancelAnimationFrame(frame)
      cancelIdleCallback(idle)
    }
  }, [])
  return ready ? children : null
}
