// A rule as a client sends it, checked field by field against Algolia's `rule` schema and limits.
// Consequence search parameters are only checked for shape here: the protocol checks their values.
import { DomainError } from '../domain-error.ts'
import { utf8ByteLength } from '../engine/utf8.ts'
import type {
  Anchoring,
  AutomaticFacetFilter,
  ConsequenceParams,
  Promote,
  QueryEdit,
  Rule,
  RuleCondition,
  RuleConsequence,
  TimeRange,
} from './rule-types.ts'

const RULE_LIMITS = {
  conditions: 25,
  promoted: 300,
  promotedPerGroup: 100,
  hidden: 50,
  userDataBytes: 1024,
  textBytes: 512,
} as const

const ANCHORINGS: readonly Anchoring[] = ['is', 'startsWith', 'endsWith', 'contains']

type Fields = Record<string, unknown>

function invalid(path: string, expected: string): DomainError {
  return new DomainError('invalid', `Invalid value for "${path}", expected ${expected}`)
}

function object(value: unknown, path: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(path, 'an object')
  return value as Fields
}

function only(fields: Fields, path: string, allowed: readonly string[]): void {
  for (const name of Object.keys(fields)) {
    if (!allowed.includes(name)) throw new DomainError('invalid', `Unknown attribute "${name}" in ${path}`)
  }
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || utf8ByteLength(value) > RULE_LIMITS.textBytes) {
    throw invalid(path, `a string of at most ${RULE_LIMITS.textBytes} bytes`)
  }
  return value
}

function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : read(value)
}

function list(value: unknown, path: string, max = Number.POSITIVE_INFINITY): unknown[] {
  if (!Array.isArray(value) || value.length > max) {
    throw invalid(path, max === Number.POSITIVE_INFINITY ? 'an array' : `an array of at most ${max} items`)
  }
  return value
}

function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw invalid(path, 'a boolean')
  return value
}

function integer(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid(path, 'a non-negative integer')
  }
  return value
}

function readCondition(raw: unknown, path: string): RuleCondition {
  const fields = object(raw, path)
  only(fields, path, ['pattern', 'anchoring', 'alternatives', 'context', 'filters'])
  const condition: RuleCondition = {}
  const pattern = optional(fields.pattern, (v) => text(v, `${path}.pattern`))
  const anchoring = optional(fields.anchoring, (v) => {
    if (!ANCHORINGS.includes(v as Anchoring)) throw invalid(`${path}.anchoring`, ANCHORINGS.join(', '))
    return v as Anchoring
  })
  if ((pattern === undefined) !== (anchoring === undefined)) {
    throw new DomainError('invalid', `${path}: pattern and anchoring go together`)
  }
  if (pattern !== undefined && anchoring !== undefined) {
    if (pattern.trim() === '' && anchoring !== 'is') {
      throw new DomainError('invalid', `${path}: an empty pattern needs anchoring "is"`)
    }
    condition.pattern = pattern
    condition.anchoring = anchoring
  }
  const alternatives = optional(fields.alternatives, (v) => bool(v, `${path}.alternatives`))
  if (alternatives !== undefined) condition.alternatives = alternatives
  const context = optional(fields.context, (v) => {
    if (typeof v !== 'string' || !/^[A-Za-z0-9_-]+$/.test(v)) {
      throw invalid(`${path}.context`, 'letters, digits, "_" and "-"')
    }
    return v
  })
  if (context !== undefined) condition.context = context
  const filters = optional(fields.filters, (v) => text(v, `${path}.filters`))
  if (filters !== undefined) condition.filters = filters
  return condition
}

function readEdit(raw: unknown, path: string): QueryEdit {
  const fields = object(raw, path)
  only(fields, path, ['type', 'delete', 'insert'])
  if (fields.type !== 'remove' && fields.type !== 'replace')
    throw invalid(`${path}.type`, 'remove or replace')
  const edit: QueryEdit = { type: fields.type, delete: text(fields.delete, `${path}.delete`) }
  if (fields.type === 'replace') edit.insert = text(fields.insert, `${path}.insert`)
  return edit
}

function readAutomatic(raw: unknown, path: string): AutomaticFacetFilter[] {
  return list(raw, path).map((item, n) => {
    if (typeof item === 'string') return text(item, `${path}[${n}]`)
    const fields = object(item, `${path}[${n}]`)
    only(fields, `${path}[${n}]`, ['facet', 'score', 'disjunctive'])
    const filter: AutomaticFacetFilter = { facet: text(fields.facet, `${path}[${n}].facet`) }
    const score = optional(fields.score, (v) => integer(v, `${path}[${n}].score`))
    if (score !== undefined) filter.score = score
    const disjunctive = optional(fields.disjunctive, (v) => bool(v, `${path}[${n}].disjunctive`))
    if (disjunctive !== undefined) filter.disjunctive = disjunctive
    return filter
  })
}

function readParams(raw: unknown, path: string): ConsequenceParams {
  const params: ConsequenceParams = { ...object(raw, path) }
  const { query } = params
  if (query !== undefined) {
    if (typeof query === 'string') text(query, `${path}.query`)
    else {
      const fields = object(query, `${path}.query`)
      only(fields, `${path}.query`, ['remove', 'edits'])
      params.query = {
        ...(fields.remove !== undefined
          ? {
              remove: list(fields.remove, `${path}.query.remove`).map((w, n) =>
                text(w, `${path}.query.remove[${n}]`),
              ),
            }
          : {}),
        ...(fields.edits !== undefined
          ? {
              edits: list(fields.edits, `${path}.query.edits`).map((e, n) =>
                readEdit(e, `${path}.query.edits[${n}]`),
              ),
            }
          : {}),
      }
    }
  }
  for (const name of ['automaticFacetFilters', 'automaticOptionalFacetFilters'] as const) {
    if (params[name] !== undefined) params[name] = readAutomatic(params[name], `${path}.${name}`)
  }
  return params
}

function readPromote(raw: unknown, path: string): Promote {
  const fields = object(raw, path)
  const position = integer(fields.position, `${path}.position`)
  if ('objectIDs' in fields) {
    only(fields, path, ['objectIDs', 'position'])
    const ids = list(fields.objectIDs, `${path}.objectIDs`, RULE_LIMITS.promotedPerGroup)
    return { objectIDs: ids.map((id, n) => text(id, `${path}.objectIDs[${n}]`)), position }
  }
  only(fields, path, ['objectID', 'position'])
  return { objectID: text(fields.objectID, `${path}.objectID`), position }
}

function readConsequence(raw: unknown, path: string): RuleConsequence {
  const fields = object(raw, path)
  only(fields, path, ['params', 'promote', 'filterPromotes', 'hide', 'userData', 'redirect'])
  const consequence: RuleConsequence = {}
  if (fields.params !== undefined) consequence.params = readParams(fields.params, `${path}.params`)
  if (fields.promote !== undefined) {
    consequence.promote = list(fields.promote, `${path}.promote`, RULE_LIMITS.promoted).map((p, n) =>
      readPromote(p, `${path}.promote[${n}]`),
    )
    const total = consequence.promote.reduce((n, p) => n + ('objectIDs' in p ? p.objectIDs.length : 1), 0)
    if (total > RULE_LIMITS.promoted)
      throw invalid(`${path}.promote`, `at most ${RULE_LIMITS.promoted} records`)
  }
  const filterPromotes = optional(fields.filterPromotes, (v) => bool(v, `${path}.filterPromotes`))
  if (filterPromotes !== undefined) consequence.filterPromotes = filterPromotes
  if (fields.hide !== undefined) {
    consequence.hide = list(fields.hide, `${path}.hide`, RULE_LIMITS.hidden).map((h, n) => {
      const item = object(h, `${path}.hide[${n}]`)
      only(item, `${path}.hide[${n}]`, ['objectID'])
      return { objectID: text(item.objectID, `${path}.hide[${n}].objectID`) }
    })
  }
  if (fields.userData !== undefined && fields.userData !== null) {
    const userData = object(fields.userData, `${path}.userData`)
    if (utf8ByteLength(JSON.stringify(userData)) > RULE_LIMITS.userDataBytes) {
      throw invalid(`${path}.userData`, `at most ${RULE_LIMITS.userDataBytes} bytes of JSON`)
    }
    consequence.userData = userData
  }
  if (fields.redirect !== undefined && fields.redirect !== null) {
    const redirect = object(fields.redirect, `${path}.redirect`)
    only(redirect, `${path}.redirect`, ['indexName'])
    consequence.redirect = { indexName: text(redirect.indexName, `${path}.redirect.indexName`) }
  }
  return consequence
}

function readTimeRange(raw: unknown, path: string): TimeRange {
  const fields = object(raw, path)
  only(fields, path, ['from', 'until'])
  const range: TimeRange = {}
  const from = optional(fields.from, (v) => integer(v, `${path}.from`))
  const until = optional(fields.until, (v) => integer(v, `${path}.until`))
  if (from !== undefined) range.from = from
  if (until !== undefined) range.until = until
  return range
}

/**
 * Checks a rule; `objectID` (from the path) wins over the body's. The deprecated `condition` becomes
 * `conditions`. `_metadata` (`lastUpdate`), which Algolia's exports carry, is Algolia's own
 * bookkeeping: a rule may bring it back, it changes nothing and is not kept.
 */
export function readRule(raw: unknown, objectID?: string): Rule {
  const fields = object(raw, 'rule')
  only(fields, 'rule', [
    '_metadata',
    'objectID',
    'conditions',
    'condition',
    'consequence',
    'description',
    'enabled',
    'validity',
    'tags',
    'scope',
  ])
  const id = objectID ?? fields.objectID
  if (typeof id !== 'string' || id === '') throw invalid('objectID', 'a non-empty string')
  const rule: Rule = { objectID: text(id, 'objectID') }
  const conditions = [
    ...(fields.conditions !== undefined && fields.conditions !== null
      ? list(fields.conditions, 'conditions', RULE_LIMITS.conditions)
      : []),
    ...(fields.condition !== undefined && fields.condition !== null ? [fields.condition] : []),
  ]
  if (conditions.length > RULE_LIMITS.conditions) {
    throw invalid('conditions', `an array of at most ${RULE_LIMITS.conditions} items`)
  }
  if (fields.conditions !== undefined || fields.condition !== undefined) {
    rule.conditions = conditions.map((c, n) => readCondition(c, `conditions[${n}]`))
  }
  if (fields.consequence === undefined) throw new DomainError('invalid', 'Rule must have a consequence')
  rule.consequence = readConsequence(fields.consequence, 'consequence')
  const description = optional(fields.description, (v) => text(v, 'description'))
  if (description !== undefined) rule.description = description
  const enabled = optional(fields.enabled, (v) => bool(v, 'enabled'))
  if (enabled !== undefined) rule.enabled = enabled
  if (fields.validity !== undefined && fields.validity !== null) {
    rule.validity = list(fields.validity, 'validity').map((r, n) => readTimeRange(r, `validity[${n}]`))
  }
  if (fields.tags !== undefined && fields.tags !== null) {
    rule.tags = list(fields.tags, 'tags').map((t, n) => text(t, `tags[${n}]`))
  }
  const scope = optional(fields.scope, (v) => text(v, 'scope'))
  if (scope !== undefined) rule.scope = scope
  if (rule.consequence.redirect !== undefined && scope !== 'redirect') {
    throw invalid('consequence.redirect', 'only in a rule with scope "redirect"')
  }
  return rule
}
