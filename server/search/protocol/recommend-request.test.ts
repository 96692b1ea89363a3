import { describe, expect, it } from 'vitest'
import { MAX_RECOMMEND_REQUESTS_PER_CALL } from '../../../search-core/index.ts'
import { optionalFilters, readRecommendRequest, recommendRequests } from './recommend-request.ts'

describe('recommendRequests', () => {
  it('takes 1 to the call’s limit of requests', () => {
    expect(recommendRequests({ requests: [{}] })).toHaveLength(1)
    const most = Array.from({ length: MAX_RECOMMEND_REQUESTS_PER_CALL }, () => ({}))
    expect(recommendRequests({ requests: most })).toHaveLength(MAX_RECOMMEND_REQUESTS_PER_CALL)
  })

  it('refuses no requests, none at all and one too many', () => {
    const message = `array of 1 to ${MAX_RECOMMEND_REQUESTS_PER_CALL} requests`
    expect(() => recommendRequests({ requests: [] })).toThrow(message)
    expect(() => recommendRequests(null)).toThrow(message)
    expect(() => recommendRequests({ requests: {} })).toThrow(message)
    const tooMany = Array.from({ length: MAX_RECOMMEND_REQUESTS_PER_CALL + 1 }, () => ({}))
    expect(() => recommendRequests({ requests: tooMany })).toThrow(message)
  })
})

describe('readRecommendRequest', () => {
  it('reads a related request with its search parameters', () => {
    expect(
      readRecommendRequest(
        {
          indexName: 'stations',
          model: 'related-products',
          objectID: '8000207',
          threshold: 42.5,
          maxRecommendations: 6,
          queryParameters: { filters: 'category:1', attributesToRetrieve: ['name'] },
        },
        0,
      ),
    ).toEqual({
      indexName: 'stations',
      model: 'related-products',
      objectID: '8000207',
      threshold: 42.5,
      maxRecommendations: 6,
      queryParameters: { filters: 'category:1', attributesToRetrieve: ['name'] },
    })
  })

  it('refuses a field the model does not take, naming it', () => {
    expect(() =>
      readRecommendRequest({ indexName: 'i', model: 'trending-items', threshold: 0, objectID: 'x' }, 0),
    ).toThrow(/objectID/)
    expect(() =>
      readRecommendRequest(
        { indexName: 'i', model: 'bought-together', threshold: 0, objectID: 'x', fallbackParameters: {} },
        0,
      ),
    ).toThrow(/fallbackParameters/)
  })

  it('checks threshold and maxRecommendations ranges', () => {
    const base = { indexName: 'i', model: 'trending-items' }
    expect(() => readRecommendRequest({ ...base, threshold: 101 }, 0)).toThrow(/threshold/)
    expect(() => readRecommendRequest({ ...base, threshold: 0, maxRecommendations: 0 }, 0)).toThrow(
      /maxRecommendations/,
    )
  })
})

describe('optionalFilters', () => {
  it('reads each entry as a boost, with <score=N> as its weight', () => {
    expect(
      optionalFilters(['federalState:Bayern<score=3>', ['category:1', 'category:2'], 'operator:X']),
    ).toEqual([
      { filter: { type: 'facet', attribute: 'federalState', value: 'Bayern' }, score: 3 },
      {
        filter: {
          type: 'or',
          children: [
            { type: 'facet', attribute: 'category', value: '1' },
            { type: 'facet', attribute: 'category', value: '2' },
          ],
        },
        score: 1,
      },
      { filter: { type: 'facet', attribute: 'operator', value: 'X' }, score: 1 },
    ])
    expect(optionalFilters(undefined)).toEqual([])
  })
})
