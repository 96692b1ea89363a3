import { describe, expect, it } from 'vitest'
import type { NoticeSummary } from './content-types.ts'
import { filterNotices, noticeGroup, noticesPerDay } from './notice-filter.ts'

function notice(id: string, kind: string, validFrom: string, validUntil: string | null): NoticeSummary {
  return { sys: { id }, title: id, slug: id, kind, validFrom, validUntil, stationIds: [], summary: null }
}

const works = notice('works', 'Bauarbeiten', '2026-11-23T00:00:00.000+01:00', '2026-11-27T23:59:00.000+01:00')
const lift = notice('lift', 'Aufzug', '2026-11-26T00:00:00.000+01:00', '2026-12-02T00:00:00.000+01:00')
const info = notice('info', 'Information', '2026-11-10T00:00:00.000+01:00', null)
// Begins at 23:30 UTC on the 29th: that is already the 30th in Berlin.
const late = notice('late', 'Information', '2026-11-29T23:30:00.000Z', '2026-11-29T23:45:00.000Z')
const all = [works, lift, info, late]

const ids = (list: NoticeSummary[]) => list.map((n) => n.sys.id)

describe('notice filter', () => {
  it('selects by kind', () => {
    expect(ids(filterNotices(all, { kind: 'Aufzug', from: null, to: null }))).toEqual(['lift'])
  })

  it('selects the notices valid on a day, open-ended ones included', () => {
    expect(ids(filterNotices(all, { kind: null, from: '2026-11-24', to: null }))).toEqual(['works', 'info'])
    expect(ids(filterNotices(all, { kind: null, from: '2026-11-30', to: null }))).toEqual([
      'lift',
      'info',
      'late',
    ])
    expect(ids(filterNotices(all, { kind: null, from: '2026-11-01', to: null }))).toEqual([])
  })

  it('selects the notices overlapping a span of days, and by kind within it', () => {
    expect(ids(filterNotices(all, { kind: null, from: '2026-11-27', to: '2026-11-28' }))).toEqual([
      'works',
      'lift',
      'info',
    ])
    expect(ids(filterNotices(all, { kind: 'Bauarbeiten', from: '2026-11-28', to: '2026-12-05' }))).toEqual([])
  })

  it('counts notices per Berlin day of a month', () => {
    const counts = noticesPerDay(all, '2026-11-01', '2026-11-30')
    expect(counts.get('2026-11-09')).toBeUndefined()
    expect(counts.get('2026-11-10')).toBe(1)
    expect(counts.get('2026-11-23')).toBe(2)
    expect(counts.get('2026-11-26')).toBe(3)
    expect(counts.get('2026-11-29')).toBe(2)
    expect(counts.get('2026-11-30')).toBe(3)
    expect(counts.has('2026-12-01')).toBe(false)
  })

  it('groups notices into current, upcoming and ended', () => {
    expect(noticeGroup(works, '2026-11-23')).toBe('aktuell')
    expect(noticeGroup(lift, '2026-11-23')).toBe('demnaechst')
    expect(noticeGroup(works, '2026-11-28')).toBe('beendet')
    expect(noticeGroup(info, '2030-01-01')).toBe('aktuell')
  })
})
