import type { ReactNode } from 'react'
import { Message, useMessages } from '../i18n/intl.tsx'
import { Pictogram } from '../ui/pictogram.tsx'
import { mobilityServiceLabel, stepFreeSentence } from './facet-labels.ts'
import type { Station } from './station.ts'
import { telHref } from './station-links.ts'

/** Step-free access and the mobility service with its booking number; `children` follow the access line. */
export function StationAccessibility({ station, children }: { station: Station; children?: ReactNode }) {
  const t = useMessages()
  const mobility = mobilityServiceLabel(station, t)
  const phone = station.mobilityServicePhone
  return (
    <section className="station-section" aria-labelledby="barrierefreiheit">
      <h2 id="barrierefreiheit">
        <Message id="access.heading" />
      </h2>
      <p className={`step-free step-free--${station.steplessAccess ?? 'unbekannt'}`}>
        <Pictogram name="wheelchair" />
        <span>{stepFreeSentence(station.steplessAccess, t)}</span>
      </p>
      {children}
      <dl className="facts">
        <div>
          {/* The German term has a soft hyphen: the column is narrow, and not every Chromium hyphenates German. */}
          <dt>{t('mobility.term')}</dt>
          <dd>
            {mobility.label}
            {mobility.access === 'nein' && ` – ${t('mobility.noneHere')}`}
            {mobility.access === 'ja' && ` – ${t('mobility.pleaseBook')}`}
            {mobility.access === 'nur mit Voranmeldung' && ` – ${t('mobility.onlyIfBooked')}`}
          </dd>
        </div>
        {phone && mobility.access !== 'nein' && (
          <div>
            <dt>
              <Message id="mobility.booking" />
            </dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a> <span className="fact-note">{t('mobility.centre')}</span>
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
      <h2 id="kontakt">
        <Message id="contact.heading" />
      </h2>
      <dl className="facts">
        <div>
          <dt>
            <Message id="contact.serviceCentre" />
          </dt>
          <dd>
            <a href={telHref(phone)}>{phone}</a>
            <p className="fact-note">
              <Message id="contact.serviceCentreNote" />
            </p>
          </dd>
        </div>
      </dl>
    </section>
  )
}
