// The groups of the `stations` index's `platformHeights` facet (server/stations/station-facts.ts
// writes them: each platform's height in the group of the standard height at or below it), as the
// Bahnsteighöhe filter shows them: highest first, each with what it means for boarding.

const PLATFORM_HEIGHT_ORDER = ['96', '76', '55', '38'] as const

const LABELS: Readonly<Record<string, string>> = {
  '96': '96 cm und höher',
  '76': '76 cm',
  '55': '55 cm',
  '38': '38 cm und niedriger',
}

/** Short, for the filter: whether a train can be boarded without a step. */
const MEANINGS: Readonly<Record<string, string>> = {
  '96': 'S-Bahn-Höhe: eben in die S-Bahn',
  '76': 'Regelhöhe; in ICE und IC Stufen',
  '55': 'eben in Züge mit niedrigem Einstieg',
  '38': 'hohe Stufe in jeden Zug',
}

/** "76 cm" for the group "76"; an unknown value as it is. */
export function platformHeightLabel(group: string): string {
  return LABELS[group] ?? group
}

export function platformHeightMeaning(group: string): string | undefined {
  return MEANINGS[group]
}

/** The order of two groups in the filter: highest first, unknown ones last. */
export function byPlatformHeight(a: string, b: string): number {
  const rank = (group: string) => {
    const index = PLATFORM_HEIGHT_ORDER.indexOf(group as (typeof PLATFORM_HEIGHT_ORDER)[number])
    return index === -1 ? PLATFORM_HEIGHT_ORDER.length : index
  }
  return rank(a) - rank(b)
}
