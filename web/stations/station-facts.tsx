import { categoryExplanation, categoryLabel, operatorDisplayName } from './facet-labels.ts'
import { FactHint } from './fact-hint.tsx'
import type { Station } from './station.ts'

/** The Steckbrief: the station's numbers and terms, each explained in plain German. */
export function StationFacts({ station }: { station: Station }) {
  return (
    <section className="station-section station-facts" aria-labelledby="steckbrief">
      <h2 id="steckbrief">Steckbrief</h2>
      <dl className="facts">
        {station.category !== undefined && (
          <div>
            <dt>Kategorie</dt>
            <dd>
              {categoryLabel(station.category)}
              {categoryExplanation(station.category) && <>: {categoryExplanation(station.category)}</>}
              <FactHint term="Kategorie">
                Die Bahn teilt ihre Bahnhöfe in sieben Preisklassen ein, nach Größe, Zahl der Reisenden und
                Ausstattung: 1 sind die großen Knotenbahnhöfe, 7 einfache Haltepunkte.
              </FactHint>
            </dd>
          </div>
        )}
        {station.operator && (
          <div>
            <dt>Aufgabenträger</dt>
            <dd>
              {operatorDisplayName(station.operator)}
              <FactHint term="Aufgabenträger">
                Bestellt und bezahlt den Nahverkehr auf der Schiene in dieser Region, meist ein Land,
                Verkehrsverbund oder Zweckverband. Er legt fest, welche Regionalzüge wie oft fahren.
              </FactHint>
            </dd>
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
            <dd>
              {station.ril100}
              <FactHint term="RIL100-Kürzel">
                Das betriebliche Kürzel der Bahn für diesen Bahnhof (nach der Richtlinie 100), wie es
                Mitarbeitende und Fahrplanunterlagen verwenden.
              </FactHint>
            </dd>
          </div>
        )}
        <div>
          <dt>EVA-Nummer</dt>
          <dd>
            {station.objectID}
            <FactHint term="EVA-Nummer">
              Die internationale Nummer des Bahnhofs in Fahrplanauskünften, zum Beispiel bei bahn.de. Sie
              bezeichnet ihn eindeutig, auch wenn Namen sich ähneln.
            </FactHint>
          </dd>
        </div>
      </dl>
    </section>
  )
}
