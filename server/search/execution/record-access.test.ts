import { describe, expect, it, vi } from 'vitest'
import type { SearchRecord } from '../../../search-core/index.ts'
import { recordReads } from './record-access.ts'

const records: Record<string, SearchRecord> = {
  '1': { objectID: '1', name: 'Köln Hbf', state: 'NW', secret: 'x' },
  '2': { objectID: '2', name: 'München Hbf', state: 'BY', secret: 'y' },
}

function reader() {
  return {
    getIndex: (name: string) =>
      name === 'stations' ? { settings: { unretrievableAttributes: ['secret'] } } : undefined,
    getObject: (_index: string, objectID: string) => records[objectID],
    // The records the key's forced filter state:BY finds.
    matchingObjectIDs: vi.fn(() => ['2']),
  }
}

const grant = (forcedParams?: Record<string, unknown>, acl: string[] = ['search']) => ({
  maxHitsPerQuery: 0,
  acl: new Set(acl),
  ...(forcedParams ? { forcedParams } : {}),
})

describe('recordReads', () => {
  it('reads a record without its unretrievable attributes, unless the key may see them', () => {
    expect(recordReads(reader(), grant()).read('stations', '1', undefined)).toEqual({
      objectID: '1',
      name: 'Köln Hbf',
      state: 'NW',
    })
    const seeing = grant(undefined, ['search', 'seeUnretrievableAttributes'])
    expect(recordReads(reader(), seeing).read('stations', '1', undefined)).toHaveProperty('secret', 'x')
  })

  it('returns the attributes asked for, or those the key forces', () => {
    expect(recordReads(reader(), grant()).read('stations', '1', ['name'])).toEqual({
      objectID: '1',
      name: 'Köln Hbf',
    })
    const forcing = grant({ attributesToRetrieve: ['state'] })
    expect(recordReads(reader(), forcing).read('stations', '1', ['name'])).toEqual({
      objectID: '1',
      state: 'NW',
    })
  })

  it('reads nothing of a missing index or record', () => {
    const reads = recordReads(reader(), grant())
    expect(reads.read('other', '1', undefined)).toBeUndefined()
    expect(reads.read('stations', '3', undefined)).toBeUndefined()
  })

  it('reads only the records the key’s searches find, looked up once per index', () => {
    const source = reader()
    const reads = recordReads(source, grant({ filters: 'state:BY' }))
    expect(reads.read('stations', '1', undefined)).toBeUndefined()
    expect(reads.read('stations', '2', undefined)).toMatchObject({ objectID: '2' })
    expect(reads.read('stations', '2', undefined)).toMatchObject({ objectID: '2' })
    expect(source.matchingObjectIDs).toHaveBeenCalledTimes(1)
  })
})
