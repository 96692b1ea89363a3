import type { ReactNode } from 'react'
import { Message, type Translate, useMessages } from '../i18n/intl.tsx'
import type { FactsSource, Track } from '../shared/station-site.ts'
import { useDates } from '../shared/use-dates.ts'
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
function trackNames(tracks: readonly string[], t: Translate): string {
  if (tracks.length < 2) return tracks.join('')
  return t('tracks.list', { first: tracks.slice(0, -1).join(', '), last: tracks.at(-1) ?? '' })
}

/** Where the data comes from and how old it is: never live. */
export function SourceNote({ source }: { source: FactsSource }) {
  const t = useMessages()
  const { formatStand } = useDates()
  return (
    <p className="fact-note site-source">
      {source.stand && <>{t('stationSite.asOf', { date: formatStand(source.stand) })} · </>}
      {/* The data's licence as its source states it, in German. */}
      <span lang="de">{source.licence}</span>
    </p>
  )
}

/** The sentence on what the heights mean for boarding, with the rule it cites. */
function HeightsExplained() {
  const t = useMessages()
  const rule = (chunks: ReactNode[]) => (
    <a href={PLATFORM_HEIGHT_RULE} target="_blank" rel="noopener noreferrer">
      {chunks}
      <span className="visually-hidden">{` ${t('link.newTab')}`}</span>
    </a>
  )
  return (
    <p className="site-explained">
      <Message id="tracks.heightsExplained" values={{ rule }} />
    </p>
  )
}

/** "Gleise und Bahnsteige": each platform with its tracks, length and height, and what the heights mean. */
export function TrackSection({ name, state }: { name: string; state: StationSiteState }) {
  const t = useMessages()
  const rows = state.status === 'ready' && state.site ? platformRows(state.site.tracks) : []
  return (
    <section className="station-section track-section" aria-labelledby="gleise">
      <h2 id="gleise">
        <Message id="tracks.heading" />
      </h2>
      {state.status === 'loading' && (
        <p aria-live="polite">
          <Message id="tracks.loading" />
        </p>
      )}
      {state.status === 'not-kept' && (
        <p>
          <Message id="tracks.notKept" />
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert">
          <Message id="tracks.error" />
        </p>
      )}
      {state.status === 'ready' && rows.length === 0 && (
        <p>
          <Message id="tracks.none" />
        </p>
      )}
      {state.status === 'ready' && state.site && rows.length > 0 && (
        <>
          <div className="site-table">
            <table>
              <caption className="visually-hidden">
                <Message id="tracks.caption" values={{ name }} />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Message id="tracks.track" />
                  </th>
                  <th scope="col">
                    <Message id="tracks.platform" />
                  </th>
                  <th scope="col">
                    <Message id="tracks.length" />
                  </th>
                  <th scope="col">
                    <Message id="tracks.height" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.platform}>
                    <th scope="row">{trackNames(row.tracks, t)}</th>
                    <td>{row.platform}</td>
                    <td>{t('tracks.lengthValue', { length: row.length })}</td>
                    <td>{t('tracks.heightValue', { height: row.height })}</td>
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
