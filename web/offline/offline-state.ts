// Whether the app's latest search answers came from the device (the snapshot) or the service: the
// indicator ("Offline – Daten vom …") shows the first, and goes when the service answers again.
// And whether the device is working on an answer right now: the first one of a page waits for its
// engines to be built from the copy (a second or more on a phone), which the search page says,
// rather than blaming a slow network.
/** When the answering snapshot's index last changed (ISO 8601), or null: answers from the service. */
let deviceData: string | null = null
/** Requests the device has taken and not answered yet. */
let deviceWorking = 0
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function set(value: string | null): void {
  if (deviceData === value) return
  deviceData = value
  notify()
}

export function answeredOnDevice(updatedAt: string): void {
  set(updatedAt)
}

export function answeredByService(): void {
  set(null)
}

/** The device has taken a request (it holds a copy of the index); `done` when it has answered. */
export function deviceAnswering(): () => void {
  deviceWorking += 1
  if (deviceWorking === 1) notify()
  let done = false
  return () => {
    if (done) return
    done = true
    deviceWorking -= 1
    if (deviceWorking === 0) notify()
  }
}

/** For useSyncExternalStore: called whenever the source of the answers or the device's work changes. */
export function subscribeToDeviceAnswers(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The date of the device's data while the app answers from it, else null. */
export function deviceAnswersDate(): string | null {
  return deviceData
}

/** Whether the device is answering a request from its copy of the index right now. */
export function deviceIsAnswering(): boolean {
  return deviceWorking > 0
}
