import { describe, expect, it } from 'vitest'
import { describeApiKey, keyCreated, readApiKey } from './api-key-requests.ts'

const ACLS = ['search', 'browse', 'addObject']

describe('readApiKey', () => {
  it('reads a body, absent fields at their defaults', () => {
    expect(readApiKey({ acl: ['search'] }, ACLS)).toEqual({
      acl: ['search'],
      description: '',
      indexes: [],
      referers: [],
      queryParameters: '',
      validity: 0,
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 0,
    })
    expect(
      readApiKey(
        {
          acl: ['browse'],
          indexes: ['stations*'],
          queryParameters: 'hitsPerPage=5',
          validity: 3600,
          referers: null,
        },
        ACLS,
      ),
    ).toMatchObject({
      indexes: ['stations*'],
      queryParameters: 'hitsPerPage=5',
      validity: 3600,
      referers: [],
    })
  })

  it.each([
    [{}, /acl/],
    [undefined, /acl/],
    [{ acl: ['search', 'admin'] }, 'ACLs among search, browse, addObject (got "admin")'],
    [{ acl: ['search'], description: 1 }, /description/],
    [{ acl: ['search'], indexes: 'stations' }, /indexes/],
    [{ acl: ['search'], validity: -1 }, /validity/],
    [{ acl: ['search'], maxHitsPerQuery: 1e20 }, /maxHitsPerQuery/],
    [{ acl: ['search'], queryParameters: 'hitsPerPage=many' }, /hitsPerPage/],
  ])('refuses %j', (body, message) => {
    expect(() => readApiKey(body, ACLS)).toThrow(message)
  })
})

describe('a key on the wire', () => {
  const key = { ...readApiKey({ acl: ['search'] }, ACLS), value: 'k', createdAt: 1_700_000_000 }

  it('is described with its value and fields', () => {
    expect(describeApiKey(key)).toMatchObject({ value: 'k', createdAt: 1_700_000_000, acl: ['search'] })
  })

  it('is answered as created at an ISO time', () => {
    expect(keyCreated(key)).toEqual({ key: 'k', createdAt: '2023-11-14T22:13:20.000Z' })
  })
})
