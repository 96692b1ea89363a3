import { describe, expect, it } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { noticeStationsText as withMessages } from './notice-stations.ts'

const t = germanMessages()
const noticeStationsText = (
  ...args: Parameters<typeof withMessages> extends [unknown, ...infer Rest] ? Rest : never
) => withMessages(t, ...args)

const names = new Map([
  ['8000105', 'Frankfurt (Main) Hbf'],
  ['8000207', 'Köln Hbf'],
  ['8003368', 'Köln Messe/Deutz'],
  ['8011160', 'Berlin Hauptbahnhof'],
  ['8011113', 'Berlin Südkreuz'],
])

describe('the stations named with a notice’s title', () => {
  it('names the one station, or several joined the German way', () => {
    expect(noticeStationsText(['8000105'], names)).toBe('Frankfurt (Main) Hbf')
    expect(noticeStationsText(['8000207', '8003368'], names)).toBe('Köln Hbf und Köln Messe/Deutz')
    expect(noticeStationsText(['8011160', '8011113', '8000207'], names)).toBe(
      'Berlin Hauptbahnhof, Berlin Südkreuz und Köln Hbf',
    )
  })

  it('counts the rest past three', () => {
    expect(noticeStationsText(['8011160', '8011113', '8000207', '8003368', '8000105'], names)).toBe(
      'Berlin Hauptbahnhof, Berlin Südkreuz, Köln Hbf und 2 weitere',
    )
  })

  it('says nothing without a linked station or a known name', () => {
    expect(noticeStationsText([], names)).toBeNull()
    expect(noticeStationsText(null, names)).toBeNull()
    expect(noticeStationsText(['8000105'], new Map())).toBeNull()
    expect(noticeStationsText(['0000000', '8000105'], names)).toBe('Frankfurt (Main) Hbf')
  })
})
