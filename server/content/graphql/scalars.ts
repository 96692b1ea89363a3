// The two scalars of the content schema: DateTime (ISO 8601 strings, answered as stored) and JSON
// (rich-text documents).
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql'

function isoDate(value: unknown): string {
  // graphql-js puts this message after its own, which names the variable or the literal.
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw new TypeError('DateTime must be an ISO 8601 string')
  return value
}

export const DateTime = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'A date-time string in ISO 8601 with offset, e.g. 2026-11-23T00:00:00.000+01:00',
  serialize: (value) => String(value),
  parseValue: isoDate,
  parseLiteral: (node) => isoDate(node.kind === Kind.STRING ? node.value : undefined),
})

function jsonLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, jsonLiteral(field.value)]))
    case Kind.LIST:
      return node.values.map(jsonLiteral)
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value)
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value
    default:
      return null
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (rich-text documents)',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: jsonLiteral,
})
