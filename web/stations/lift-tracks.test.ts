import { describe, expect, it } from 'vitest'
import { noticeNamesLift } from './lift-tracks.ts'

describe('which lift a notice names', () => {
  it('matches the same track group, however spaced, and nothing else', () => {
    expect(noticeNamesLift('Aufzug zu Gleis 4/5 wird modernisiert', 'zu Gleis 4/5 Abschnitt F')).toBe(true)
    expect(noticeNamesLift('Aufzug zu Gleis 15 / 16 außer Betrieb', 'Gleis 3/4 (C/D) - Gleis 15/16')).toBe(
      true,
    )
    expect(noticeNamesLift('Aufzug zu Gleis 4/5 wird modernisiert', 'zu Gleis 14/15 Abschnitt F')).toBe(false)
    expect(noticeNamesLift('Aufzug zu Gleis 4/5', 'zu Gleis 4')).toBe(false)
    expect(noticeNamesLift('Aufzug zu Gleis 1', 'zu Gleis 1')).toBe(true)
    expect(noticeNamesLift('Aufzug am Südausgang gestört', 'zu Gleis 1')).toBe(false)
    expect(noticeNamesLift('Aufzug zu Gleis 1', null)).toBe(false)
  })
})
