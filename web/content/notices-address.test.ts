import { describe, expect, it } from 'vitest'
import { noticesAddress, pickDays, readFilter, readMonth } from './notices-address.ts'

const TODAY = '2026-11-24'

describe('the days a click picks (as the calendar picks them with the script)', () => {
  it('picks one day when none is picked', () => {
    expect(pickDays(null, null, '2026-11-23')).toEqual({ from: '2026-11-23', to: null })
  })

  it('makes a span with a second day, after or before the first', () => {
    expect(pickDays('2026-11-23', null, '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-27' })
    expect(pickDays('2026-11-23', null, '2026-11-20')).toEqual({ from: '2026-11-20', to: '2026-11-23' })
  })

  it('clears the choice when the one day picked is clicked again', () => {
    expect(pickDays('2026-11-23', null, '2026-11-23')).toEqual({ from: null, to: null })
  })

  it('moves an end of a span', () => {
    expect(pickDays('2026-11-23', '2026-11-27', '2026-11-25')).toEqual({
      from: '2026-11-23',
      to: '2026-11-25',
    })
    expect(pickDays('2026-11-23', '2026-11-27', '2026-11-20')).toEqual({
      from: '2026-11-20',
      to: '2026-11-27',
    })
    expect(pickDays('2026-11-23', '2026-11-27', '2026-11-23')).toEqual({ from: '2026-11-23', to: null })
    expect(pickDays('2026-11-23', '2026-11-27', '2026-11-27')).toEqual({ from: '2026-11-27', to: null })
  })

  it('spans a change of month and year', () => {
    expect(pickDays('2026-12-30', null, '2027-01-02')).toEqual({ from: '2026-12-30', to: '2027-01-02' })
  })

  it('ignores a day that is none', () => {
    expect(pickDays('2026-11-23', null, '2026-02-30')).toEqual({ from: '2026-11-23', to: null })
  })
})

describe('the notices page address', () => {
  it('reads the filter, ignoring what is malformed', () => {
    expect(readFilter(new URLSearchParams('art=Aufzug&von=2026-11-23&bis=2026-11-27'))).toEqual({
      kind: 'Aufzug',
      from: '2026-11-23',
      to: '2026-11-27',
    })
    expect(readFilter(new URLSearchParams('art=Wetter&von=2026-13-01&bis=2026-11-27'))).toEqual({
      kind: null,
      from: null,
      to: null,
    })
    expect(readFilter(new URLSearchParams('von=2026-11-23&bis=2026-11-20')).to).toBeNull()
  })

  it('reads the month to show', () => {
    expect(readMonth(new URLSearchParams('monat=2026-12'))).toBe('2026-12')
    expect(readMonth(new URLSearchParams('monat=2026-13'))).toBeNull()
    expect(readMonth(new URLSearchParams('monat=<b>'))).toBeNull()
    expect(readMonth(new URLSearchParams(''))).toBeNull()
  })

  it('writes the month only where it is not the one shown anyway', () => {
    const none = { kind: null, from: null, to: null }
    expect(noticesAddress(none, '2026-11', TODAY)).toBe('/meldungen')
    expect(noticesAddress(none, '2026-12', TODAY)).toBe('/meldungen?monat=2026-12')
    expect(noticesAddress({ kind: 'Aufzug', from: '2026-12-03', to: '2026-12-05' }, '2026-12', TODAY)).toBe(
      '/meldungen?art=Aufzug&von=2026-12-03&bis=2026-12-05',
    )
    expect(noticesAddress({ kind: null, from: '2026-11-28', to: '2026-12-03' }, '2026-12', TODAY)).toBe(
      '/meldungen?von=2026-11-28&bis=2026-12-03&monat=2026-12',
    )
  })
})
