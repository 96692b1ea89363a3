import { use } from 'react'
import { Link } from 'react-router'
import { federalStateLabel } from '../i18n/data-labels.ts'
import { Message, useMessages } from '../i18n/intl.tsx'
import { returnToListState } from '../shared/return-to-list.ts'
import { useMediaQuery } from '../ui/use-media-query.ts'
import { FacilityList } from './facility-list.tsx'
import { LiftSection, liftPoints } from './lift-section.tsx'
import { NearbyStations } from './nearby-stations.tsx'
import { OpeningHoursSection } from './opening-hours-section.tsx'
import type { Station } from './station.ts'
import { StationFacts } from './station-facts.tsx'
import { departuresHref, geoHref, osmHref } from './station-links.ts'
import { StationAccessibility, StationContact } from './station-service.tsx'
import { StationSlotsContext } from './station-slots.ts'
import { StopSection, stopPoints } from './stop-section.tsx'
import { TrackSection } from './track-section.tsx'
import { useStationSite } from './use-station-site.ts'

function address(station: Station): string {
  const place = [station.zipcode, station.city].filter(Boolean).join(' ')
  return [station.street, place].filter(Boolean).join(', ')
}

/** A phone (a touch screen its only pointer). */
const PHONE = '(pointer: coarse) and (not (any-pointer: fine))'

/**
 * On a phone the map app (`geo:`); elsewhere, where `geo:` opens nothing, OpenStreetMap's site. The
 * server's page (and a page without JavaScript) has the OpenStreetMap link, which works everywhere.
 */
function MapLink({ name, position }: { name: string; position: { lat: number; lng: number } }) {
  const phone = useMediaQuery(PHONE)
  const t = useMessages()
  return (
    <li>
      {phone ? (
        <a href={geoHref(name, position)}>
          <Message id="station.openInMapApp" />
        </a>
      ) : (
        <a href={osmHref(position)} target="_blank" rel="noopener noreferrer">
          {t('station.onOpenStreetMap')}
          <span className="visually-hidden">{` ${t('link.newTab')}`}</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      )}
    </li>
  )
}

export function StationDetails({ station, backTo }: { station: Station; backTo: string }) {
  const { notices: Notices, accessNotices: AccessNotices, similar: Similar } = use(StationSlotsContext)
  const site = useStationSite(station.objectID)
  const t = useMessages()
  return (
    <article className="station-page" aria-labelledby="bahnhof-name">
      <title>{t('station.pageTitle', { name: station.name })}</title>
      <p className="back-link">
        <Link to={backTo} state={returnToListState}>
          <span aria-hidden="true">← </span>
          {t('station.backToSearch')}
        </Link>
      </p>
      <h1 id="bahnhof-name">{station.name}</h1>
      <p className="station-address">
        {address(station)}
        {station.federalState && (
          <span className="station-state"> · {federalStateLabel(station.federalState, t)}</span>
        )}
      </p>
      <ul className="station-actions" aria-label={t('station.actionsLabel')}>
        <li>
          <a href={departuresHref(station)} target="_blank" rel="noopener noreferrer">
            {t('station.departures')}
            <span className="visually-hidden">{` ${t('link.newTab')}`}</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        </li>
        {station._geoloc && <MapLink name={station.name} position={station._geoloc} />}
      </ul>
      {Notices && <Notices stationId={station.objectID} />}
      <div className="station-grid">
        <OpeningHoursSection station={station} />
        <StationAccessibility station={station}>
          {AccessNotices && <AccessNotices stationId={station.objectID} />}
        </StationAccessibility>
        <TrackSection name={station.name} state={site} />
        <LiftSection stationId={station.objectID} state={site} />
        <StopSection state={site} />
        <section className="station-section" aria-labelledby="ausstattung">
          <h2 id="ausstattung">
            <Message id="facilities.heading" />
          </h2>
          {station.facilities && station.facilities.length > 0 ? (
            <FacilityList
              facilities={station.facilities}
              label={t('facilities.listLabel', { name: station.name })}
            />
          ) : (
            <p>
              <Message id="facilities.none" />
            </p>
          )}
        </section>
        <StationContact station={station} />
        <StationFacts station={station} />
        {station._geoloc && (
          <NearbyStations
            station={{ objectID: station.objectID, name: station.name, position: station._geoloc }}
            lifts={liftPoints(site, t)}
            stops={stopPoints(site, t)}
          />
        )}
        {Similar && <Similar stationId={station.objectID} category={station.category} />}
      </div>
    </article>
  )
}
