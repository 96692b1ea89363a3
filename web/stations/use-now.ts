import { useEffect, useState } from 'react'

/** The current time, renewed every half minute so "Jetzt geöffnet" turns when the hour comes. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
