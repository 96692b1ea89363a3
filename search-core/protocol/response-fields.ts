// responseFields: only the listed top-level fields of a search or browse answer ('*' for all).
// Algolia never drops `message`, `warning`, `cursor` and `abTestVariantID`.
const ALWAYS_KEPT = ['message', 'warning', 'cursor', 'abTestVariantID']

export function withResponseFields<T extends Record<string, unknown>>(
  response: T,
  fields: readonly string[] | undefined,
): Partial<T> {
  if (fields === undefined || fields.includes('*')) return response
  const kept: Partial<T> = {}
  for (const [name, value] of Object.entries(response)) {
    if (fields.includes(name) || ALWAYS_KEPT.includes(name)) (kept as Record<string, unknown>)[name] = value
  }
  return kept
}
