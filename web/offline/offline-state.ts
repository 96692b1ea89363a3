// Whether the app's latest search answers came from the device (the snapshot) or the service: the
// indicator ("Offline – Daten vom …") shows the first, and goes when the service answers again.
import { useSyncExternalStore } from 'react'

/** When the answering snapshot's index last changed (ISO 8601), or null: answers from the service. */
let deviceData: string | null = null
const listeners = new Set<() => void>()

function set(value: string | null): void {
  if (deviceData === value) return
  deviceData = value
  for (const listener of listeners) listener()
}

export function answeredOnDevice(updatedAt: string): void {
  set(updatedAt)
}

export function answeredByService(): void {
  set(null)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The date of the device's data while the app answers from it, else null (always null on the server). */
export function useDeviceAnswers(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => deviceData,
    () => null,
  )
}
