// Labels and short explanations for facet values of the `stations` index, from the message
// catalogs: the values stay as the records and the URLs have them ("ja", "teilweise").
import type { MessageId, Translate } from '../i18n/intl.tsx'
import type { MobilityServiceAccess, Station, StepFreeAccess } from './station.ts'

/** DB station categories (Preisklassen), 1 = largest. */
const CATEGORY_EXPLANATIONS: Readonly<Record<number, MessageId>> = {
  1: 'category.explanation1',
  2: 'category.explanation2',
  3: 'category.explanation3',
  4: 'category.explanation4',
  5: 'category.explanation5',
  6: 'category.explanation6',
  7: 'category.explanation7',
}

export function categoryLabel(category: number | string, t: Translate): string {
  return t('category.label', { category })
}

export function categoryExplanation(category: number | string, t: Translate): string | undefined {
  const id = CATEGORY_EXPLANATIONS[Number(category)]
  return id && t(id)
}

export const STEP_FREE_ORDER: readonly StepFreeAccess[] = ['ja', 'teilweise', 'nein', 'unbekannt']

const STEP_FREE_LABELS: Record<StepFreeAccess, MessageId> = {
  ja: 'stepFree.yes',
  teilweise: 'stepFree.partly',
  nein: 'stepFree.no',
  unbekannt: 'stepFree.unknown',
}

/** Short label for the facet list ("Ja", "Teilweise", …); an unknown value as it is. */
export function stepFreeLabel(value: string, t: Translate): string {
  const id = STEP_FREE_LABELS[value as StepFreeAccess] as MessageId | undefined
  return id ? t(id) : value
}

const STEP_FREE_SENTENCES: Record<StepFreeAccess, MessageId> = {
  ja: 'stepFree.sentenceYes',
  teilweise: 'stepFree.sentencePartly',
  nein: 'stepFree.sentenceNo',
  unbekannt: 'stepFree.sentenceUnknown',
}

/** A plain sentence for the station page. */
export function stepFreeSentence(value: StepFreeAccess | undefined, t: Translate): string {
  return t(STEP_FREE_SENTENCES[value ?? 'unbekannt'] ?? STEP_FREE_SENTENCES.unbekannt)
}

/** Aufgabenträger (public transport authorities) by the abbreviation the data uses: proper names. */
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
export function operatorDisplayName(abbreviation: string, t: Translate): string {
  const full = OPERATOR_NAMES[abbreviation]
  if (!full) return abbreviation
  const [, name = full, area] = /^(.*?)(?: \(([^)]+)\))?$/.exec(full) ?? []
  const short = abbreviation
    .split(' ')
    .filter((word, index) => index === 0 || !full.includes(word))
    .join(' ')
  return area ? t('operator.nameForArea', { name, short, area }) : t('operator.name', { name, short })
}

const MOBILITY_LABELS: Record<MobilityServiceAccess, MessageId> = {
  ja: 'mobility.yes',
  'nur mit Voranmeldung': 'mobility.onlyBooked',
  nein: 'mobility.no',
  unbekannt: 'mobility.unknown',
}

/** The mobility service's answer for the station page; records of an older import have only the text. */
export function mobilityServiceLabel(
  station: Pick<Station, 'mobilityServiceAccess' | 'mobilityService'>,
  t: Translate,
): {
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
  return { access, label: t(MOBILITY_LABELS[access]) }
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
  'mecklenburg-west pomerania': 'Mecklenburg-Vorpommern',
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
