// Attribute specs from the settings (searchable order, facet modifiers) and reading values by path.
import { EngineError } from './types.ts'

export interface SearchableAttribute {
  /** Dotted path as written in the settings, e.g. "address.city". */
  name: string
  path: string[]
  /** Entries listed together ("name,city") share a rank. */
  rank: number
  unordered: boolean
}

export interface FacetAttribute {
  name: string
  path: string[]
  filterOnly: boolean
  searchable: boolean
  afterDistinct: boolean
}

const MODIFIER = /^(\w+)\((.*)\)$/

export function splitPath(name: string): string[] {
  return name.split('.')
}

/** `undefined` means "every attribute" (Algolia's default when the setting is empty). */
export function parseSearchableAttributes(
  list: readonly string[] | null | undefined,
): SearchableAttribute[] | undefined {
  if (!list || list.length === 0) return undefined
  const out: SearchableAttribute[] = []
  list.forEach((entry, rank) => {
    for (const part of entry.split(',')) {
      let name = part.trim()
      let unordered = false
      const m = MODIFIER.exec(name)
      if (m) {
        if (m[1] === 'unordered') unordered = true
        else if (m[1] !== 'ordered') throw new EngineError(`Invalid searchableAttributes modifier: ${m[1]}`)
        name = m[2]!.trim()
      }
      if (name === '') continue
      out.push({ name, path: splitPath(name), rank, unordered })
    }
  })
  return out
}

export function parseFacetAttributes(list: readonly string[] | null | undefined): FacetAttribute[] {
  const out: FacetAttribute[] = []
  for (const entry of list ?? []) {
    let name = entry.trim()
    let filterOnly = false
    let searchable = false
    let afterDistinct = false
    for (let m = MODIFIER.exec(name); m; m = MODIFIER.exec(name)) {
      if (m[1] === 'filterOnly') filterOnly = true
      else if (m[1] === 'searchable') searchable = true
      else if (m[1] === 'afterDistinct') afterDistinct = true
      else throw new EngineError(`Invalid attributesForFaceting modifier: ${m[1]}`)
      name = m[2]!.trim()
    }
    if (name !== '' && !out.some((f) => f.name === name)) {
      out.push({ name, path: splitPath(name), filterOnly, searchable, afterDistinct })
    }
  }
  return out
}

/** The value at a dotted path; arrays met on the way are mapped over (authors.name). */
export function getPath(value: unknown, path: readonly string[], from = 0): unknown {
  let current = value
  for (let i = from; i < path.length; i++) {
    if (Array.isArray(current)) {
      const rest = current.map((item) => getPath(item, path, i)).filter((v) => v !== undefined)
      return rest.length > 0 ? rest : undefined
    }
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[path[i]!]
  }
  return current
}

export type Scalar = string | number | boolean

/** Every string/number/boolean under a value, in document order (arrays and objects flattened). */
export function leaves(value: unknown, out: Scalar[] = []): Scalar[] {
  if (value === null || value === undefined) return out
  if (typeof value === 'string' || typeof value === 'boolean') out.push(value)
  else if (typeof value === 'number') {
    if (Number.isFinite(value)) out.push(value)
  } else if (Array.isArray(value)) for (const item of value) leaves(item, out)
  else if (typeof value === 'object') for (const item of Object.values(value)) leaves(item, out)
  return out
}
