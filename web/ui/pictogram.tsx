// Simple line pictograms (24×24, currentColor). Always shown next to a text label: decorative only.

const PATHS: Record<string, string> = {
  parking: 'M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM9 17V7h4a3 3 0 0 1 0 6H9',
  bicycle:
    'M5.5 18a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM18.5 18a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM5.5 14.5 9 8h6l3.5 6.5M9 8l3 6.5h-6.5M12 14.5 15 8M8 5.5h3',
  bus: 'M6 3h12a2 2 0 0 1 2 2v12H4V5a2 2 0 0 1 2-2zM4 11h16M8 17v3M16 17v3M7.5 14h1M15.5 14h1',
  toilet: 'M3 7l1.5 10L6 10l1.5 7L9 7M20 9a3 3 0 0 0-3-2 3.5 5 0 0 0 0 10 3 3 0 0 0 3-2',
  locker: 'M5 10h14v11H5zM8 10V7a4 4 0 0 1 8 0v3M12 14v3',
  taxi: 'M3 17v-4l2-5h14l2 5v4zM3 13h18M6.5 17v2M17.5 17v2M9 5h6v3H9z',
  bag: 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2',
  wifi: 'M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5h.01',
  heart: 'M12 20s-7-4.5-8.5-9A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8.5 4C19 15.5 12 20 12 20z',
  cup: 'M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM17 10h1.5a2.5 2.5 0 0 1 0 5H17M8 3v3M12 3v3',
  question:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  car: 'M3 16v-4l2.5-5h13l2.5 5v4zM3 12h18M6.5 16v3M17.5 16v3M7 14h.01M17 14h.01',
  wheelchair:
    'M12 4.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM11 7v6h6l2 5M11 10h5M8.5 10.5a5.5 5.5 0 1 0 7.5 7.5',
}

export type PictogramName = keyof typeof PATHS

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
  return (
    <svg
      className={className ? `pictogram ${className}` : 'pictogram'}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
