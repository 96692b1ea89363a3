// German labels and short explanations for facet values of the `stations` index.
import type { MobilityServiceAccess, Station, StepFreeAccess } from './station.ts'

/** DB station categories (Preisklassen), 1 = largest. */
const CATEGORY_EXPLANATIONS: Readonly<Record<number, string>> = {
  1: 'Große Knotenbahnhöfe des Fernverkehrs',
  2: 'Wichtige Fernverkehrsbahnhöfe',
  3: 'Bahnhöfe mit Fern- und dichtem Regionalverkehr',
  4: 'Bahnhöfe mit dichtem Regional- und S-Bahn-Verkehr',
  5: 'Regionalbahnhöfe mit mittlerem Verkehr',
  6: 'Kleinere Stationen mit Regionalverkehr',
  7: 'Haltepunkte mit einfacher Ausstattung',
}

export function categoryLabel(category: number | string): string {
  return `Kategorie ${category}`
}

export function categoryExplanation(category: number | string): string | undefined {
  return CATEGORY_EXPLANATIONS[Number(category)]
}

export const STEP_FREE_ORDER: readonly StepFreeAccess[] = ['ja', 'teilweise', 'nein', 'unbekannt']

const STEP_FREE_LABELS: Record<StepFreeAccess, string> = {
  ja: 'Ja',
  teilweise: 'Teilweise',
  nein: 'Nein',
  unbekannt: 'Unbekannt',
}

/** Short label for the facet list ("Ja", "Teilweise", …). */
export function stepFreeLabel(value: string): string {
  return STEP_FREE_LABELS[value as StepFreeAccess] ?? value
}

const STEP_FREE_SENTENCES: Record<StepFreeAccess, string> = {
  ja: 'Stufenfreier Zugang zu allen Bahnsteigen',
  teilweise: 'Stufenfreier Zugang nur zu einem Teil der Bahnsteige',
  nein: 'Kein stufenfreier Zugang',
  unbekannt: 'Stufenfreier Zugang: keine Angabe',
}

/** A plain sentence for hit cards and the station page. */
export function stepFreeSentence(value: StepFreeAccess | undefined): string {
  return STEP_FREE_SENTENCES[value ?? 'unbekannt'] ?? STEP_FREE_SENTENCES.unbekannt
}

/** Aufgabenträger (public transport authorities) by the abbreviation the data uses. */
const OPERATOR_NAMES: Readonly<Record<string, string>> = {
  BEG: 'Bayerische Eisenbahngesellschaft',
  BWVI: 'Hamburger Verkehrsverbund',
  LNVG: 'Landesnahverkehrsgesellschaft Niedersachsen',
  'NAH.SH': 'Nahverkehrsverbund Schleswig-Holstein',
  NASA: 'Nahverkehrsservice Sachsen-Anhalt',
  NVBW: 'Nahverkehrsgesellschaft Baden-Württemberg',
  NVR: 'Zweckverband Nahverkehr Rheinland',
  NVV: 'Nordhessischer Verkehrsverbund',
  NWL: 'Zweckverband Nahverkehr Westfalen-Lippe',
  RH: 'Region Hannover',
  RMV: 'Rhein-Main-Verkehrsverbund',
  RVB: 'Regionalverband Großraum Braunschweig',
  SUBV: 'Senator für Umwelt, Bau und Verkehr Bremen',
  TLBV: 'Thüringer Landesamt für Bau und Verkehr',
  VBB: 'Verkehrsverbund Berlin-Brandenburg (Brandenburg)',
  'VBB Berlin': 'Verkehrsverbund Berlin-Brandenburg (Berlin)',
  VMS: 'Zweckverband Verkehrsverbund Mittelsachsen',
  VMV: 'Verkehrsgesellschaft Mecklenburg-Vorpommern',
  VRN: 'Verkehrsverbund Rhein-Neckar',
  VRR: 'Verkehrsverbund Rhein-Ruhr',
  VRStutt: 'Verband Region Stuttgart',
  VVO: 'Verkehrsverbund Oberelbe',
  ZPNV: 'Zweckverband SPNV Rheinland-Pfalz Süd',
  'ZPNV Süd': 'Zweckverband SPNV Rheinland-Pfalz Süd',
  ZPS: 'Zweckverband Personennahverkehr Saarland',
  ZVNL: 'Zweckverband für den Nahverkehrsraum Leipzig',
  ZVON: 'Zweckverband Verkehrsverbund Oberlausitz-Niederschlesien',
  'ZVRP Nord': 'Zweckverband SPNV Rheinland-Pfalz Nord',
  ZVV: 'Zweckverband ÖPNV Vogtland',
}

export function operatorName(abbreviation: string): string | undefined {
  return OPERATOR_NAMES[abbreviation]
}

/**
 * The Aufgabenträger for a sentence, saying each part once: "VBB Berlin" was shown as
 * "Verkehrsverbund Berlin-Brandenburg (Berlin) (VBB Berlin)"; it reads
 * "Verkehrsverbund Berlin-Brandenburg (VBB), für Berlin". Words of the abbreviation that the full
 * name already has ("Süd", "Nord", "Berlin") are left out of the abbreviation.
 */
export function operatorDisplayName(abbreviation: string): string {
  const full = OPERATOR_NAMES[abbreviation]
  if (!full) return abbreviation
  const [, name = full, area] = /^(.*?)(?: \(([^)]+)\))?$/.exec(full) ?? []
  const short = abbreviation
    .split(' ')
    .filter((word, index) => index === 0 || !full.includes(word))
    .join(' ')
  return `${name} (${short})${area ? `, für ${area}` : ''}`
}

const MOBILITY_LABELS: Record<MobilityServiceAccess, string> = {
  ja: 'Ja',
  'nur mit Voranmeldung': 'Nur mit Voranmeldung',
  nein: 'Nein',
  unbekannt: 'Keine Angabe',
}

/** The mobility service's answer for the station page; records of an older import have only the text. */
export function mobilityServiceLabel(station: Pick<Station, 'mobilityServiceAccess' | 'mobilityService'>): {
  access: MobilityServiceAccess
  label: string
} {
  const text = station.mobilityService ?? ''
  const access =
    station.mobilityServiceAccess ??
    (/^(no|nein)$/i.test(text)
      ? 'nein'
      : /^nur\b/i.test(text)
        ? 'nur mit Voranmeldung'
        : /^ja\b/i.test(text)
          ? 'ja'
          : 'unbekannt')
  return { access, label: MOBILITY_LABELS[access] }
}

const numberFormat = new Intl.NumberFormat('de-DE')

/** German grouping: 1234 → "1.234". */
export function formatNumber(value: number): string {
  return numberFormat.format(value)
}

/**
 * How Germans abbreviate their Länder (licence plates, post, everyday writing) and their English
 * names, lower-case: the Bundesland filter's search finds "Nordrhein-Westfalen" for "nrw".
 */
const FEDERAL_STATE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  bw: 'Baden-Württemberg',
  bawü: 'Baden-Württemberg',
  bawue: 'Baden-Württemberg',
  by: 'Bayern',
  bay: 'Bayern',
  be: 'Berlin',
  bb: 'Brandenburg',
  brb: 'Brandenburg',
  hb: 'Bremen',
  hh: 'Hamburg',
  he: 'Hessen',
  mv: 'Mecklenburg-Vorpommern',
  meckpomm: 'Mecklenburg-Vorpommern',
  ni: 'Niedersachsen',
  nds: 'Niedersachsen',
  nw: 'Nordrhein-Westfalen',
  nrw: 'Nordrhein-Westfalen',
  rp: 'Rheinland-Pfalz',
  rlp: 'Rheinland-Pfalz',
  sl: 'Saarland',
  sn: 'Sachsen',
  st: 'Sachsen-Anhalt',
  lsa: 'Sachsen-Anhalt',
  sh: 'Schleswig-Holstein',
  th: 'Thüringen',
  // Their English names, as travellers from abroad type them.
  bavaria: 'Bayern',
  hesse: 'Hessen',
  'lower saxony': 'Niedersachsen',
  'mecklenburg-western pomerania': 'Mecklenburg-Vorpommern',
  'north rhine-westphalia': 'Nordrhein-Westfalen',
  'north rhine westphalia': 'Nordrhein-Westfalen',
  'rhineland-palatinate': 'Rheinland-Pfalz',
  'rhineland palatinate': 'Rheinland-Pfalz',
  saxony: 'Sachsen',
  'saxony-anhalt': 'Sachsen-Anhalt',
  'saxony anhalt': 'Sachsen-Anhalt',
  thuringia: 'Thüringen',
}

/** What a filter's search looks for: a Bundesland's abbreviation stands for its name. */
export function facetSearchQuery(attribute: string, query: string): string {
  if (attribute !== 'federalState') return query
  return FEDERAL_STATE_ABBREVIATIONS[query.trim().toLocaleLowerCase('de')] ?? query
}
