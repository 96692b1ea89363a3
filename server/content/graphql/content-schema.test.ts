// The schema's names follow Contentful's rules, derived from the content model: what a client
// written against a Contentful space with the same model relies on.
import { type GraphQLInputObjectType, type GraphQLObjectType, isEnumType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { CONTENT_TYPES } from '../content-model.ts'
import { buildContentSchema } from './content-schema.ts'

const schema = buildContentSchema()
const fieldsOf = (name: string) =>
  Object.keys((schema.getType(name) as GraphQLObjectType | GraphQLInputObjectType).getFields())

describe('the content schema', () => {
  it('has `<type>(id)` and `<type>Collection` queries for every content type and for assets', () => {
    expect(fieldsOf('Query')).toEqual([
      'page',
      'pageCollection',
      'notice',
      'noticeCollection',
      'stationTeaser',
      'stationTeaserCollection',
      'asset',
      'assetCollection',
    ])
    expect(schema.getPossibleTypes(schema.getType('Entry') as never).map((type) => type.name)).toEqual(
      CONTENT_TYPES.map((type) => type.typeName),
    )
  })

  it('names the types of a rich-text field after its owner: <Type><Field>, …Links, …Entries, …Assets', () => {
    expect(fieldsOf('NoticeBody')).toEqual(['json', 'links'])
    expect(fieldsOf('NoticeBodyLinks')).toEqual(['entries', 'assets'])
    expect(fieldsOf('NoticeBodyEntries')).toEqual(['inline', 'hyperlink', 'block'])
    expect(fieldsOf('NoticeBodyAssets')).toEqual(['hyperlink', 'block'])
  })

  it('lets an entry filter nest with AND and OR and hold a sys filter, which itself nests no further', () => {
    const notice = fieldsOf('NoticeFilter')
    expect(notice).toEqual(
      expect.arrayContaining(['sys', 'AND', 'OR', 'stationIds_contains_some', 'validFrom_lte']),
    )
    const sys = fieldsOf('SysFilter')
    expect(sys).toEqual(expect.arrayContaining(['id', 'id_in', 'publishedAt_gte']))
    expect(sys).not.toContain('AND')
    expect(sys).not.toContain('OR')
  })

  it('orders by symbol and date fields and by sys fields, both directions', () => {
    const order = schema.getType('NoticeOrder')
    if (!isEnumType(order)) throw new Error('NoticeOrder is no enum')
    const values = order.getValues().map((value) => value.name)
    expect(values).toEqual(expect.arrayContaining(['validFrom_ASC', 'title_DESC', 'sys_publishedAt_DESC']))
    expect(values).not.toContain('summary_ASC')
    expect(values).not.toContain('body_ASC')
  })
})
