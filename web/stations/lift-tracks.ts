// Which lift a notice names: both say "Gleis 4/5" (DB's lift data: "zu Gleis 4/5 Abschnitt F"; a
// notice: "Aufzug zu Gleis 4/5 wird modernisiert"). Matched by the tracks named, nothing looser, so a
// notice shows beside a lift only where both name the same platform.

const TRACK_GROUP = /\bGleise?\s+(\d+[a-z]?(?:\s*\/\s*\d+[a-z]?)*)/gi

/** The track groups a text names, normalized: "Gleis 15 / 16" is "15/16". */
function trackGroups(text: string): string[] {
  return [...text.matchAll(TRACK_GROUP)].map((match) => (match[1] ?? '').replace(/\s+/g, '').toLowerCase())
}

/** Whether a notice's text names a track group the lift's description names. */
export function noticeNamesLift(notice: string, lift: string | null): boolean {
  if (!lift) return false
  const named = new Set(trackGroups(notice))
  return trackGroups(lift).some((group) => named.has(group))
}
