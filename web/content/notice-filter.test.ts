import { describe, expect, it } from 'vitest'
import type { NoticeSummary } from './content-types.ts'
import { filterNotices, noticeStartsPerDay, noticeStatus, noticesPerDay } from './notice-filter.ts'

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

  it('marks the Berlin days on which notices begin', () => {
    const counts = noticeStartsPerDay(all, '2026-11-01', '2026-11-30')
    expect([...counts].sort()).toEqual([
      ['2026-11-10', 1],
      ['2026-11-23', 1],
      ['2026-11-26', 1],
      ['2026-11-30', 1],
    ])
    // The open-ended notice that began before the month is not marked again.
    expect(noticeStartsPerDay(all, '2026-12-01', '2026-12-31').size).toBe(0)
  })
})

describe('whether a notice is current', () => {
  const at = (instant: string) => new Date(instant)

  it('is current from its start to its end, upcoming before and ended after', () => {
    expect(noticeStatus(works, at('2026-11-22T23:59:59.999+01:00'))).toBe('demnaechst')
    expect(noticeStatus(works, at('2026-11-23T00:00:00.000+01:00'))).toBe('aktuell')
    expect(noticeStatus(works, at('2026-11-27T23:59:00.000+01:00'))).toBe('aktuell')
    expect(noticeStatus(works, at('2026-11-27T23:59:01.000+01:00'))).toBe('beendet')
    expect(noticeStatus(info, at('2030-01-01T12:00:00Z'))).toBe('aktuell')
    expect(noticeStatus(lift, at('2026-11-23T12:00:00+01:00'))).not.toBe('aktuell')
    expect(noticeStatus(works, at('2026-11-23T12:00:00+01:00'))).toBe('aktuell')
  })

  it('goes by the time of day: a closure from 22:00 is not current in the morning, one ended at 5:00 is not in the afternoon', () => {
    const closure = notice(
      'closure',
      'Bauarbeiten',
      '2026-11-27T22:00:00.000+01:00',
      '2026-11-30T05:00:00.000+01:00',
    )
    expect(noticeStatus(closure, at('2026-11-27T10:00:00+01:00'))).toBe('demnaechst')
    expect(noticeStatus(closure, at('2026-11-27T22:00:00+01:00'))).toBe('aktuell')
    expect(noticeStatus(closure, at('2026-11-30T04:59:00+01:00'))).toBe('aktuell')
    expect(noticeStatus(closure, at('2026-11-30T14:00:00+01:00'))).toBe('beendet')
  })

  it('ends a notice whose end lies before its start with its first Berlin day', () => {
    const typo = notice(
      'typo',
      'Information',
      '2026-11-23T08:00:00.000+01:00',
      '2026-11-20T23:59:59.999+01:00',
    )
    expect(noticeStatus(typo, at('2026-11-23T23:00:00+01:00'))).toBe('aktuell')
    expect(noticeStatus(typo, at('2026-11-24T00:00:00+01:00'))).toBe('beendet')
  })

  it('compares instants, whatever offset they are written with', () => {
    // 23:30 UTC on the 29th is the 30th in Berlin; "late" ran 00:30–00:45 Berlin time.
    expect(noticeStatus(late, at('2026-11-29T23:40:00Z'))).toBe('aktuell')
    expect(noticeStatus(late, at('2026-11-29T23:50:00Z'))).toBe('beendet')
  })
})
