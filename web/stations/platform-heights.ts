// The groups of the `stations` index's `platformHeights` facet (server/stations/station-facts.ts
// writes them: each platform's height in the group of the standard height at or below it), as the
// Bahnsteighöhe filter shows them: highest first, each with what it means for boarding.
import type { MessageId, Translate } from '../i18n/intl.tsx'

const PLATFORM_HEIGHT_ORDER = ['96', '76', '55', '38'] as const

const LABELS: Readonly<Record<string, MessageId>> = {
  '96': 'platformHeight.label96',
  '76': 'platformHeight.label76',
  '55': 'platformHeight.label55',
  '38': 'platformHeight.label38',
}

/** Short, for the filter: whether a train can be boarded without a step. */
const MEANINGS: Readonly<Record<string, MessageId>> = {
  '96': 'platformHeight.meaning96',
  '76': 'platformHeight.meaning76',
  '55': 'platformHeight.meaning55',
  '38': 'platformHeight.meaning38',
}

/** "76 cm" for the group "76"; an unknown value as it is. */
export function platformHeightLabel(group: string, t: Translate): string {
  const id = LABELS[group]
  return id ? t(id) : group
}

export function platformHeightMeaning(group: string, t: Translate): string | undefined {
  const id = MEANINGS[group]
  return id && t(id)
}

/** The order of two groups in the filter: highest first, unknown ones last. */
export function byPlatformHeight(a: string, b: string): number {
  const rank = (group: string) => {
    const index = PLATFORM_HEIGHT_ORDER.indexOf(group as (typeof PLATFORM_HEIGHT_ORDER)[number])
    return index === -1 ? PLATFORM_HEIGHT_ORDER.length : index
  }
  return rank(a) - rank(b)
}
