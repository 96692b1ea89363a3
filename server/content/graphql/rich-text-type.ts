// The GraphQL type of one rich-text field, in Contentful's shape: `<Owner> { json links }` with
// `<Owner>Links`, `<Owner>Entries` and `<Owner>Assets`; the links resolve in document order.
import type { Document, Node } from '@contentful/rich-text-types'
import { GraphQLList, GraphQLNonNull, GraphQLObjectType, type GraphQLOutputType } from 'graphql'
import type { ContentContext } from './content-context.ts'
import { JSONScalar } from './scalars.ts'

export interface RichTextValue {
  document: Document
  /** The locale the field was read in: what it links to is read in it too. */
  locale: string
}

/** Link targets in document order, once each, by the node type that links them. */
function linkTargets(document: Document, nodeType: string): string[] {
  const ids: string[] = []
  const visit = (node: Node) => {
    if (node.nodeType === nodeType) {
      const id = (node.data as { target?: { sys?: { id?: string } } }).target?.sys?.id
      if (id && !ids.includes(id)) ids.push(id)
    }
    for (const child of 'content' in node && Array.isArray(node.content) ? (node.content as Node[]) : [])
      visit(child)
  }
  visit(document)
  return ids
}

type Lookup = (context: ContentContext, id: string) => object | undefined

function linksOf(name: string, itemType: GraphQLOutputType, find: Lookup, nodeTypes: Record<string, string>) {
  const fields = Object.fromEntries(
    Object.entries(nodeTypes).map(([field, nodeType]) => [
      field,
      {
        type: new GraphQLNonNull(new GraphQLList(itemType)),
        resolve: (value: RichTextValue, _: unknown, context: ContentContext) =>
          linkTargets(value.document, nodeType).map((id) => {
            const found = find(context, id)
            return found ? { ...found, locale: value.locale } : null
          }),
      },
    ]),
  )
  return new GraphQLObjectType<RichTextValue, ContentContext>({ name, fields })
}

export function richTextType(
  name: string,
  targets: { entry: GraphQLOutputType; asset: GraphQLOutputType },
): GraphQLObjectType<RichTextValue, ContentContext> {
  const entries = linksOf(
    `${name}Entries`,
    targets.entry,
    (context, id) => context.snapshot.entries.get(id),
    { inline: 'embedded-entry-inline', hyperlink: 'entry-hyperlink', block: 'embedded-entry-block' },
  )
  const assets = linksOf(`${name}Assets`, targets.asset, (context, id) => context.snapshot.assets.get(id), {
    hyperlink: 'asset-hyperlink',
    block: 'embedded-asset-block',
  })
  const links = new GraphQLObjectType<RichTextValue, ContentContext>({
    name: `${name}Links`,
    fields: {
      entries: { type: new GraphQLNonNull(entries), resolve: (value) => value },
      assets: { type: new GraphQLNonNull(assets), resolve: (value) => value },
    },
  })
  return new GraphQLObjectType<RichTextValue, ContentContext>({
    name,
    fields: {
      json: { type: new GraphQLNonNull(JSONScalar), resolve: (value) => value.document },
      links: { type: new GraphQLNonNull(links), resolve: (value) => value },
    },
  })
}
