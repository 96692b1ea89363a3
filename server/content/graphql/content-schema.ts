// The content GraphQL schema as graphql-js types, built from the content model with Contentful's
// naming: `<type>(id)` and `<type>Collection` queries, `<Type>Filter`, `<Type>Order`, `<Type><Field>`
// rich-text types. Each type gets its name where it is built and carries its own resolvers, so no
// name is derived twice and none is looked up by its text.
import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql'
import {
  CONTENT_TYPES,
  type ContentTypeId,
  type ContentTypeSpec,
  DEFAULT_LOCALE,
  ENVIRONMENT_ID,
  LOCALES,
  SPACE_ID,
} from '../content-model.ts'
import type { ContentAsset, ContentEntry, EntrySys } from '../content-snapshot.ts'
import { type CollectionArgs, DEFAULT_LIMIT, queryCollection } from './collection-query.ts'
import type { ContentContext } from './content-context.ts'
import { contentfulError } from './contentful-error.ts'
import {
  type AccessKind,
  ASSET_FIELDS,
  entryFields,
  entryValue,
  FILTER_OPERATORS,
  type FieldAccess,
  type InLocale,
  ORDERABLE,
  SYS_FIELDS,
} from './field-access.ts'
import { type RichTextValue, richTextType } from './rich-text-type.ts'
import { DateTime } from './scalars.ts'

type LocaleArgs = { locale?: string | null }
type FieldShape = Pick<FieldAccess<never>, 'name' | 'kind'>

/**
 * The locale a query or field reads: its own `locale` argument, else the one it inherits from the
 * query or link it is reached through (the default locale at the top). An unknown locale is refused
 * for this path, as Contentful does.
 */
function localeOf(args: LocaleArgs, inherited: string): string {
  const requested = args.locale
  if (requested === undefined || requested === null) return inherited
  if (!LOCALES.some((locale) => locale.code === requested)) {
    throw contentfulError(
      'UNKNOWN_LOCALE',
      `Query cannot be executed. Requested locale '${requested}' does not exist in the space`,
      { availableLocaleCodes: LOCALES.map((locale) => locale.code) },
    )
  }
  return requested
}

const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type)
const localeArgs = { locale: { type: GraphQLString } }

const OUTPUT_TYPE: Record<Exclude<AccessKind, 'richText'>, GraphQLOutputType> = {
  symbol: GraphQLString,
  text: GraphQLString,
  date: DateTime,
  number: GraphQLInt,
  symbols: new GraphQLList(GraphQLString),
}

/** Rich-text fields have a type of their own (richTextType); every other kind maps to a scalar. */
function scalarOutput(kind: AccessKind): GraphQLOutputType {
  if (kind === 'richText') throw new Error('a rich-text field has a type of its own')
  return OUTPUT_TYPE[kind]
}

const FILTER_TYPE: Record<AccessKind, GraphQLInputType> = {
  symbol: GraphQLString,
  text: GraphQLString,
  date: DateTime,
  number: GraphQLFloat,
  symbols: GraphQLString,
  richText: GraphQLString,
}

const Sys = new GraphQLObjectType<EntrySys & { spaceId: string; environmentId: string }>({
  name: 'Sys',
  fields: {
    id: { type: nonNull(GraphQLString) },
    spaceId: { type: nonNull(GraphQLString) },
    environmentId: { type: nonNull(GraphQLString) },
    publishedAt: { type: DateTime },
    firstPublishedAt: { type: DateTime },
    publishedVersion: { type: GraphQLInt },
  },
})

const sysField: GraphQLFieldConfig<{ sys: EntrySys }, ContentContext> = {
  type: nonNull(Sys),
  resolve: (item) => ({ ...item.sys, spaceId: SPACE_ID, environmentId: ENVIRONMENT_ID }),
}

/** `<field><operator>` inputs in Contentful's naming; `OR` and `AND` nest the filter in itself. */
function filterInput(
  name: string,
  fields: readonly FieldShape[],
  options: { sys?: GraphQLInputType; combinable: boolean },
): GraphQLInputObjectType {
  const input: GraphQLInputObjectType = new GraphQLInputObjectType({
    name,
    fields: () => {
      const inputs: GraphQLInputFieldConfigMap = options.sys ? { sys: { type: options.sys } } : {}
      for (const field of fields) {
        for (const operator of FILTER_OPERATORS[field.kind]) {
          const scalar = FILTER_TYPE[field.kind]
          const type =
            operator === '_exists'
              ? GraphQLBoolean
              : operator.endsWith('_in') || field.kind === 'symbols'
                ? new GraphQLList(scalar)
                : scalar
          inputs[`${field.name}${operator}`] = { type }
        }
      }
      if (options.combinable) {
        inputs.OR = { type: new GraphQLList(input) }
        inputs.AND = { type: new GraphQLList(input) }
      }
      return inputs
    },
  })
  return input
}

/** Contentful's sys filter has no OR or AND of its own: they belong to the entry's filter. */
const SysFilter = filterInput('SysFilter', SYS_FIELDS, { combinable: false })

function orderEnum(name: string, fields: readonly FieldShape[]): GraphQLEnumType {
  const values = [
    ...fields.filter((field) => ORDERABLE.has(field.kind)).map((field) => field.name),
    ...SYS_FIELDS.map((field) => `sys_${field.name}`),
  ].flatMap((field) => [`${field}_ASC`, `${field}_DESC`])
  return new GraphQLEnumType({ name, values: Object.fromEntries(values.map((value) => [value, { value }])) })
}

/**
 * `<field>(id)` and `<field>Collection(skip, limit, where, order)` for one type of item; the items
 * are read in the query's locale.
 */
function queryFields<T extends { sys: { id: string } }>(
  field: string,
  item: GraphQLObjectType<InLocale<T>, ContentContext>,
  fields: readonly FieldAccess<T>[],
  items: {
    one: (context: ContentContext, id: string) => T | undefined
    all: (context: ContentContext) => readonly T[]
  },
): GraphQLFieldConfigMap<unknown, ContentContext> {
  const collection = new GraphQLObjectType({
    name: `${item.name}Collection`,
    fields: {
      total: { type: nonNull(GraphQLInt) },
      skip: { type: nonNull(GraphQLInt) },
      limit: { type: nonNull(GraphQLInt) },
      items: { type: nonNull(new GraphQLList(item)) },
    },
  })
  const filter = filterInput(`${item.name}Filter`, fields, { sys: SysFilter, combinable: true })
  const order = orderEnum(`${item.name}Order`, fields)
  return {
    [field]: {
      type: item,
      args: {
        id: { type: new GraphQLNonNull(GraphQLString) },
        preview: { type: GraphQLBoolean },
        ...localeArgs,
      },
      resolve: (_, args: LocaleArgs & { id: string }, context): InLocale<T> | null => {
        const locale = localeOf(args, DEFAULT_LOCALE)
        const found = items.one(context, args.id)
        return found ? { ...found, locale } : null
      },
    },
    [`${field}Collection`]: {
      type: collection,
      args: {
        skip: { type: GraphQLInt, defaultValue: 0 },
        limit: { type: GraphQLInt, defaultValue: DEFAULT_LIMIT },
        preview: { type: GraphQLBoolean },
        ...localeArgs,
        where: { type: filter },
        order: { type: new GraphQLList(order) },
      },
      resolve: (_, args: LocaleArgs & CollectionArgs, context) => {
        const locale = localeOf(args, DEFAULT_LOCALE)
        const page = queryCollection(items.all(context), fields, args, locale)
        return { ...page, items: page.items.map((found): InLocale<T> => ({ ...found, locale })) }
      },
    },
  }
}

const Asset = new GraphQLObjectType<InLocale<ContentAsset>, ContentContext>({
  name: 'Asset',
  description: 'An image from assets/',
  fields: () => ({
    sys: sysField,
    ...Object.fromEntries(
      ASSET_FIELDS.map((field): [string, GraphQLFieldConfig<InLocale<ContentAsset>, ContentContext>] => [
        field.name,
        {
          type: scalarOutput(field.kind),
          args: localeArgs,
          resolve: (asset, args: LocaleArgs, context) => {
            const locale = localeOf(args, asset.locale)
            // The URL points at this server's asset route, so it depends on the request's host.
            return field.name === 'url'
              ? `${context.assetBaseUrl}${encodeURIComponent(asset.fileName)}`
              : field.get(asset, locale)
          },
        },
      ]),
    ),
  }),
})

/** Builds the schema; every request runs against the one built at start. */
export function buildContentSchema(): GraphQLSchema {
  const entryTypes = new Map<ContentTypeId, GraphQLObjectType<InLocale<ContentEntry>, ContentContext>>()
  const Entry = new GraphQLInterfaceType({
    name: 'Entry',
    fields: { sys: { type: nonNull(Sys) } },
    resolveType: (entry: ContentEntry) => entryTypes.get(entry.contentType)?.name,
  })

  function entryField(spec: ContentTypeSpec, field: ContentTypeSpec['fields'][number]) {
    const richText =
      field.kind === 'richText'
        ? richTextType(`${spec.typeName}${field.id.charAt(0).toUpperCase()}${field.id.slice(1)}`, {
            entry: Entry,
            asset: Asset,
          })
        : undefined
    return {
      type: richText ?? scalarOutput(field.kind),
      args: localeArgs,
      resolve: (entry: InLocale<ContentEntry>, args: LocaleArgs): unknown => {
        const locale = localeOf(args, entry.locale)
        const value = entryValue(entry, field.id, locale)
        // The links of a rich-text field resolve in the field's locale.
        if (richText) return value ? ({ document: value, locale } as RichTextValue) : null
        return value ?? null
      },
    } satisfies GraphQLFieldConfig<InLocale<ContentEntry>, ContentContext>
  }

  const query: GraphQLFieldConfigMap<unknown, ContentContext> = {}
  for (const spec of CONTENT_TYPES) {
    const type = new GraphQLObjectType<InLocale<ContentEntry>, ContentContext>({
      name: spec.typeName,
      description: spec.description,
      interfaces: [Entry],
      fields: () => ({
        sys: sysField,
        ...Object.fromEntries(spec.fields.map((field) => [field.id, entryField(spec, field)])),
      }),
    })
    entryTypes.set(spec.id, type)
    Object.assign(
      query,
      queryFields(spec.id, type, entryFields(spec), {
        one: (context, id) => {
          const entry = context.snapshot.entries.get(id)
          return entry?.contentType === spec.id ? entry : undefined
        },
        all: (context) =>
          [...context.snapshot.entries.values()].filter((entry) => entry.contentType === spec.id),
      }),
    )
  }
  Object.assign(
    query,
    queryFields('asset', Asset, ASSET_FIELDS, {
      one: (context, id) => context.snapshot.assets.get(id),
      all: (context) => [...context.snapshot.assets.values()],
    }),
  )
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: query }) })
}
