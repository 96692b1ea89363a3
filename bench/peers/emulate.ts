// Facet counting and facet-value search in plain JS, for peers that lack them.
import { fold } from '../../search-core/engine/normalize.ts'

export type Counts = Map<string, number>

export function countValues(counts: Counts, value: unknown): void {
  if (value === null || value === undefined || value === '') return
  if (Array.isArray(value)) {
    for (const v of value) countValues(counts, v)
    return
  }
  const key = String(value)
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

/** Values whose words start with the prefix, by count then alphabetically, top 10. */
export function facetValueSearch(values: Iterable<[string, number]>, prefix: string): [string, number][] {
  const p = fold(prefix)
  return [...values]
    .filter(([value]) =>
      fold(value)
        .split(/[^\p{L}\p{N}]+/u)
        .some((w) => w.startsWith(p)),
    )
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 10)
}
