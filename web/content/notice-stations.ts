// The stations a notice is tied to, named with its title in lists and cards, so that "Aufzug zu
// Gleis 20/21 außer Betrieb" says where: from the notice's `stationIds` (the content model's link
// to the stations index), not from the title's wording, so it holds for every future notice.
import type { Translate } from '../i18n/intl.tsx'

/** Names shown before "und N weitere". */
const STATION_NAMES_SHOWN = 3

/**
 * "Frankfurt (Main) Hbf", "Köln Hbf und Köln Messe/Deutz", "A, B, C und 2 weitere"; null when no
 * name is known (no station linked, names not loaded, or IDs the index does not have).
 */
export function noticeStationsText(
  t: Translate,
  stationIds: readonly string[] | null | undefined,
  names: ReadonlyMap<string, string>,
): string | null {
  const known = [
    ...new Set((stationIds ?? []).map((id) => names.get(id)).filter((name): name is string => !!name)),
  ]
  if (known.length === 0) return null
  if (known.length > STATION_NAMES_SHOWN) {
    const first = known.slice(0, STATION_NAMES_SHOWN).join(', ')
    return t('notice.stationsMore', { first, count: known.length - STATION_NAMES_SHOWN })
  }
  if (known.length === 1) return known[0]!
  return t('notice.stationsAnd', { first: known.slice(0, -1).join(', '), last: known.at(-1)! })
}
