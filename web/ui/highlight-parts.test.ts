import { describe, expect, it } from 'vitest'
import { highlightParts } from './highlight-parts.ts'

describe('highlightParts', () => {
  it('splits matched and plain parts', () => {
    expect(highlightParts('Nord__ais-highlight__rhein__/ais-highlight__-Westfalen')).toEqual([
      { value: 'Nord', isHighlighted: false },
      { value: 'rhein', isHighlighted: true },
      { value: '-Westfalen', isHighlighted: false },
    ])
  })

  it('keeps markup and entities as text, neither decoded nor interpreted', () => {
    expect(highlightParts('<b> &amp; __ais-highlight__x__/ais-highlight__')).toEqual([
      { value: '<b> &amp; ', isHighlighted: false },
      { value: 'x', isHighlighted: true },
    ])
  })

  it('keeps a string without highlights whole', () => {
    expect(highlightParts('WLAN')).toEqual([{ value: 'WLAN', isHighlighted: false }])
    expect(highlightParts('')).toEqual([])
  })
})
