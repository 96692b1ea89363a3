// attributesToRetrieve and unretrievableAttributes for records served outside a search
// (getObject, getObjects): `*` is everything, `-name` excludes, objectID always stays.
import type { SearchRecord } from '../engine/types.ts'

export function retrieveAttributes(
  record: SearchRecord,
  attributesToRetrieve: readonly string[] | null | undefined,
  unretrievable: readonly string[] | null | undefined,
): SearchRecord {
  const wanted = attributesToRetrieve && attributesToRetrieve.length > 0 ? attributesToRetrieve : ['*']
  const all = wanted.includes('*')
  const excluded = new Set(wanted.filter((name) => name.startsWith('-')).map((name) => name.slice(1)))
  for (const name of unretrievable ?? []) excluded.add(name)
  const included = new Set(wanted.filter((name) => name !== '*' && !name.startsWith('-')))
  const result: SearchRecord = { objectID: record.objectID }
  for (const [name, value] of Object.entries(record)) {
    if (name === 'objectID' || excluded.has(name)) continue
    if (all || included.has(name)) result[name] = value
  }
  return result
}
