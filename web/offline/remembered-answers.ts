// Answers the device cannot compute itself but may show again offline: the latest recommendations
// ("Ähnliche Bahnhöfe", "Gerade gefragt") per request, kept in localStorage (a few KB each, the
// newest 30). Offline, a request seen before gets its last answer; one never seen fails as before
// and its widget hides.
import type { OfflineRequest } from './offline-paths.ts'

const STORAGE_KEY = 'bahnhofsfinder:remembered-answers'
const KEPT = 30
const REMEMBERED_PATH = /^\/1\/indexes\/\*\/recommendations$/

type Kept = Array<[key: string, content: string]>

function keyOf(request: OfflineRequest): string | undefined {
  const { pathname } = new URL(request.url, 'http://device.invalid')
  if (request.method.toUpperCase() !== 'POST' || !REMEMBERED_PATH.test(pathname)) return undefined
  return `${pathname} ${request.body ?? ''}`
}

function read(): Kept {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(kept) ? (kept as Kept) : []
  } catch {
    return []
  }
}

export function rememberAnswer(request: OfflineRequest, content: string): void {
  const key = keyOf(request)
  if (!key) return
  const kept = read().filter(([other]) => other !== key)
  kept.push([key, content])
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept.slice(-KEPT)))
  } catch {
    // Storage full or refused: recommendations then hide offline, as without it.
  }
}

export function rememberedAnswer(request: OfflineRequest): string | undefined {
  const key = keyOf(request)
  return key ? read().find(([other]) => other === key)?.[1] : undefined
}
