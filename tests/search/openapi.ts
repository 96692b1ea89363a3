// Validates responses against Algolia's OpenAPI specs (../shared/algolia-api/specs, beside the
// project): the operation is found from method and path, its 200 schema compiled with ajv.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { parse } from 'yaml'

const SPECS_DIR = fileURLToPath(new URL('../../../shared/algolia-api/specs/', import.meta.url))
const SPEC_NAMES = ['search', 'insights', 'recommend'] as const
type SpecName = (typeof SPEC_NAMES)[number]

interface Operation {
  spec: SpecName
  method: string
  template: string
  pattern: RegExp
  /** Static path segments count: a more specific template wins over a parameter. */
  specificity: number
  pointer: string
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
const addFormats = addFormatsModule as unknown as (instance: Ajv) => void
addFormats(ajv)

const operations: Operation[] = []
for (const spec of SPEC_NAMES) {
  const document = parse(readFileSync(`${SPECS_DIR}${spec}.yml`, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { $ref?: string; content?: unknown }> }>
    >
    components: { responses?: Record<string, unknown> }
  }
  loosenAllOf(document as unknown as SchemaNode)
  ajv.addSchema({ ...document, $id: spec })
  for (const [template, methods] of Object.entries(document.paths)) {
    if (!template.startsWith('/1/')) continue
    for (const [method, operation] of Object.entries(methods)) {
      const ok = operation.responses?.['200'] ?? operation.responses?.['201']
      if (!ok) continue
      const status = operation.responses?.['200'] ? '200' : '201'
      const base = ok.$ref
        ? ok.$ref.replace('#', '')
        : `/paths/${escapePointer(template)}/${method}/responses/${status}`
      const segments = template.split('/')
      operations.push({
        spec,
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(
          `^${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[*]/g, '\\*'))).join('/')}$`,
        ),
        specificity: segments.filter((s) => !s.startsWith('{')).length,
        pointer: `${spec}#${base}/content/application~1json/schema`,
      })
    }
  }
}

type SchemaNode = { [key: string]: unknown }

/**
 * The specs compose responses with allOf of parts that each say additionalProperties: false,
 * which no object can satisfy in JSON Schema; the parts of an allOf are loosened (the parts are
 * still checked, field by field). oneOf unions become anyOf.
 */
function loosenAllOf(document: SchemaNode): void {
  const schemas = ((document.components as SchemaNode | undefined)?.schemas ?? {}) as Record<
    string,
    SchemaNode
  >
  const loosen = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    const schema = node as SchemaNode
    if (typeof schema.$ref === 'string') {
      const target = schemas[schema.$ref.split('/').pop()!]
      if (target && target.additionalProperties === false) delete target.additionalProperties
    } else if (schema.additionalProperties === false) {
      delete schema.additionalProperties
    }
  }
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    const schema = node as SchemaNode
    if (Array.isArray(schema.allOf)) schema.allOf.forEach(loosen)
    // searchResult is oneOf [searchResponse, ..., searchResponsePartial] where the partial form
    // matches every response; the clients read these unions as "any of".
    if (Array.isArray(schema.oneOf)) {
      schema.anyOf = schema.oneOf
      delete schema.oneOf
    }
    Object.values(schema).forEach(walk)
  }
  walk(document)
  // InstantSearch asks for hitsPerPage 0 (facets only) and Algolia echoes 0; the shared schema's
  // minimum of 1 describes requests to the settings endpoint, not that echo.
  if (schemas.hitsPerPage) schemas.hitsPerPage.minimum = 0
  // For an empty query Algolia's own answers carry `_rankingInfo.words: 0` (seen in recorded
  // responses), below the schema's minimum of 1.
  const words = (schemas.rankingInfo as { properties?: Record<string, { minimum?: number }> } | undefined)
    ?.properties?.words
  if (words) words.minimum = 0
}

function escapePointer(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))
}

const compiled = new Map<string, ValidateFunction>()

/** The spec operation for a request, or undefined when the spec has none. */
function operationFor(method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0]!
  return operations
    .filter((operation) => operation.method === method.toUpperCase() && operation.pattern.test(bare))
    .sort((a, b) => b.specificity - a.specificity)[0]
}

/** Returns a list of problems (empty when the body matches the operation's response schema). */
export function responseProblems(method: string, path: string, body: unknown): string[] {
  const operation = operationFor(method, path)
  if (!operation) return [`no operation in the specs for ${method} ${path}`]
  let validate = compiled.get(operation.pointer)
  if (!validate) {
    validate = ajv.getSchema(operation.pointer)
    if (!validate) return [`cannot compile ${operation.pointer}`]
    compiled.set(operation.pointer, validate)
  }
  if (validate(body)) return []
  return (validate.errors ?? []).map(
    (error) =>
      `${method} ${operation.template}: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
  )
}
