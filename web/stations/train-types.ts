// The train types of the `stations` index's `trains` facet, as travellers name them, in the order
// the Züge filter and the hit cards list them (server/stations/station-facts.ts writes the values).

const TRAIN_ORDER = ['ICE', 'IC/EC', 'RE/RB', 'S-Bahn', 'U-Bahn', 'Straßenbahn', 'Bus', 'Fähre'] as const

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  ICE: 'Intercity-Express',
  'IC/EC': 'Intercity, Eurocity',
  'RE/RB': 'Regional-Express, Regionalbahn',
}

/** What a short name stands for ("Intercity-Express"); undefined where the name says it. */
export function trainDescription(type: string): string | undefined {
  return DESCRIPTIONS[type]
}

/** The order of two train types in the filter and on the cards; unknown ones last. */
export function byTrainOrder(a: string, b: string): number {
  const rank = (type: string) => {
    const index = TRAIN_ORDER.indexOf(type as (typeof TRAIN_ORDER)[number])
    return index === -1 ? TRAIN_ORDER.length : index
  }
  return rank(a) - rank(b)
}

/** The badge's modifier class: one colour per kind of service. */
export function trainClass(type: string): string {
  if (type === 'ICE' || type === 'IC/EC') return 'train-badge--long-distance'
  if (type === 'RE/RB') return 'train-badge--regional'
  if (type === 'S-Bahn') return 'train-badge--s-bahn'
  return 'train-badge--local'
}
