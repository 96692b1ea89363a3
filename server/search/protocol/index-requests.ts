// The bodies of the index routes that take more than settings: deleteBy's parameters and
// operationIndex's copy or move.
import {
  AlgoliaError,
  badRequest,
  invalidValue,
  type Params,
  parseSearchParams,
} from '../../../search-core/index.ts'

/** The parameters deleteBy takes: filters and geo areas, nothing that pages or ranks. */
const DELETE_BY_PARAMS = [
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'aroundLatLng',
  'aroundRadius',
  'insideBoundingBox',
  'insidePolygon',
]

/** deleteBy's body: at least one of its parameters, and no other. */
export function readDeleteByParams(body: unknown): Params {
  const params = parseSearchParams(body)
  for (const name of Object.keys(params)) {
    if (!DELETE_BY_PARAMS.includes(name)) throw badRequest(`Unknown parameter: ${name}`)
  }
  if (Object.keys(params).length === 0) {
    throw badRequest(`deleteByQuery needs at least one of ${DELETE_BY_PARAMS.join(', ')}`)
  }
  return params
}

const SCOPES = ['settings', 'synonyms', 'rules']

export interface IndexOperation {
  operation: 'copy' | 'move'
  destination: string
  /** What a copy copies (every part without it). */
  scope: string[] | undefined
}

/** operationIndex's body for the index `source`; the destination's key check comes next. */
export function readIndexOperation(body: Record<string, unknown>, source: string): IndexOperation {
  const { operation, destination, scope } = body
  if (operation !== 'copy' && operation !== 'move') throw invalidValue('operation', 'one of copy, move')
  if (typeof destination !== 'string' || destination === '') throw invalidValue('destination', 'string')
  const parts = readScope(scope)
  if (destination === source) throw new AlgoliaError(400, 'Source and destination indices must be different')
  return { operation, destination, scope: parts }
}

function readScope(scope: unknown): string[] | undefined {
  if (scope === undefined) return undefined
  if (!Array.isArray(scope) || !scope.every((item): item is string => SCOPES.includes(item))) {
    throw invalidValue('scope', `array of ${SCOPES.join(', ')}`)
  }
  return scope
}

interface IndexCopies<Write> {
  copyIndex(from: string, to: string, scope?: string[]): Write
  moveIndex(from: string, to: string): Write
}

/** Runs an operation of readIndexOperation on the index `source` (a move takes no scope). */
export function runIndexOperation<Write>(
  indexes: IndexCopies<Write>,
  source: string,
  { operation, destination, scope }: IndexOperation,
): Write {
  if (operation === 'move' && scope !== undefined)
    throw badRequest('scope is only supported by the copy operation')
  return operation === 'copy'
    ? indexes.copyIndex(source, destination, scope)
    : indexes.moveIndex(source, destination)
}
