import { formatStand } from '../shared/dates.ts'
import type { FactsSource, Track } from '../shared/station-site.ts'
import type { StationSiteState } from './use-station-site.ts'

/** The EBO's rule on platform heights, where the sentence below the table cites it. */
const PLATFORM_HEIGHT_RULE = 'https://www.gesetze-im-internet.de/ebo/__13.html'

/** One platform and the tracks along it, as the table shows it. */
interface PlatformRow {
  platform: string
  tracks: string[]
  length: number
  height: number
}

/** The tracks grouped by their platform, in the order the source lists the tracks. */
function platformRows(tracks: readonly Track[]): PlatformRow[] {
  const rows = new Map<string, PlatformRow>()
  for (const { track, platform, length, height } of tracks) {
    const row = rows.get(platform)
    if (row) row.tracks.push(track)
    else rows.set(platform, { platform, tracks: [track], length, height })
  }
  return [...rows.values()]
}

/** "1", "2 und 3", "1, 2 und 3". */
function trackNames(tracks: readonly string[]): string {
  if (tracks.length < 2) return tracks.join('')
  return `${tracks.slice(0, -1).join(', ')} und ${tracks.at(-1)}`
}

const METRES = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 })

/** Where the data comes from and how old it is: never live. */
export function SourceNote({ source }: { source: FactsSource }) {
  return (
    <p className="fact-note site-source">
      {source.stand && <>Stand: {formatStand(source.stand)} · </>}
      {source.licence}
    </p>
  )
}

/** The sentence on what the heights mean for boarding, with the rule it cites. */
function HeightsExplained() {
  return (
    <p className="site-explained">
      Stufenlos einsteigen können Sie, wo der Einstieg des Zuges so hoch liegt wie die Bahnsteigkante über der
      Schiene: bei vielen Regionalzügen 55 oder 76 cm, bei S-Bahnen 96 cm. In ICE und IC führen auch vom
      76-cm-Bahnsteig Stufen; unter 55 cm ist der Schritt in jeden Zug hoch. Neue Bahnsteige erhalten in der
      Regel 76 cm, solche nur für S-Bahnen 96 cm (
      <a href={PLATFORM_HEIGHT_RULE} target="_blank" rel="noopener noreferrer">
        Eisenbahn-Bau- und Betriebsordnung, § 13
        <span className="visually-hidden"> (öffnet in neuem Tab)</span>
      </a>
      ).
    </p>
  )
}

/** "Gleise und Bahnsteige": each platform with its tracks, length and height, and what the heights mean. */
export function TrackSection({ name, state }: { name: string; state: StationSiteState }) {
  const rows = state.status === 'ready' && state.site ? platformRows(state.site.tracks) : []
  return (
    <section className="station-section track-section" aria-labelledby="gleise">
      <h2 id="gleise">Gleise und Bahnsteige</h2>
      {state.status === 'loading' && <p aria-live="polite">Gleise werden geladen …</p>}
      {state.status === 'not-kept' && (
        <p>Ihr Gerät ist offline, und die Gleise dieses Bahnhofs sind auf ihm nicht gespeichert.</p>
      )}
      {state.status === 'error' && <p role="alert">Die Gleise konnten gerade nicht geladen werden.</p>}
      {state.status === 'ready' && rows.length === 0 && (
        <p>Zu diesem Bahnhof hat die Bahn keine Bahnsteigdaten veröffentlicht.</p>
      )}
      {state.status === 'ready' && state.site && rows.length > 0 && (
        <>
          <div className="site-table">
            <table>
              <caption className="visually-hidden">Gleise von {name}, nach Bahnsteig</caption>
              <thead>
                <tr>
                  <th scope="col">Gleis</th>
                  <th scope="col">Bahnsteig</th>
                  <th scope="col">Länge</th>
                  <th scope="col">Höhe</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.platform}>
                    <th scope="row">{trackNames(row.tracks)}</th>
                    <td>{row.platform}</td>
                    <td>{METRES.format(row.length)} m</td>
                    <td>{row.height} cm</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <HeightsExplained />
          <SourceNote source={state.site.sources.tracks} />
        </>
      )}
    </section>
  )
}
