// searchSynonyms: an index's synonyms whose JSON holds the query (in any case), of one type if one
// is asked for, one page at a time.
import type { Synonym } from '../../../search-core/index.ts'

interface SynonymQuery {
  query: string
  /** Compared with each synonym's type as sent (none: every type). */
  type: unknown
  page: number
  hitsPerPage: number
}

export function searchSynonyms(
  synonyms: readonly Synonym[],
  { query, type, page, hitsPerPage }: SynonymQuery,
): { hits: Synonym[]; nbHits: number } {
  const needle = query.toLowerCase()
  const matching = synonyms.filter(
    (synonym) =>
      (type === undefined || synonym.type === type) && JSON.stringify(synonym).toLowerCase().includes(needle),
  )
  const start = page * hitsPerPage
  return { hits: matching.slice(start, start + hitsPerPage), nbHits: matching.length }
}
