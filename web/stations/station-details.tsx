import { Link } from 'react-router'
import { Pictogram } from '../ui/pictogram.tsx'
import {
  categoryExplanation,
  categoryLabel,
  mobilityServiceSentence,
  operatorName,
  stepFreeSentence,
} from './facet-labels.ts'
import { FacilityList } from './facility-list.tsx'
import type { Station } from './station.ts'

function address(station: Station): string {
  const place = [station.zipcode, station.city].filter(Boolean).join(' ')
  return [station.street, place].filter(Boolean).join(', ')
}

export function StationDetails({ station, backTo }: { station: Station; backTo: string }) {
  const operatorFullName = station.operator ? operatorName(station.operator) : undefined
  return (
    <article className="station-page" aria-labelledby="bahnhof-name">
      <title>{`${station.name} – Bahnhofsfinder`}</title>
      <p className="back-link">
        <Link to={backTo}>
          <span aria-hidden="true">← </span>Zurück zur Suche
        </Link>
      </p>
      <h1 id="bahnhof-name">{station.name}</h1>
      <p className="station-address">
        {address(station)}
        {station.federalState && <span className="station-state"> · {station.federalState}</span>}
      </p>
      <div className="station-grid">
        <section className="station-section" aria-labelledby="steckbrief">
          <h2 id="steckbrief">Steckbrief</h2>
          <dl className="facts">
            {station.category !== undefined && (
              <div>
                <dt>Kategorie</dt>
                <dd>
                  {categoryLabel(station.category)}
                  {categoryExplanation(station.category) && <>: {categoryExplanation(station.category)}</>}
                </dd>
              </div>
            )}
            {station.operator && (
              <div>
                <dt>Aufgabenträger</dt>
                <dd>{operatorFullName ? `${operatorFullName} (${station.operator})` : station.operator}</dd>
              </div>
            )}
            {station.segment && (
              <div>
                <dt>Bahnhofstyp</dt>
                <dd>{station.segment}</dd>
              </div>
            )}
            {station.ril100 && (
              <div>
                <dt>RIL100-Kürzel</dt>
                <dd>{station.ril100}</dd>
              </div>
            )}
            <div>
              <dt>EVA-Nummer</dt>
              <dd>{station.objectID}</dd>
            </div>
          </dl>
        </section>
        <section className="station-section" aria-labelledby="barrierefreiheit">
          <h2 id="barrierefreiheit">Barrierefreiheit</h2>
          <p className={`step-free step-free--${station.steplessAccess ?? 'unbekannt'}`}>
            <Pictogram name="wheelchair" />
            <span>{stepFreeSentence(station.steplessAccess)}</span>
          </p>
          <p>{mobilityServiceSentence(station.mobilityService)}</p>
        </section>
        <section className="station-section" aria-labelledby="ausstattung">
          <h2 id="ausstattung">Ausstattung</h2>
          {station.facilities && station.facilities.length > 0 ? (
            <FacilityList facilities={station.facilities} label={`Ausstattung von ${station.name}`} />
          ) : (
            <p>Zu diesem Bahnhof sind keine Ausstattungsmerkmale bekannt.</p>
          )}
        </section>
        {/* The map with the station and its neighbours, related stations and notices join here. */}
      </div>
    </article>
  )
}
