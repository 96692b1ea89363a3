// A secured key's grant is its parent's narrowed by the key's own restrictions, never widened.
import { createHmac } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { StoredKey } from '../store/key-store.ts'
import { ApiKeys, type ForcedParamsRules, type KeyRecords } from './api-keys.ts'

type Params = Record<string, string>

/** Live keys in memory (the store's SQL is not what these tests are about). */
function keyRecords(): KeyRecords {
  const live = new Map<string, StoredKey>()
  return {
    get: (value) => live.get(value),
    list: () => [...live.values()],
    insert: (key) => void live.set(key.value, key),
    update: () => false,
    delete: (value) => live.delete(value),
    restore: () => false,
  }
}

const CREDENTIALS = { appId: 'app', adminKey: 'admin-key-0123456789', searchKey: 'search-key-0123456789' }

/** Parameters as plain strings: the protocol's rules of narrowing are tested with it (key-params.ts). */
const PLAIN: ForcedParamsRules<Params> = {
  read: (text) => Object.fromEntries(new URLSearchParams(text)),
  narrow: (parent, child) => ({ ...child, ...parent }),
}

let keys: ApiKeys<Params>

beforeEach(() => {
  keys = new ApiKeys(keyRecords(), CREDENTIALS, PLAIN)
})

/** A secured key as generateSecuredApiKey makes it. */
const secured = (parent: string, params: string) =>
  Buffer.from(createHmac('sha256', parent).update(params).digest('hex') + params).toString('base64')

describe('a secured key’s grant', () => {
  it('adds its restrictions to its parent’s and counts against the parent’s budget', () => {
    const parent = keys.create({
      acl: ['search'],
      description: '',
      indexes: ['stations*'],
      referers: ['https://a.example/*'],
      queryParameters: 'userToken=operator&hitsPerPage=5',
      validity: 0,
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 10,
    })
    const grant = keys.resolve(
      'app',
      secured(
        parent.value,
        'restrictIndices=stations_x&referers=https%3A%2F%2Fa.example%2Fb*&userToken=child',
      ),
    )
    expect(grant).toMatchObject({
      rateKey: parent.value,
      indexRestrictions: [['stations*'], ['stations_x']],
      refererRestrictions: [['https://a.example/*'], ['https://a.example/b*']],
      forcedParams: { userToken: 'operator', hitsPerPage: '5' },
      userToken: 'operator',
      maxQueriesPerIPPerHour: 10,
    })
  })

  it('ends at the earlier of its validUntil and its parent’s validity', () => {
    const parent = keys.create({
      acl: ['search'],
      description: '',
      indexes: [],
      referers: [],
      queryParameters: '',
      validity: 100,
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 0,
    })
    const start = parent.createdAt
    const longer = secured(parent.value, `validUntil=${start + 1000}`)
    expect(keys.resolve('app', longer, start + 50)).toBeDefined()
    expect(keys.resolve('app', longer, start + 200)).toBeUndefined()
    const shorter = secured(parent.value, `validUntil=${start + 20}`)
    expect(keys.resolve('app', shorter, start + 10)).toBeDefined()
    expect(keys.resolve('app', shorter, start + 50)).toBeUndefined()
  })

  it('is no grant when its parameters cannot be combined with its parent’s', () => {
    const strict = new ApiKeys(keyRecords(), CREDENTIALS, {
      ...PLAIN,
      narrow: () => {
        throw new Error('cannot be combined')
      },
    })
    const parent = strict.create({
      acl: ['search'],
      description: '',
      indexes: [],
      referers: [],
      queryParameters: 'filters=a%3A1',
      validity: 0,
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 0,
    })
    expect(strict.resolve('app', secured(parent.value, 'filters=b%3A2'))).toBeUndefined()
    expect(strict.resolve('app', parent.value)).toBeDefined()
  })
})
