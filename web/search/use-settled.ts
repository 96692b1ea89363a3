import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `delayMs` (the first value at once). The map follows the
 * results this way: while someone types, each keystroke's hits paint without waiting for markers
 * and clusters, and the map catches up when the query rests.
 */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (Object.is(value, settled)) return
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, settled, delayMs])
  return settled
}
