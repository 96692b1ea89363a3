import { describe, expect, it } from 'vitest'
import { attributeList, objectRequests, readBatch, readObjectRequest, readRecord } from './record-requests.ts'

describe('readRecord', () => {
  it('takes an object, a numeric objectID as a string', () => {
    expect(readRecord({ name: 'Köln Hbf' })).toEqual({ name: 'Köln Hbf' })
    expect(readRecord({ objectID: 8000207, name: 'Köln Hbf' })).toEqual({
      objectID: '8000207',
      name: 'Köln Hbf',
    })
  })

  it.each([[null], [[1]], ['text'], [{ objectID: true }]])('refuses %j', (body) => {
    expect(() => readRecord(body)).toThrow(/body|objectID/)
  })
})

describe('readBatch', () => {
  it('reads the operations of one index’s batch, the path naming the index', () => {
    const body = {
      requests: [
        { action: 'addObject', body: { name: 'a' } },
        { action: 'deleteObject', body: { objectID: 'x' }, indexName: 'other' },
        { action: 'clear' },
      ],
    }
    expect(readBatch(body, 'stations')).toEqual([
      { action: 'addObject', indexName: 'stations', body: { name: 'a' } },
      { action: 'deleteObject', indexName: 'stations', body: { objectID: 'x' } },
      { action: 'clear', indexName: 'stations', body: {} },
    ])
  })

  it('takes each operation’s index in a batch of several', () => {
    const body = { requests: [{ action: 'updateObject', indexName: 'a', body: { objectID: 1 } }] }
    expect(readBatch(body, undefined)).toEqual([
      { action: 'updateObject', indexName: 'a', body: { objectID: '1' } },
    ])
    expect(() => readBatch({ requests: [{ action: 'clear' }] }, undefined)).toThrow(/indexName/)
  })

  it.each([
    [{}, /requests/],
    [{ requests: [null] }, /requests\[0\]/],
    [{ requests: [{ action: 'upsert', body: {} }] }, /action/],
    [{ requests: [{ action: 'addObject', body: [] }] }, /body/],
    [
      {
        requests: [
          { action: 'addObject', body: {} },
          { action: 'updateObject', body: {} },
        ],
      },
      'objectID is required for updateObject (request 1)',
    ],
  ])('refuses %j', (body, message) => {
    expect(() => readBatch(body, 'stations')).toThrow(message)
  })
})

describe('getObjects’ requests', () => {
  it('reads each request', () => {
    const [first] = objectRequests({
      requests: [{ indexName: 'a', objectID: '1', attributesToRetrieve: ['name'] }],
    })
    expect(readObjectRequest(first)).toEqual({
      indexName: 'a',
      objectID: '1',
      attributesToRetrieve: ['name'],
    })
  })

  it('refuses a body without requests and a request without its names', () => {
    expect(() => objectRequests({})).toThrow(/requests/)
    expect(() => objectRequests(null)).toThrow(/requests/)
    expect(() => readObjectRequest({ objectID: '1' })).toThrow(/indexName/)
    expect(() => readObjectRequest({ indexName: 'a', objectID: 1 })).toThrow(/objectID/)
    expect(() => readObjectRequest({ indexName: 'a', objectID: '1', attributesToRetrieve: 'name' })).toThrow(
      /attributesToRetrieve/,
    )
  })
})

describe('attributeList', () => {
  it('splits names at commas', () => {
    expect(attributeList('name, city')).toEqual(['name', 'city'])
    expect(attributeList(undefined)).toBeUndefined()
  })
})
