import { describe, expect, it } from 'vitest'
import { readReportParams } from './report-params.ts'

const NOW = Date.UTC(2026, 10, 23, 15, 30)

describe('analytics report parameters', () => {
  it('default to the last 8 days including today, 10 rows from the first', () => {
    const params = readReportParams({ index: 'stations' }, NOW)
    expect(params.days).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ])
    expect(params).toMatchObject({
      from: Date.UTC(2026, 10, 16),
      to: Date.UTC(2026, 10, 24),
      limit: 10,
      offset: 0,
    })
  })

  it('take a period in whole UTC days, endDate included', () => {
    const params = readReportParams(
      { index: 'stations', startDate: '2026-02-27', endDate: '2026-03-01' },
      NOW,
    )
    expect(params.days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
    expect(params.to).toBe(Date.UTC(2026, 2, 2))
  })

  it('refuse what Algolia refuses, naming the parameter', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /index/],
      [{ index: 'stations', startDate: '2026-02-30' }, /startDate/],
      [{ index: 'stations', endDate: '23.11.2026' }, /endDate/],
      [{ index: 'stations', startDate: '2026-11-20', endDate: '2026-11-19' }, /startDate/],
      [{ index: 'stations', limit: '1001' }, /limit/],
      [{ index: 'stations', offset: '-1' }, /offset/],
      [{ index: 'stations', orderBy: 'nbHits' }, /orderBy/],
      [{ index: 'stations', clickAnalytics: 'yes' }, /clickAnalytics/],
    ]
    for (const [query, message] of cases) expect(() => readReportParams(query, NOW)).toThrow(message)
  })

  it('combine URL-encoded tags with AND before OR', () => {
    const { tags: matches } = readReportParams(
      { index: 'stations', tags: 'device:mobile%20phone AND de OR desktop' },
      NOW,
    )
    if (!matches) throw new Error('no tag filter')
    expect(matches(['device:mobile phone', 'de'])).toBe(true)
    expect(matches(['device:mobile phone'])).toBe(false)
    expect(matches(['desktop'])).toBe(true)
    expect(matches([])).toBe(false)
    expect(() => readReportParams({ index: 'stations', tags: ' OR desktop' }, NOW)).toThrow(/tags/)
  })
})
