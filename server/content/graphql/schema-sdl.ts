// The GraphQL schema as SDL, generated from the content model with Contentful's naming rules:
// `<type>Collection`, `<Type>Filter`, `<Type>Order`, `<Type><Field>` rich-text types, `_contains_some`.
import { CONTENT_TYPES } from '../content-model.ts'
import {
  type AccessKind,
  ASSET_FIELDS,
  FILTER_OPERATORS,
  type FieldAccess,
  ORDERABLE,
  SYS_FIELDS,
} from './field-access.ts'

const OUTPUT_TYPE: Record<AccessKind, string> = {
  symbol: 'String',
  text: 'String',
  date: 'DateTime',
  number: 'Int',
  symbols: '[String]',
  richText: '',
}

const FILTER_TYPE: Record<AccessKind, string> = {
  symbol: 'String',
  text: 'String',
  date: 'DateTime',
  number: 'Float',
  symbols: 'String',
  richText: 'String',
}

function filterInputs(name: string, fields: readonly FieldAccess<never>[], extra: string[] = []): string {
  const lines = [...extra]
  for (const field of fields) {
    for (const operator of FILTER_OPERATORS[field.kind]) {
      const scalar = FILTER_TYPE[field.kind]
      const type =
        operator === '_exists'
          ? 'Boolean'
          : operator.endsWith('_in') || field.kind === 'symbols'
            ? `[${scalar}]`
            : scalar
      lines.push(`  ${field.name}${operator}: ${type}`)
    }
  }
  lines.push(`  OR: [${name}]`, `  AND: [${name}]`)
  return `input ${name} {\n${lines.join('\n')}\n}`
}

function orderEnum(name: string, fields: readonly FieldAccess<never>[]): string {
  const values = [
    ...fields.filter((field) => ORDERABLE.has(field.kind)).map((field) => field.name),
    ...SYS_FIELDS.map((field) => `sys_${field.name}`),
  ].flatMap((field) => [`${field}_ASC`, `${field}_DESC`])
  return `enum ${name} {\n${values.map((value) => `  ${value}`).join('\n')}\n}`
}

function collection(typeName: string): string {
  return `type ${typeName}Collection {\n  total: Int!\n  skip: Int!\n  limit: Int!\n  items: [${typeName}]!\n}`
}

function queryFields(typeName: string): string {
  const field = typeName.charAt(0).toLowerCase() + typeName.slice(1)
  return [
    `  ${field}(id: String!, preview: Boolean, locale: String): ${typeName}`,
    `  ${field}Collection(skip: Int = 0, limit: Int = 100, preview: Boolean, locale: String, where: ${typeName}Filter, order: [${typeName}Order]): ${typeName}Collection`,
  ].join('\n')
}

function richTextTypes(owner: string): string {
  return `type ${owner} {
  json: JSON!
  links: ${owner}Links!
}
type ${owner}Links {
  entries: ${owner}Entries!
  assets: ${owner}Assets!
}
type ${owner}Entries {
  inline: [Entry]!
  hyperlink: [Entry]!
  block: [Entry]!
}
type ${owner}Assets {
  hyperlink: [Asset]!
  block: [Asset]!
}`
}

export function buildSdl(): string {
  const parts: string[] = [
    '"""A date-time string in ISO 8601 with offset, e.g. 2026-11-23T00:00:00.000+01:00"""\nscalar DateTime',
    '"""Any JSON value (rich-text documents)"""\nscalar JSON',
    `type Sys {
  id: String!
  spaceId: String!
  environmentId: String!
  publishedAt: DateTime
  firstPublishedAt: DateTime
  publishedVersion: Int
}`,
    filterInputs(
      'SysFilter',
      SYS_FIELDS.map((field) => field as FieldAccess<never>),
    ).replace(/\n {2}OR: \[SysFilter\]\n {2}AND: \[SysFilter\]/, ''),
    'interface Entry {\n  sys: Sys!\n}',
  ]
  const query: string[] = []
  for (const type of CONTENT_TYPES) {
    const fields = type.fields.map((field) => ({ name: field.id, kind: field.kind, get: () => undefined }))
    const lines = ['  sys: Sys!']
    for (const field of type.fields) {
      const output =
        field.kind === 'richText' ? `${type.typeName}${capitalize(field.id)}` : OUTPUT_TYPE[field.kind]
      lines.push(`  ${field.id}(locale: String): ${output}`)
      if (field.kind === 'richText') parts.push(richTextTypes(output))
    }
    parts.push(`"""${type.description}"""\ntype ${type.typeName} implements Entry {\n${lines.join('\n')}\n}`)
    parts.push(collection(type.typeName))
    parts.push(filterInputs(`${type.typeName}Filter`, fields, ['  sys: SysFilter']))
    parts.push(orderEnum(`${type.typeName}Order`, fields))
    query.push(queryFields(type.typeName))
  }
  const assetFields = ASSET_FIELDS.map((field) => field as FieldAccess<never>)
  parts.push(
    `"""An image from assets/"""\ntype Asset {\n  sys: Sys!\n${ASSET_FIELDS.map(
      (field) => `  ${field.name}(locale: String): ${OUTPUT_TYPE[field.kind]}`,
    ).join('\n')}\n}`,
    collection('Asset'),
    filterInputs('AssetFilter', assetFields, ['  sys: SysFilter']),
    orderEnum('AssetOrder', assetFields),
  )
  query.push(queryFields('Asset'))
  parts.push(`type Query {\n${query.join('\n')}\n}`)
  return `${parts.join('\n\n')}\n`
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
