import type { ReactNode } from 'react'
import { Pictogram } from '../ui/pictogram.tsx'
import { mobilityServiceLabel, stepFreeSentence } from './facet-labels.ts'
import type { Station } from './station.ts'
import { telHref } from './station-links.ts'

/** Step-free access and the mobility service with its booking number; `children` follow the access line. */
export function StationAccessibility({ station, children }: { station: Station; children?: ReactNode }) {
  const mobility = mobilityServiceLabel(station)
  const phone = station.mobilityServicePhone
  return (
    <section className="station-section" aria-labelledby="barrierefreiheit">
      <h2 id="barrierefreiheit">Barrierefreiheit</h2>
      <p className={`step-free step-free--${station.steplessAccess ?? 'unbekannt'}`}>
        <Pictogram name="wheelchair" />
        <span>{stepFreeSentence(station.steplessAccess)}</span>
      </p>
      {children}
      <dl className="facts">
        <div>
          {/* Soft hyphen: the term column is narrow, and not every Chromium hyphenates German. */}
          <dt>{'Mobilitäts\u00ADservice'}</dt>
          <dd>
            {mobility.label}
            {mobility.access === 'nein' && ' – die Bahn bietet hier keine Ein-, Um- und Aussteigehilfe an.'}
            {mobility.access === 'ja' && ' – Hilfe beim Ein-, Um- und Aussteigen; bitte vorher anmelden.'}
            {mobility.access === 'nur mit Voranmeldung' &&
              ' – Hilfe beim Ein-, Um- und Aussteigen nur, wenn sie vorher angemeldet wurde.'}
          </dd>
        </div>
        {phone && mobility.access !== 'nein' && (
          <div>
            <dt>Anmeldung</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>{' '}
              <span className="fact-note">(Mobilitätsservice-Zentrale)</span>
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/** Who to call at the station: the 3-S-Zentrale. */
export function StationContact({ station }: { station: Station }) {
  const phone = station.serviceCenterPhone
  if (!phone) return null
  return (
    <section className="station-section" aria-labelledby="kontakt">
      <h2 id="kontakt">Hilfe und Kontakt</h2>
      <dl className="facts">
        <div>
          <dt>3-S-Zentrale</dt>
          <dd>
            <a href={telHref(phone)}>{phone}</a>
            <p className="fact-note">
              Die Service-, Sicherheits- und Sauberkeitszentrale der Bahn für diesen Bahnhof: bei Störungen,
              defekten Aufzügen, Verschmutzung oder wenn Sie sich unsicher fühlen.
            </p>
          </dd>
        </div>
      </dl>
    </section>
  )
}
