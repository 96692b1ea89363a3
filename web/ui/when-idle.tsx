import { type ReactNode, useEffect, useState } from 'react'
import { onIdle } from '../shared/idle-callback.ts'

/**
 * Mounts its children only after the page has painted and the browser is idle (at the latest a
 * second later): a part the page can do without then never competes with its main content.
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let cancelIdle = () => {}
    const frame = requestAnimationFrame(() => {
      cancelIdle = onIdle(() => setReady(true), 1000)
    })
    return () => {
      cancelAnimationFrame(frame)
      cancelIdle()
    }
  }, [])
  return ready ? children : null
}
