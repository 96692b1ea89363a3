// Whether the app's latest search answers came from the device (the snapshot) or the service: the
// indicator ("Offline – Daten vom …") shows the first, and goes when the service answers again.
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

/** For useSyncExternalStore: called whenever the source of the answers changes. */
export function subscribeToDeviceAnswers(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The date of the device's data while the app answers from it, else null. */
export function deviceAnswersDate(): string | null {
  return deviceData
}
