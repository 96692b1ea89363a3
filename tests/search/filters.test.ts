// The filters grammar, facetFilters, numericFilters and tagFilters through the official client,
// with counts checked against db-stations directly.
import { describe, expect } from 'vitest'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { allStations } from '../helpers/stations.ts'
import { it as serverTest } from './fixture.ts'

const stations = await allStations()

const count = (predicate: (s: StationRecord) => boolean) => stations.filter(predicate).length
// The number of stations a search with these parameters finds.
const it = serverTest.extend(
  'nbHits',
  ({ server }) =>
    async (params: Record<string, unknown>) =>
      (await server.search({ hitsPerPage: 0, ...params })).nbHits,
)

describe('filters', () => {
  it('combines facet and numeric conditions with AND, OR, NOT and parentheses', async ({ nbHits }) => {
    expect(await nbHits({ filters: 'federalState:Bayern AND category:2' })).toBe(
      count((s) => s.federalState === 'Bayern' && s.category === 2),
    )
    expect(
      await nbHits({ filters: '(federalState:Bremen OR federalState:Hamburg) AND NOT category:6' }),
    ).toBe(count((s) => (s.federalState === 'Bremen' || s.federalState === 'Hamburg') && s.category !== 6))
  })

  it('reads quoted values and ranges', async ({ nbHits }) => {
    expect(await nbHits({ filters: 'federalState:"Nordrhein-Westfalen" AND category:1 TO 3' })).toBe(
      count((s) => s.federalState === 'Nordrhein-Westfalen' && s.category !== null && s.category <= 3),
    )
    expect(await nbHits({ filters: 'category <= 2' })).toBe(
      count((s) => s.category !== null && s.category <= 2),
    )
  })

  it('matches a value of a multi-valued attribute', async ({ nbHits }) => {
    expect(await nbHits({ filters: 'facilities:WLAN' })).toBe(count((s) => s.facilities.includes('WLAN')))
  })

  it('applies facetFilters: outer AND, inner OR, "-" negation', async ({ nbHits }) => {
    expect(
      await nbHits({
        facetFilters: [['federalState:Berlin', 'federalState:Brandenburg'], 'steplessAccess:ja'],
      }),
    ).toBe(
      count(
        (s) => (s.federalState === 'Berlin' || s.federalState === 'Brandenburg') && s.steplessAccess === 'ja',
      ),
    )
    expect(await nbHits({ facetFilters: ['federalState:Saarland', 'steplessAccess:-ja'] })).toBe(
      count((s) => s.federalState === 'Saarland' && s.steplessAccess !== 'ja'),
    )
  })

  it('applies numericFilters and combines every kind of filter', async ({ nbHits }) => {
    expect(
      await nbHits({
        numericFilters: ['category>=3', 'category<=4'],
        facetFilters: ['federalState:Hessen'],
        filters: 'facilities:WC',
      }),
    ).toBe(
      count(
        (s) =>
          s.category !== null &&
          s.category >= 3 &&
          s.category <= 4 &&
          s.federalState === 'Hessen' &&
          s.facilities.includes('WC'),
      ),
    )
  })

  it('treats tagFilters as filters on _tags (stations have none)', async ({ nbHits }) => {
    expect(await nbHits({ tagFilters: ['anything'] })).toBe(0)
  })

  it('refuses a malformed filter with a 400 that names the problem', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/stations/query', {
      filters: 'federalState:Bayern AND (',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ status: 400, message: expect.stringMatching(/filters/) })
  })
})
