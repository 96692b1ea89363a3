// Shared scoring rules: scores are 0–100 with two decimals, equal scores in a fixed order, so the
// same events always give the same answer.
import type { ScoredItem } from './types.ts'

export function roundScore(score: number): number {
  return Math.round(Math.min(100, Math.max(0, score)) * 100) / 100
}

export function byScore(a: ScoredItem, b: ScoredItem): number {
  return b.score - a.score || (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0)
}

/** The user an event belongs to: the signed-in token when there is one. */
export function userOf(event: { userToken: string; authenticatedUserToken?: string }): string {
  return event.authenticatedUserToken ?? event.userToken
}

/** A record attribute's values as strings (a scalar is one value, an array many; null none). */
export function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return []
  if (Array.isArray(value)) return value.flatMap(valuesOf)
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return [String(value)]
  return []
}
