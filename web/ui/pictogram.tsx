// Simple line pictograms, drawn by pictogram.css (a mask per pictogram over the text's colour).
// Always shown next to a text label: decorative only.
import './pictogram.css'

/** The pictograms pictogram.css draws (tests/lint/pictograms.test.ts checks that it draws each). */
const PICTOGRAMS = [
  'parking',
  'bicycle',
  'bus',
  'toilet',
  'locker',
  'taxi',
  'bag',
  'wifi',
  'info',
  'heart',
  'cup',
  'question',
  'car',
  'wheelchair',
] as const

export type PictogramName = (typeof PICTOGRAMS)[number]

const FACILITY_PICTOGRAMS: Record<string, PictogramName> = {
  Parkplatz: 'parking',
  Fahrradstellplatz: 'bicycle',
  'ÖPNV-Anschluss': 'bus',
  WC: 'toilet',
  Schließfächer: 'locker',
  Taxistand: 'taxi',
  Reisebedarf: 'bag',
  WLAN: 'wifi',
  Reisezentrum: 'info',
  Bahnhofsmission: 'heart',
  'DB Lounge': 'cup',
  Fundbüro: 'question',
  Mietwagen: 'car',
}

export function facilityPictogram(facility: string): PictogramName {
  return FACILITY_PICTOGRAMS[facility] ?? 'info'
}

interface PictogramProps {
  name: PictogramName
  className?: string
}

export function Pictogram({ name, className }: PictogramProps) {
  const classes = `pictogram pictogram-${name}`
  return <span className={className ? `${classes} ${className}` : classes} aria-hidden="true" />
}
