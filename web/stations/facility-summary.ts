// Which facilities a compact hit card shows: the ones the user filters for, then the ones
// travellers ask for most; the rest is counted ("+7 weitere") and listed on the station page.

/** Most asked-for first; the order of the facet values is the source's, not a traveller's. */
const PRIORITY = [
  'WC',
  'Reisezentrum',
  'WLAN',
  'Schließfächer',
  'DB Lounge',
  'ÖPNV-Anschluss',
  'Fahrradstellplatz',
  'Parkplatz',
  'Bahnhofsmission',
  'Reisebedarf',
  'Fundbüro',
  'Taxistand',
  'Mietwagen',
]

function rank(facility: string): number {
  const index = PRIORITY.indexOf(facility)
  return index === -1 ? PRIORITY.length : index
}

export interface FacilitySummary {
  shown: string[]
  /** Not shown on the card; still in its list for screen readers. */
  more: string[]
}

/** At most `max` facilities shown; one more is shown rather than "+1 weitere", which is as long. */
export function summarizeFacilities(
  facilities: readonly string[],
  refined: readonly string[],
  max = 3,
): FacilitySummary {
  const ordered = [...facilities].sort((a, b) => {
    const refinedFirst = Number(refined.includes(b)) - Number(refined.includes(a))
    return refinedFirst || rank(a) - rank(b)
  })
  const cut = ordered.length <= max + 1 ? ordered.length : max
  return { shown: ordered.slice(0, cut), more: ordered.slice(cut) }
}
