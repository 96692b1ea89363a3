import { useEffect, useState } from 'react'
import { useRenderTime } from '../shared/render-context.tsx'

/**
 * The current time, renewed every half minute so "Jetzt geöffnet" turns when the hour comes. A
 * server-rendered page starts at the server's time (so hydration finds what the server wrote) and
 * takes the browser's clock right after.
 */
export function useNow(intervalMs = 30_000): Date {
  const start = useRenderTime()
  const [now, setNow] = useState(start)
  useEffect(() => setNow(start), [start])
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
